/**
 * Parameter flows: methods of one, two and three reference parameters, called with distinct
 * objects, with one object passed twice, and with null. The profiler follows each parameter's
 * object through its method; an object passed twice is one flow, and null none.
 */
public class Params {
    static final class Box {
        int v;

        Box(int v) {
            this.v = v;
        }

        int plus(Box other) {
            return v + other.v;
        }
    }

    static int pair(Box a, Box b) {
        int s = a.v;
        if (b != null) s += b.v;
        return s;
    }

    static int triple(Box a, Box b, Box c) {
        return a.v + b.v + c.v;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long s = 0;
        for (int i = 0; i < n; i++) {
            Box x = new Box(i); // SITE x
            Box y = new Box(i + 1); // SITE y
            s += pair(x, y);
            s += pair(x, x);
            s += pair(y, null);
            s += triple(x, y, x);
            s += x.plus(y);
        }
        System.out.println(s);
    }
}

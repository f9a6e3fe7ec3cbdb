/** The euler `sub` shape: a fresh temporary returned to callers that mostly read and drop it. */
public class Euler {
    static final class Vec {
        final double x;
        final double y;

        Vec(double x, double y) {
            this.x = x;
            this.y = y;
        }

        Vec sub(Vec o) {
            return new Vec(x - o.x, y - o.y); // SITE sub
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        Vec[] kept = new Vec[n / 10 + 1];
        int k = 0;
        double total = 0;
        Vec a = new Vec(3, 4);
        for (int i = 0; i < n; i++) {
            Vec b = new Vec(i, 1); // SITE arg
            if (i % 10 == 0) {
                kept[k++] = a.sub(b);
            } else {
                Vec d = a.sub(b);
                total += d.x;
            }
        }
        System.out.println("total " + total + " kept " + k + " last " + kept[k - 1].x);
    }
}

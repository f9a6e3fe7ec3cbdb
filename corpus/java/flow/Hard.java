import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/** Bytecode shapes the instrumenter must keep verifier-clean; prints a checksum of everything. */
public class Hard {
    static class Base {
        final Object tag;

        Base(Object tag) {
            this.tag = tag;
        }
    }

    /** Constructor with allocations in the super(...) arguments and a try in the body. */
    static class Derived extends Base {
        final long wide;
        final double ratio;
        Object inner;

        Derived(int k) {
            super(k % 2 == 0 ? new StringBuilder("even") : new ArrayList<String>());
            long w = k;
            this.wide = w * 3_000_000_000L;
            this.ratio = k / 3.0;
            try {
                inner = k % 3 == 0 ? null : new int[k % 5 + 1];
                if (inner == null) {
                    throw new IllegalStateException("three");
                }
            } catch (IllegalStateException e) {
                inner = e.getMessage();
            } finally {
                wide2 = wide + 1;
            }
        }

        long wide2;

        Derived(String s) {
            this(s.length());
        }
    }

    static int sw(int k) {
        switch (k % 6) {
            case 0:
                return new Base("a").tag.hashCode() % 7;
            case 1:
                return 1;
            case 2:
                return 2 + new int[3].length;
            case 3:
            case 4:
                return 4;
            default:
                return -1;
        }
    }

    static int lookup(int k) {
        switch (k * 1000) {
            case 0:
                return 10;
            case 5000:
                return 11;
            case 100000:
                return 12;
            case -7000:
                return 13;
            default:
                return new Object[] {k}.length;
        }
    }

    static String strings(String s) {
        switch (s) {
            case "x":
                return "ex";
            case "yy":
                return "why";
            default:
                return s + "!";
        }
    }

    static long longs(long a, double b, long[] arr, double[] ds) {
        arr[0] = a * 2;
        ds[0] = b / 2;
        long[] copy = arr.clone();
        return copy[0] + (long) ds[0] + arr.length;
    }

    static int thrower(int k) {
        Object o = new Object();
        if (k % 4 == 0) {
            throw new IllegalArgumentException("k=" + k + o.getClass().getSimpleName());
        }
        return k;
    }

    static int catcher(int k) {
        int sum = 0;
        for (int i = 0; i < k; i++) {
            try {
                sum += thrower(i);
            } catch (IllegalArgumentException e) {
                sum -= e.getMessage().length();
            }
        }
        return sum;
    }

    static synchronized int locked(Object o) {
        synchronized (o) {
            return o.getClass().getSimpleName().length() & 1;
        }
    }

    static int lambdas(int n) {
        List<Supplier<Integer>> fs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final int j = i;
            int[] box = {i};
            fs.add(() -> j + box[0]);
        }
        Function<Integer, String> f = x -> "v" + x;
        int total = 0;
        for (Supplier<Integer> s : fs) {
            total += f.apply(s.get()).length();
        }
        Runnable r = Hard::staticTarget;
        r.run();
        return total;
    }

    static int counter;

    enum Color {
        RED,
        GREEN,
        BLUE
    }

    interface Shape {
        double area();

        default String describe() {
            return getClass().getSimpleName() + ":" + Math.round(area());
        }
    }

    record Circle(double r) implements Shape {
        public double area() {
            return Math.PI * r * r;
        }
    }

    record Square(double s) implements Shape {
        public double area() {
            return s * s;
        }
    }

    static int uninitializedOnStack(int k) {
        // branches between `new` and its constructor call: Uninitialized entries in stack maps
        Base b = new Base(k % 2 == 0 ? "x" : new StringBuilder("y").append(k).toString());
        Object[] pair = {new Base(k > 3 ? (Object) "big" : (Object) Integer.valueOf(k)), b};
        return pair.length + b.tag.toString().length();
    }

    static int enums(int k) {
        Color c = Color.values()[k % 3];
        switch (c) {
            case RED:
                return 1;
            case GREEN:
                return 2;
            default:
                return 3;
        }
    }

    static String shapes(int k) {
        Shape s = k % 2 == 0 ? new Circle(k) : new Square(k);
        return s.describe() + (s instanceof Circle ? "c" : "s") + s.hashCode() % 1;
    }

    static void staticTarget() {
        counter++;
    }

    static int[][] multi(int n) {
        int[][] m = new int[n][n + 1];
        for (int i = 0; i < n; i++) {
            m[i][i] = i;
        }
        return m;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        long check = 0;
        for (int k = 0; k < n; k++) {
            Derived d = k % 7 == 0 ? new Derived("s" + k) : new Derived(k);
            check += d.wide % 1000 + (long) d.ratio + d.wide2 % 10;
            check += sw(k) + lookup(k % 7 - 2) + strings(k % 3 == 0 ? "x" : "yy" + k).length();
            check += longs(k, k * 1.5, new long[2], new double[1]);
            check += locked(d);
            check += multi(k % 4 + 1)[0].length;
            check += uninitializedOnStack(k) + enums(k) + shapes(k).length();
        }
        check += catcher(n);
        check += lambdas(n);
        try {
            thrower(0);
        } catch (RuntimeException e) {
            check += 1;
        }
        System.out.println("hard " + check + " " + counter);
        if (args.length > 1) {
            System.exit(Integer.parseInt(args[1]));
        }
        if (n < 0) {
            throw new IllegalStateException("negative");
        }
    }
}

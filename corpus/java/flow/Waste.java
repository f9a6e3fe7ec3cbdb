/**
 * Planted waste with the shapes of corpus/objflow/waste/lib/waste.js: an options object nobody
 * reads, a temporary per loop iteration, cache entries never read back, and points returned to
 * the caller and used there (not waste).
 */
public class Waste {
    static final class Options {
        final boolean verbose;
        final int depth;

        Options(boolean verbose, int depth) {
            this.verbose = verbose;
            this.depth = depth;
        }
    }

    static final class Pair {
        final int a;
        final int b;

        Pair(int a, int b) {
            this.a = a;
            this.b = b;
        }
    }

    static final class Entry {
        final int value;
        final int at;

        Entry(int value, int at) {
            this.value = value;
            this.at = at;
        }
    }

    static final class Point {
        final int x;
        final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    static final Entry[] CACHE = new Entry[500];

    static int scale(int x, Options options) {
        return x * 2;
    }

    static int render(int i) {
        return scale(i, new Options(false, 3)); // SITE options
    }

    static long sumPairs(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Pair pair = new Pair(i, i + 1); // SITE pair
            sum += (long) pair.a * pair.b;
        }
        return sum;
    }

    static void remember(int key, int value) {
        CACHE[key] = new Entry(value, key); // SITE entry
    }

    static Point makePoint(int x, int y) {
        return new Point(x, y); // SITE point
    }

    static long total(int n) {
        long t = 0;
        for (int i = 0; i < n; i++) {
            Point p = makePoint(i, 2 * i);
            t += p.x + p.y;
        }
        return t;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 12000;
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += render(i);
        }
        for (int i = 0; i < 500; i++) {
            remember(i, i);
        }
        System.out.println(s + " " + sumPairs(n) + " " + total(1000));
    }
}

/**
 * Allocation sites whose ranks by objects and by bytes differ: few large arrays, many small
 * objects. Estimated bytes (compressed layout): `block` 416 per array, `plain` 16 per object,
 * `pair` 32 per object (header 12 + two longs, aligned to 8). `made` is allocated from two
 * callers, three times as often from `often` as from `rarely`.
 */
public class Sizes {
    static final class Pair {
        final long a;
        final long b;

        Pair(long a, long b) {
            this.a = a;
            this.b = b;
        }
    }

    static long[] make(int i) {
        return new long[] {i}; // SITE made
    }

    static long rarely(int i) {
        return make(i)[0];
    }

    static long often(int i) {
        long s = 0;
        for (int k = 0; k < 3; k++) {
            s += make(i + k)[0];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int[] block = new int[100]; // SITE block
            block[i % 100] = i;
            sum += block[(i + 1) % 100];
            Pair p = new Pair(i, i + 1); // SITE pair
            sum += p.a + p.b;
            for (int k = 0; k < 4; k++) {
                Object o = new Object(); // SITE plain
                sum += o.hashCode() & 1;
            }
        }
        for (int i = 0; i < n; i++) {
            sum += rarely(i) + often(i); // SITE callers
        }
        System.out.println(sum > 0);
    }
}

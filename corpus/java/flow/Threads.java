// Eight threads allocate at the same sites at once: counts must be exact (no lost updates) and
// "used" may never exceed "allocated". Items have the synthetic tag field; int[] arrays cannot and
// go through the runtime's weak table.
public class Threads {
    static final class Item {
        int v;
        Item(int v) {
            this.v = v;
        }
    }

    static final Object[] SINK = new Object[64];

    static long work(int n, int seed) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Item it = new Item(i + seed); // SITE item
            sum += it.v;
            int[] a = new int[2]; // SITE array
            a[0] = i;
            sum += a[0];
            SINK[(i + seed) & 63] = it;
        }
        return sum;
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int threads = 8;
        Thread[] ts = new Thread[threads];
        long[] sums = new long[threads];
        for (int t = 0; t < threads; t++) {
            final int k = t;
            ts[t] = new Thread(new Runnable() {
                public void run() {
                    sums[k] = work(n, k);
                }
            });
            ts[t].start();
        }
        long total = 0;
        for (int t = 0; t < threads; t++) {
            ts[t].join();
            total += sums[t];
        }
        System.out.println("total " + total);
    }
}

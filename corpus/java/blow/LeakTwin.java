import java.util.LinkedHashMap;
import java.util.Map;

/** Twin of LeakProblem: the same memo cache, bounded to the 16 most recent entries. */
public class LeakTwin {
    static final Map<Integer, long[]> CACHE = new LinkedHashMap<Integer, long[]>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, long[]> eldest) {
            return size() > 16;
        }
    };

    static long[] compute(int id) {
        long[] r = CACHE.get(id);
        if (r == null) {
            r = new long[32];
            r[0] = (long) id * id;
            CACHE.put(id, r);
        }
        return r;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += compute(i)[0] + compute(i)[0];
        }
        System.out.println("sum " + sum);
    }
}

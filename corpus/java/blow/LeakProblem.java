import java.util.HashMap;
import java.util.Map;

/** Planted leak: a memo cache keyed by request id that never evicts; old entries are never read again. */
public class LeakProblem {
    static final Map<Integer, long[]> CACHE = new HashMap<>();

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

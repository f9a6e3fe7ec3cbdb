import java.util.ArrayList;

/**
 * Planted over-population in a class that extends ArrayList: the history grows without bound
 * while only its last state is read, through methods the class inherits.
 */
public class SubclassedProblem {
    static final class History extends ArrayList<long[]> {
        long[] last() {
            return get(size() - 1);
        }
    }

    static final History HISTORY = new History();

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long acc = 0;
        for (int i = 0; i < n; i++) {
            long[] state = new long[8];
            state[0] = i * 3L + (HISTORY.isEmpty() ? 0 : HISTORY.last()[0] % 7);
            HISTORY.add(state);
            acc += HISTORY.last()[0];
        }
        System.out.println("acc " + acc);
    }
}

import java.util.ArrayList;
import java.util.List;

/** Planted over-population: a history list grows without bound while only its last element is read. */
public class OverpopulatedProblem {
    static final List<long[]> HISTORY = new ArrayList<>();

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long acc = 0;
        for (int i = 0; i < n; i++) {
            long[] state = new long[8];
            state[0] = i * 3L + (HISTORY.isEmpty() ? 0 : HISTORY.get(HISTORY.size() - 1)[0] % 7);
            HISTORY.add(state);
            acc += HISTORY.get(HISTORY.size() - 1)[0];
        }
        System.out.println("acc " + acc);
    }
}

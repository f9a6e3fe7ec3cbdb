import java.util.ArrayList;

/**
 * Twin of SubclassedProblem: the same growing history, read in full every 256 states through
 * the iterator it inherits from ArrayList.
 */
public class SubclassedTwin {
    static final class History extends ArrayList<long[]> {
        long[] last() {
            return get(size() - 1);
        }
    }

    static final History HISTORY = new History();

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long acc = 0;
        long check = 0;
        for (int i = 0; i < n; i++) {
            long[] state = new long[8];
            state[0] = i * 3L + (HISTORY.isEmpty() ? 0 : HISTORY.last()[0] % 7);
            HISTORY.add(state);
            acc += HISTORY.last()[0];
            if (i % 256 == 255) {
                for (long[] s : HISTORY) {
                    check += s[0] % 3;
                }
            }
        }
        System.out.println("acc " + acc + " check " + check);
    }
}

/** Twin of OverpopulatedProblem: only the last state is kept, in a field. */
public class OverpopulatedTwin {
    static long[] last;

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long acc = 0;
        for (int i = 0; i < n; i++) {
            long[] state = new long[8];
            state[0] = i * 3L + (last == null ? 0 : last[0] % 7);
            last = state;
            acc += last[0];
        }
        System.out.println("acc " + acc);
    }
}

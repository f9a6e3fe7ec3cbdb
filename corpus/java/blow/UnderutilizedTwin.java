import java.util.ArrayList;
import java.util.List;

/** Twin of UnderutilizedProblem: each group's ArrayList is sized for the two members it can hold. */
public class UnderutilizedTwin {
    static final List<List<Integer>> GROUPS = new ArrayList<>();

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) {
            List<Integer> g = new ArrayList<>(2);
            g.add(i);
            if (i % 2 == 0) {
                g.add(i + 1);
            }
            GROUPS.add(g);
        }
        long sum = 0;
        for (List<Integer> g : GROUPS) {
            for (int x : g) {
                sum += x;
            }
        }
        System.out.println("groups " + GROUPS.size() + " sum " + sum);
    }
}

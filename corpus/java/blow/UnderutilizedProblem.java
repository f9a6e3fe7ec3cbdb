import java.util.ArrayList;
import java.util.List;

/** Planted under-utilization: every group gets an ArrayList of capacity 1000 but holds 1-2 members. */
public class UnderutilizedProblem {
    static final List<List<Integer>> GROUPS = new ArrayList<>();

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) {
            List<Integer> g = new ArrayList<>(1000);
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

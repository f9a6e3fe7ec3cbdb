import java.util.HashMap;

/** The mst shape: boxed distances written into a map, only half of them read back. */
public class Mst {
    static final class Dist {
        final int d;

        Dist(int d) {
            this.d = d;
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        HashMap<Integer, Dist> table = new HashMap<>();
        for (int i = 0; i < n; i++) {
            table.put(i, new Dist(i * 7 % 13)); // SITE dist
        }
        long s = 0;
        for (int i = 0; i < n; i += 2) {
            s += table.get(i).d; // SITE read
        }
        System.out.println("mst " + s + " " + table.size());
    }
}

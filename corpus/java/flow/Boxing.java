import java.util.ArrayList;
import java.util.List;

/**
 * Boxing allocation sites: autoboxing compiles to `Integer.valueOf`, which allocates a new box
 * for values outside the cache (-128..127) and hands out a cached one inside it.
 */
public class Boxing {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        List<Integer> xs = new ArrayList<>();
        long sum = 0;
        int small = 0;
        for (int i = 0; i < n; i++) {
            xs.add(i + 1000); // SITE boxed
            Integer c = i % 100; // SITE cached
            small += c;
            Long wide = Long.valueOf(i * 3L + 500); // SITE wide
            if (i < 0) {
                sum += wide;
            }
        }
        for (int x : xs) {
            sum += x;
        }
        System.out.println(sum + " " + small);
    }
}

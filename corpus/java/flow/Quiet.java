import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Uses and stores in places the probes once missed: a list whose only use is a call inside a
 * static helper it is passed to as the first parameter, an object used only as a lock, an outer
 * instance stored into its inner object before the inner object's `super()`, a list that
 * `Collections.unmodifiableList` keeps inside the wrapper it returns, arrays of arrays, and an
 * array only `System.arraycopy` reads (a native method: it keeps neither array). And objects the
 * library may keep out of sight: one a factory returns to a caller that hands it to a method of
 * ours that wraps it in `Collections.singletonList`, one passed through
 * `Objects.requireNonNull` (which returns it), and a reader only used to build a
 * `BufferedReader` that keeps it.
 */
public class Quiet {
    static final List<Object> KEPT = new ArrayList<>();

    final class Inner {
        int get() {
            return id;
        }
    }

    final int id;

    Quiet(int id) {
        this.id = id;
    }

    static int size(List<Integer> list) {
        return list.size();
    }

    static Object made(int i) {
        return new int[] {i}; // SITE made
    }

    static int hold(Object o) {
        return Collections.singletonList(o).size();
    }

    public static void main(String[] args) throws IOException {
        int n = Integer.parseInt(args[0]);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            List<Integer> counted = new ArrayList<>(); // SITE counted
            sum += size(counted);
            Object lock = new Object(); // SITE lock
            synchronized (lock) {
                sum++;
            }
            Quiet outer = new Quiet(i); // SITE outer
            KEPT.add(outer.new Inner());
            List<Integer> wrapped = new ArrayList<>(); // SITE wrapped
            KEPT.add(Collections.unmodifiableList(wrapped));
            int[][] grid = new int[2][3]; // SITE grid
            Object[][] rows = new Object[i % 2 + 1][]; // SITE rows
            sum += grid[1].length + rows.length;
            int[] copied = new int[] {i, 1}; // SITE copied
            System.arraycopy(copied, 0, grid[0], 0, 2);
            sum += grid[0][0];
            sum += hold(made(i));
            Object checked = Objects.requireNonNull(new Object[] {rows}); // SITE nonnull
            sum += ((Object[]) checked).length;
            Reader source = new StringReader("q"); // SITE source
            sum += new BufferedReader(source).read();
        }
        for (Object o : KEPT) {
            if (o instanceof Inner) {
                sum += ((Inner) o).get();
            } else {
                sum += ((List<?>) o).size();
            }
        }
        System.out.println(sum);
    }
}

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * Objects that reach the JDK out of sight of the probes: a box made inside a `try` block and
 * returned (the return is a node of its own, reached on the operand stack), one stored by a call
 * written over two lines (the call's node holds no load of it), returned objects that the caller
 * hands to reflection (`Field.set` unboxes into an int field: a use the JDK makes) and to
 * `StringBuilder.append` (which calls its `toString`), an array a helper of ours hands to
 * reflection, a box stored by the `add` a class of ours inherits from ArrayList, and a planted
 * box that really is never used.
 */
public class Handoff {
    static final class Holder {
        int year;
    }

    static final List<Object> KEPT = new ArrayList<>();

    /** Its `add` is ArrayList's: a library call, whatever other classes of ours call `add`. */
    static final class Bag extends ArrayList<Object> {}

    /** An unrelated `add` of the same descriptor, which a call on a Bag never reaches. */
    static final class Sink {
        boolean add(Object o) {
            return false;
        }
    }

    static final Bag BAG = new Bag();

    static Number read(int x) {
        try {
            return x + 1000; // SITE boxed
        } catch (IllegalStateException e) {
            throw new RuntimeException(e);
        }
    }

    static Object tag(int x) {
        return Integer.valueOf(x + 500); // SITE tag
    }

    static int size(Object[] a) {
        return java.lang.reflect.Array.getLength(a);
    }

    static Object dropped(int x) {
        return Long.valueOf(x * 3000L); // SITE dropped
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Field year = Holder.class.getDeclaredField("year");
        Holder h = new Holder();
        StringBuilder out = new StringBuilder();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            year.set(h, read(i));
            sum += h.year;
            KEPT.add(
                    Long.valueOf(i * 1000L)); // SITE stored
            out.setLength(0);
            out.append(tag(i));
            sum += out.length();
            sum += size(new String[i % 3]); // SITE sized
            BAG.add(Integer.valueOf(i + 7000)); // SITE bagged
            dropped(i);
        }
        for (Object o : KEPT) {
            sum += (Long) o;
        }
        System.out.println(sum + " " + BAG.size() + " " + new Sink().add(BAG));
    }
}

import java.util.ArrayList;

/**
 * A list class of the program that inherits `add` and `get` from `ArrayList`: the library's code
 * stores the items and reads them back, although the calls name a class of the program. The
 * items are written to the heap once each; the list itself is used by every call.
 */
public class Inherited {
    static final class Items extends ArrayList<Object> {
        int total() {
            return size();
        }
    }

    static final class Item {
        final int v;

        Item(int v) {
            this.v = v;
        }
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Items items = new Items(); // SITE list
        for (int i = 0; i < n; i++) {
            items.add(new Item(i)); // SITE item
        }
        long sum = 0;
        for (int i = 0; i < items.total(); i++) {
            sum += ((Item) items.get(i)).v;
        }
        System.out.println(sum);
    }
}

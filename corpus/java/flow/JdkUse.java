import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Objects used only inside JDK code: keys of a map (hashed by the JDK), appended to a
 * StringBuilder, added to a list and printed by the JDK. None of them is never-used; the planted
 * `unused` object truly is.
 */
public class JdkUse {
    static final class Key {
        final int id;

        Key(int id) {
            this.id = id;
        }

        @Override
        public String toString() {
            return "k" + id;
        }
    }

    static final class Unused {
        final int id;

        Unused(int id) {
            this.id = id;
        }
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Map<Key, Integer> map = new HashMap<>();
        List<Key> list = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        int found = 0;
        for (int i = 0; i < n; i++) {
            Key inMap = new Key(i); // SITE map
            map.put(inMap, i);
            Key appended = new Key(i); // SITE append
            sb.setLength(0);
            sb.append(appended);
            Key listed = new Key(i); // SITE list
            list.add(listed);
            Unused unused = new Unused(i); // SITE unused
            if (sb.length() > 0 && map.get(inMap) != null) {
                found++;
            }
        }
        System.out.println(found + " " + list.toString().length() + " " + map.size());
    }
}

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Objects used only inside JDK code: keys of a map (hashed by the JDK), appended to a
 * StringBuilder or concatenated into a string (the JDK calls their inherited toString), added to
 * a list and printed by the JDK. None of them is never-used; the planted `unused` object truly
 * is, and so is `checked`, which only a JDK null check sees.
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

    /** No methods of its own: every use of it happens in JDK code. */
    static final class Plain {
        final int id;

        Plain(int id) {
            this.id = id;
        }
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Map<Key, Integer> map = new HashMap<>();
        List<Key> list = new ArrayList<>();
        List<Plain> kept = new ArrayList<>();
        int text = 0;
        int nulls = 0;
        StringBuilder sb = new StringBuilder();
        int found = 0;
        for (int i = 0; i < n; i++) {
            Key inMap = new Key(i); // SITE map
            map.put(inMap, i); // SITE value
            Key appended = new Key(i); // SITE append
            sb.setLength(0);
            sb.append(appended);
            Key listed = new Key(i); // SITE list
            list.add(listed);
            Unused unused = new Unused(i); // SITE unused
            Plain shown = new Plain(i); // SITE shown
            sb.append(shown);
            Plain joined = new Plain(i); // SITE joined
            String s = "p" + joined;
            text += s.length();
            Plain stored = new Plain(i); // SITE stored
            if (i % 100 == 0) {
                kept.add(stored);
            }
            Plain checked = new Plain(i); // SITE checked
            if (Objects.isNull(checked)) {
                nulls++;
            }
            if (sb.length() > 0 && map.get(inMap) != null) {
                found++;
            }
        }
        System.out.println(found + " " + list.toString().length() + " " + map.size() + " "
                + kept.size() + " " + (text > 0) + " " + nulls);
    }
}

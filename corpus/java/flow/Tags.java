import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * Objects of classes with and without decisionprof's synthetic tag field: a plain class (tagged
 * by the field), a Cloneable subclass (clones must not inherit a tag: the weak table is used),
 * a Serializable class (tagged by the field: its default serialVersionUID and serialized form
 * must not change).
 */
public class Tags {
    static final class Plain {
        int v;

        Plain(int v) {
            this.v = v;
        }
    }

    static class Base {
        int b;
    }

    static final class Copyable extends Base implements Cloneable {
        Copyable copy() throws CloneNotSupportedException {
            return (Copyable) clone();
        }
    }

    static final class Saved implements Serializable {
        int x = 3;
        String s = "saved";
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        List<Plain> kept = new ArrayList<>();
        List<Copyable> clones = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Plain p = new Plain(i); // SITE plain
            sum += p.v;
            if (i % 2 == 0) {
                kept.add(p);
            }
            Copyable c = new Copyable(); // SITE copy
            Copyable d = c.copy();
            d.b = i;
            clones.add(d);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
            o.writeObject(new Saved());
        }
        int h = 0;
        for (byte b : bytes.toByteArray()) {
            h = h * 31 + b;
        }
        int declared = 0;
        for (Field f : Saved.class.getDeclaredFields()) {
            if (!f.isSynthetic()) {
                declared++;
            }
        }
        System.out.println("sum " + sum + " kept " + kept.size() + " clones " + clones.size());
        System.out.println("suid " + ObjectStreamClass.lookup(Saved.class).getSerialVersionUID());
        System.out.println("serialized " + bytes.size() + " bytes, hash " + h + ", fields " + declared);
    }
}

package decisionprof;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.FileWriter;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.ref.WeakReference;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * decisionprof jvm-blow runtime: a side table of tracked objects (weak references, never a field
 * in the object) with use counters, and a GC hook that, after every collection, appends the live
 * heap bytes and every live tracked object's counters to a trace written at exit to the file
 * named by -Ddecisionprof.blow.out. Penalties and VSO are computed from the trace by decisionprof.
 *
 * Trace lines: "G gc liveBytes", then per live object "O id size reads writes elements capacity";
 * at exit "S id site" once per tracked object.
 */
public final class BlowRt {
    private BlowRt() {}

    /** One tracked object. */
    static final class Entry extends WeakReference<Object> {
        final int id;
        final String site;
        final long size;
        long reads;
        long writes;

        Entry(Object o, int id, String site) {
            super(o);
            this.id = id;
            this.site = site;
            this.size = shallowSize(o);
        }
    }

    private static final Map<Integer, ArrayList<Entry>> TABLE = new HashMap<>();
    private static final ArrayList<Entry> ALL = new ArrayList<>();
    private static final StringBuilder TRACE = new StringBuilder();
    private static final Map<Class<?>, Long> SIZES = new HashMap<>();
    private static int gcs;

    static {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter) {
                ((NotificationEmitter) gc).addNotificationListener(BlowRt::onGc, null, null);
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(BlowRt::dump));
    }

    /** Number of GCs recorded so far. */
    public static synchronized int gcCount() {
        return gcs;
    }

    /** Registers a newly allocated object of a tracked class, created at site. */
    public static synchronized void alloc(Object o, String site) {
        Entry e = new Entry(o, ALL.size(), site);
        ALL.add(e);
        TABLE.computeIfAbsent(System.identityHashCode(o), k -> new ArrayList<>(1)).add(e);
    }

    /** Records a read of a field or element of o. */
    public static synchronized void read(Object o) {
        Entry e = find(o);
        if (e != null) {
            e.reads++;
        }
    }

    /** Records a write of a field or element of o. */
    public static synchronized void write(Object o) {
        Entry e = find(o);
        if (e != null) {
            e.writes++;
        }
    }

    private static Entry find(Object o) {
        ArrayList<Entry> bucket = TABLE.get(System.identityHashCode(o));
        if (bucket == null) {
            return null;
        }
        for (Entry e : bucket) {
            if (e.get() == o) {
                return e;
            }
        }
        return null;
    }

    private static void onGc(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long live = 0;
        for (MemoryUsage u : info.getGcInfo().getMemoryUsageAfterGc().values()) {
            live += u.getUsed();
        }
        snapshot(live);
    }

    private static synchronized void snapshot(long live) {
        gcs++;
        TRACE.append("G ").append(gcs).append(' ').append(live).append('\n');
        for (Entry e : ALL) {
            Object o = e.get();
            if (o == null) {
                continue;
            }
            TRACE.append("O ").append(e.id).append(' ').append(e.size).append(' ').append(e.reads)
                    .append(' ').append(e.writes).append(' ').append(elements(o)).append(' ')
                    .append(capacity(o)).append('\n');
        }
    }

    private static long elements(Object o) {
        if (o instanceof Collection) {
            return ((Collection<?>) o).size();
        }
        if (o instanceof Map) {
            return ((Map<?, ?>) o).size();
        }
        return o.getClass().isArray() ? Array.getLength(o) : 0;
    }

    /** Slots of the backing array (needs --add-opens java.base/java.util=ALL-UNNAMED), else -1. */
    private static long capacity(Object o) {
        for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && f.getType().isArray()
                        && (f.getName().equals("elementData") || f.getName().equals("table")
                        || f.getName().equals("elements"))) {
                    try {
                        f.setAccessible(true);
                        Object a = f.get(o);
                        return a == null ? 0 : Array.getLength(a);
                    } catch (RuntimeException | IllegalAccessException ex) {
                        return -1;
                    }
                }
            }
        }
        return o.getClass().isArray() ? Array.getLength(o) : -1;
    }

    /** Shallow size with compressed oops: 12-byte header (16 for arrays), 8-byte alignment. */
    static synchronized long shallowSize(Object o) {
        Class<?> c = o.getClass();
        if (c.isArray()) {
            Class<?> t = c.getComponentType();
            long slot = t == long.class || t == double.class ? 8
                    : t == int.class || t == float.class || !t.isPrimitive() ? 4
                    : t == short.class || t == char.class ? 2 : 1;
            return align(16 + slot * Array.getLength(o));
        }
        Long known = SIZES.get(c);
        if (known != null) {
            return known;
        }
        long size = 12;
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                Class<?> t = f.getType();
                size += t == long.class || t == double.class ? 8
                        : t == int.class || t == float.class || !t.isPrimitive() ? 4
                        : t == short.class || t == char.class ? 2 : 1;
            }
        }
        size = align(size);
        SIZES.put(c, size);
        return size;
    }

    private static long align(long n) {
        return (n + 7) & ~7L;
    }

    private static synchronized void dump() {
        String out = System.getProperty("decisionprof.blow.out");
        if (out == null) {
            return;
        }
        for (Entry e : ALL) {
            TRACE.append("S ").append(e.id).append(' ').append(e.site).append('\n');
        }
        try (FileWriter w = new FileWriter(out)) {
            w.write(TRACE.toString());
        } catch (IOException ex) {
            System.err.println("decisionprof: cannot write " + out + ": " + ex);
        }
    }
}

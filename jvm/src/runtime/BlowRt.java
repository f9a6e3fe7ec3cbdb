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
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * decisionprof jvm-blow runtime: a side table of tracked objects (weak references, never a field
 * in the object) with use counters, and a GC hook that, after every collection, appends the live
 * heap bytes and every live tracked object's counters to a trace written at exit to the file
 * named by -Ddecisionprof.blow.out. Penalties and VSO are computed from the trace by decisionprof.
 *
 * Trace lines: "G gc liveBytes", then per live object
 * "O id size reads writes elements capacity positions" (positions: distinct element indices read
 * since the previous GC);
 * at exit "S id site" once per tracked object and "P id path" for every tracked object still
 * reachable from a static field of a class that allocated tracked objects (breadth-first by
 * reflection, so the path is a shortest one: "Leaky.CACHE -> ArrayList.elementData -> [3]").
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
        java.util.BitSet positions;

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
    private static final Set<Class<?>> ROOTS = new HashSet<>();
    private static final Set<String> SEEN_SITES = new HashSet<>();
    private static final int WALK_LIMIT = 2_000_000;
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
        if (SEEN_SITES.add(site)) {
            ROOTS.add(StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass());
        }
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

    /** Records a read of element index of container o (a list's get, an array load). */
    public static synchronized void readAt(Object o, int index) {
        Entry e = find(o);
        if (e != null) {
            e.reads++;
            if (e.positions == null) {
                e.positions = new java.util.BitSet();
            }
            e.positions.set(Math.max(index, 0));
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
                    .append(capacity(o)).append(' ')
                    .append(e.positions == null ? 0 : e.positions.cardinality()).append('\n');
            if (e.positions != null) {
                e.positions.clear();
            }
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

    /** Breadth-first walk from the static fields of ROOTS: object -> {parent or null, edge label}. */
    private static Map<Object, Object[]> walk() {
        Map<Object, Object[]> parents = new IdentityHashMap<>();
        ArrayDeque<Object> queue = new ArrayDeque<>();
        for (Class<?> c : ROOTS) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                    Object v = read(f, null);
                    if (v != null && !parents.containsKey(v)) {
                        parents.put(v, new Object[] {null, c.getSimpleName() + "." + f.getName()});
                        queue.add(v);
                    }
                }
            }
        }
        while (!queue.isEmpty() && parents.size() < WALK_LIMIT) {
            Object o = queue.poll();
            Class<?> c = o.getClass();
            if (c.isArray()) {
                if (!c.getComponentType().isPrimitive()) {
                    Object[] a = (Object[]) o;
                    for (int i = 0; i < a.length; i++) {
                        visit(parents, queue, o, a[i], "[" + i + "]");
                    }
                }
                continue;
            }
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !f.getType().isPrimitive()) {
                        visit(parents, queue, o, read(f, o), k.getSimpleName() + "." + f.getName());
                    }
                }
            }
        }
        return parents;
    }

    private static void visit(Map<Object, Object[]> parents, ArrayDeque<Object> queue, Object from, Object to,
            String label) {
        if (to != null && !parents.containsKey(to) && !(to instanceof Class)) {
            parents.put(to, new Object[] {from, label});
            queue.add(to);
        }
    }

    /** The field's value, or null when the module system hides it. */
    private static Object read(Field f, Object o) {
        try {
            f.setAccessible(true);
            return f.get(o);
        } catch (RuntimeException | IllegalAccessException ex) {
            return null;
        }
    }

    private static String path(Map<Object, Object[]> parents, Object o) {
        ArrayList<String> edges = new ArrayList<>();
        for (Object cur = o; cur != null; ) {
            Object[] p = parents.get(cur);
            edges.add((String) p[1]);
            cur = p[0];
        }
        StringBuilder sb = new StringBuilder();
        for (int i = edges.size() - 1; i >= 0; i--) {
            sb.append(edges.get(i)).append(i == 0 ? "" : " -> ");
        }
        return sb.toString();
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
        Map<Object, Object[]> parents = walk();
        for (Entry e : ALL) {
            Object o = e.get();
            if (o != null && parents.containsKey(o)) {
                TRACE.append("P ").append(e.id).append(' ').append(path(parents, o)).append('\n');
            }
        }
        try (FileWriter w = new FileWriter(out)) {
            w.write(TRACE.toString());
        } catch (IOException ex) {
            System.err.println("decisionprof: cannot write " + out + ": " + ex);
        }
    }
}

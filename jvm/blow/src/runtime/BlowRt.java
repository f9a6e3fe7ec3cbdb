package decisionprof;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.BufferedWriter;
import java.io.FileWriter;
import java.io.IOException;
import java.io.Writer;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
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
 * Live bytes are the heap pools' usage after the GC (non-heap pools such as Metaspace are left
 * out). With -Ddecisionprof.blow.every=N the runtime also forces a full GC after every N tracked
 * allocations and records it at once, so that short runs still see enough GCs.
 *
 * The size of a tracked container (a Collection or Map) is its retained size, estimated: the
 * object, its backing array, and its elements' shallow sizes (from up to 64 sampled elements).
 *
 * Trace lines, written as the program runs: "N k site" the first time allocation site k is seen,
 * "S id k" when a tracked object is allocated there; after
 * every GC "G gc liveBytes", then "D id" for tracked objects that died since the previous GC and
 * "O id size reads writes elements capacity positions" for live ones whose figures changed
 * (positions: distinct element indices read since the previous GC), and "M id m entries exits"
 * for each observed method m whose call counts on the object changed, then "Q id s s …" with the
 * last 32 method events since the previous GC in order (s = 2m for an entry, 2m+1 for an exit),
 * so the replay knows which came last; an object not mentioned is
 * live and unchanged, so a stale object costs nothing in the trace. At exit "P id path" for every
 * tracked object still reachable from a static field of a class that allocated tracked objects
 * (breadth-first by reflection, so the path is a shortest one:
 * "Leaky.CACHE -> ArrayList.elementData -> [3]").
 */
public final class BlowRt {
    private BlowRt() {}

    /** One tracked object. */
    static final class Entry extends WeakReference<Object> {
        final int id;
        final int hash;
        final long size;
        long reads;
        long writes;
        java.util.BitSet positions;
        /** What the trace last said of the object ("O" line fields); -2: never written. */
        long lastSize = -2;
        long lastReads;
        long lastWrites;
        long lastElements;
        long lastCapacity;
        /** Per observed method m: calls[2m] entries, calls[2m+1] exits; null until the first. */
        long[] calls;
        long[] lastCalls;
        /** The last RING method events (slots) since the previous GC, and how many there were. */
        int[] ring;
        long ringCount;

        Entry(Object o, int id, int hash) {
            super(o);
            this.id = id;
            this.hash = hash;
            this.size = shallowSize(o);
        }
    }

    private static final Map<Integer, ArrayList<Entry>> TABLE = new HashMap<>();
    private static final ArrayList<Entry> ALL = new ArrayList<>();
    private static final Map<String, Integer> SITE_IDS = new IdentityHashMap<>();
    private static Writer out;
    private static int nextId;
    private static final Map<Class<?>, Long> SIZES = new HashMap<>();
    private static final Map<Class<?>, Field> BACKING = new HashMap<>();
    private static final Set<Class<?>> ROOTS = new HashSet<>();
    private static final Set<String> SEEN_SITES = new HashSet<>();
    private static final Set<String> HEAP_POOLS = new HashSet<>();
    private static final int WALK_LIMIT = 2_000_000;
    private static final int SAMPLE = 64;
    private static final int RING = 32;
    private static long every = Long.getLong("decisionprof.blow.every", 0L);
    private static int gcs;
    private static long sinceForced;
    private static int forcedPending;
    private static long forced;
    private static final int FIRST_FORCED = 64;
    private static final int FORCED_PER_PERIOD = 8;

    static {
        String file = System.getProperty("decisionprof.blow.out");
        if (file != null) {
            try {
                out = new BufferedWriter(new FileWriter(file), 1 << 16);
            } catch (IOException ex) {
                System.err.println("decisionprof: cannot write " + file + ": " + ex);
            }
        }
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                HEAP_POOLS.add(p.getName());
            }
        }
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
        int hash = System.identityHashCode(o);
        Entry e = new Entry(o, nextId++, hash);
        ALL.add(e);
        TABLE.computeIfAbsent(hash, k -> new ArrayList<>(1)).add(e);
        Integer k = SITE_IDS.get(site);
        if (k == null) {
            k = SITE_IDS.size();
            SITE_IDS.put(site, k);
            emit("N " + k + " " + site + "\n");
        }
        emit("S ");
        emit(Integer.toString(e.id));
        emit(" ");
        emit(Integer.toString(k));
        emit("\n");
        tick();
    }

    /**
     * Counts one runtime event; every `every` events forces a full GC and records it at once. The
     * first FIRST_FORCED forced GCs come every `every` events; after them the period doubles every
     * FORCED_PER_PERIOD forced GCs, so a long run gets a number of GCs that grows with the
     * logarithm of its events, and the schedule depends on the program alone (not on timing).
     */
    private static void tick() {
        if (every <= 0 || ++sinceForced < every) {
            return;
        }
        sinceForced = 0;
        forcedPending++;
        System.gc();
        snapshot(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        if (++forced >= FIRST_FORCED && forced % FORCED_PER_PERIOD == 0) {
            every *= 2;
        }
    }

    private static void emit(String line) {
        if (out == null) {
            return;
        }
        try {
            out.write(line);
        } catch (IOException ex) {
            System.err.println("decisionprof: cannot write the jvm-blow trace: " + ex);
            out = null;
        }
    }

    /** Records a read of every element of container o (an iteration, a search). */
    public static synchronized void readAll(Object o) {
        Entry e = find(o);
        if (e != null) {
            e.reads++;
            long n = elements(o);
            if (n > 0) {
                if (e.positions == null) {
                    e.positions = new java.util.BitSet();
                }
                e.positions.set(0, (int) Math.min(n, Integer.MAX_VALUE));
            }
        }
        tick();
    }

    /** Records a read of a field or element of o. */
    public static synchronized void read(Object o) {
        Entry e = find(o);
        if (e != null) {
            e.reads++;
        }
        tick();
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
        tick();
    }

    /** Records an entry into observed method m (an index into the spec's method names) of o. */
    public static synchronized void enter(Object o, int m) {
        count(o, 2 * m);
    }

    /** Records a return or exceptional exit from observed method m of o. */
    public static synchronized void exit(Object o, int m) {
        count(o, 2 * m + 1);
    }

    private static void count(Object o, int slot) {
        Entry e = find(o);
        if (e != null) {
            if (e.calls == null || e.calls.length <= slot) {
                long[] grown = new long[(slot / 2 + 1) * 2];
                long[] last = new long[grown.length];
                if (e.calls != null) {
                    System.arraycopy(e.calls, 0, grown, 0, e.calls.length);
                    System.arraycopy(e.lastCalls, 0, last, 0, e.lastCalls.length);
                }
                e.calls = grown;
                e.lastCalls = last;
            }
            e.calls[slot]++;
            if (e.ring == null) {
                e.ring = new int[RING];
            }
            e.ring[(int) (e.ringCount++ % RING)] = slot;
        }
        tick();
    }

    /** Records a write of a field or element of o. */
    public static synchronized void write(Object o) {
        Entry e = find(o);
        if (e != null) {
            e.writes++;
        }
        tick();
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
        for (Map.Entry<String, MemoryUsage> u : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (HEAP_POOLS.contains(u.getKey())) {
                live += u.getValue().getUsed();
            }
        }
        synchronized (BlowRt.class) {
            // a GC this runtime forced was recorded when it returned
            if (forcedPending > 0 && "System.gc()".equals(info.getGcCause())) {
                forcedPending--;
                return;
            }
            snapshot(live);
        }
    }

    /**
     * Records one GC: "G gc live", then "D id" for tracked objects that died since the previous
     * record and "O …" for live ones whose figures changed or that were read by position (an
     * object the trace does not mention is live and unchanged).
     */
    private static synchronized void snapshot(long live) {
        gcs++;
        StringBuilder sb = new StringBuilder();
        sb.append("G ").append(gcs).append(' ').append(live).append('\n');
        java.util.Iterator<Entry> it = ALL.iterator();
        while (it.hasNext()) {
            Entry e = it.next();
            Object o = e.get();
            if (o == null) {
                it.remove();
                ArrayList<Entry> bucket = TABLE.get(e.hash);
                if (bucket != null && bucket.remove(e) && bucket.isEmpty()) {
                    TABLE.remove(e.hash);
                }
                if (e.lastSize != -2) {
                    appendCalls(sb, e);
                    sb.append("D ").append(e.id).append('\n');
                }
                continue;
            }
            long size = e.size + contents(o);
            long elements = elements(o);
            long capacity = capacity(o);
            int positions = e.positions == null ? 0 : e.positions.cardinality();
            if (positions > 0 || size != e.lastSize || e.reads != e.lastReads || e.writes != e.lastWrites
                    || elements != e.lastElements || capacity != e.lastCapacity) {
                sb.append("O ").append(e.id).append(' ').append(size).append(' ').append(e.reads)
                        .append(' ').append(e.writes).append(' ').append(elements).append(' ')
                        .append(capacity).append(' ').append(positions).append('\n');
                e.lastSize = size;
                e.lastReads = e.reads;
                e.lastWrites = e.writes;
                e.lastElements = elements;
                e.lastCapacity = capacity;
            }
            appendCalls(sb, e);
            if (e.positions != null) {
                e.positions.clear();
            }
        }
        emit(sb.toString());
    }

    /** "M" lines for the method call counts of e that changed, and "Q" with its last events. */
    private static void appendCalls(StringBuilder sb, Entry e) {
        if (e.calls != null) {
            for (int m = 0; m < e.calls.length; m += 2) {
                if (e.calls[m] != e.lastCalls[m] || e.calls[m + 1] != e.lastCalls[m + 1]) {
                    sb.append("M ").append(e.id).append(' ').append(m / 2).append(' ').append(e.calls[m])
                            .append(' ').append(e.calls[m + 1]).append('\n');
                    e.lastCalls[m] = e.calls[m];
                    e.lastCalls[m + 1] = e.calls[m + 1];
                }
            }
        }
        if (e.ringCount > 0) {
            sb.append("Q ").append(e.id);
            long n = Math.min(e.ringCount, RING);
            for (long i = e.ringCount - n; i < e.ringCount; i++) {
                sb.append(' ').append(e.ring[(int) (i % RING)]);
            }
            sb.append('\n');
            e.ringCount = 0;
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

    /**
     * The backing-array field of a container class (elementData, table, elements, else its first
     * array field), looked up once per class; null when there is none or it is not accessible.
     */
    private static Field backingField(Class<?> cls) {
        if (BACKING.containsKey(cls)) {
            return BACKING.get(cls);
        }
        Field found = null;
        for (Class<?> c = cls; c != null && found == null; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || !f.getType().isArray()) {
                    continue;
                }
                String n = f.getName();
                boolean named = n.equals("elementData") || n.equals("table") || n.equals("elements");
                if (named || found == null) {
                    found = f;
                }
                if (named) {
                    break;
                }
            }
        }
        if (found != null) {
            try {
                found.setAccessible(true);
            } catch (RuntimeException ex) {
                found = null;
            }
        }
        BACKING.put(cls, found);
        return found;
    }

    /** The backing array of a container (needs --add-opens java.base/java.util=ALL-UNNAMED), or null. */
    private static Object backing(Object o) {
        if (!(o instanceof Collection) && !(o instanceof Map)) {
            return null;
        }
        Field f = backingField(o.getClass());
        return f == null ? null : read(f, o);
    }

    /** Bytes a container holds beyond its own object: backing array plus sampled element sizes. */
    private static long contents(Object o) {
        Object a = backing(o);
        if (a == null) {
            return 0;
        }
        long bytes = shallowSize(a);
        if (a instanceof Object[]) {
            Object[] slots = (Object[]) a;
            long seen = 0;
            long sampled = 0;
            int step = Math.max(1, slots.length / SAMPLE);
            for (int i = 0; i < slots.length; i += step) {
                seen++;
                if (slots[i] != null) {
                    sampled += shallowSize(slots[i]);
                }
            }
            if (seen > 0) {
                bytes += sampled * slots.length / seen;
            }
        }
        return bytes;
    }

    /** Slots of the backing array (needs --add-opens java.base/java.util=ALL-UNNAMED), else -1. */
    private static long capacity(Object o) {
        if (o.getClass().isArray()) {
            return Array.getLength(o);
        }
        Object a = backing(o);
        return a == null ? -1 : Array.getLength(a);
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
        if (out == null) {
            return;
        }
        Map<Object, Object[]> parents = walk();
        StringBuilder sb = new StringBuilder();
        for (Entry e : ALL) {
            Object o = e.get();
            if (o != null && parents.containsKey(o)) {
                sb.append("P ").append(e.id).append(' ').append(path(parents, o)).append('\n');
            }
        }
        emit(sb.toString());
        try {
            out.close();
        } catch (IOException ex) {
            System.err.println("decisionprof: cannot write the jvm-blow trace: " + ex);
        }
        out = null;
    }
}

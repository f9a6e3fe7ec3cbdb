package decisionprof;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * decisionprof's flow-profiling runtime (Algorithm 3 of Mudduluru and Ramanathan, plus the
 * per-object bits of reference propagation profiling). Instrumented code calls the static
 * methods below; labels come from the binary side file named by -Ddecisionprof.side, results go to
 * -Ddecisionprof.out at JVM exit.
 */
public final class DpRt {
    private DpRt() {}

    /** Path of an object inside one invocation; `site` is the counter slot (site x context). */
    static final class Flow {
        int site;
        int from;
        int last;
        long sum;
    }

    /**
     * One invocation of an instrumented method; reused, with a small linear table first. The
     * rare map of a frame with many objects is handled by DpRt's own (never inlined) methods, so
     * the JIT does not compile the map's code into every probe that reaches a frame.
     */
    static final class Frame {
        int method;
        boolean burst;
        int n;
        Object[] keys = new Object[8];
        Flow[] flows = new Flow[8];
        IdentityHashMap<Object, Flow> big;

        Flow get(Object o) {
            if (big != null) return bigGet(this, o);
            Object[] k = keys;
            for (int i = 0; i < n; i++) if (k[i] == o) return flows[i];
            return null;
        }

        /** A flow for `o`, reusing the linear table's flows of earlier invocations. */
        Flow add(Object o) {
            if (big == null && n < keys.length) {
                Flow f = flows[n];
                if (f == null) flows[n] = f = new Flow();
                keys[n++] = o;
                return f;
            }
            return bigAdd(this, o);
        }
    }

    /** {@link Frame#get} in a frame's map (a runtime method: never inlined into the probes). */
    private static Flow bigGet(Frame f, Object o) {
        return f.big.get(o);
    }

    /** {@link Frame#add} past the linear table: the map (made from the table the first time). */
    private static Flow bigAdd(Frame fr, Object o) {
        if (fr.big == null) {
            fr.big = new IdentityHashMap<>();
            for (int i = 0; i < fr.n; i++) fr.big.put(fr.keys[i], fr.flows[i]);
        }
        Flow f = new Flow();
        fr.big.put(o, f);
        return f;
    }

    /** A finished path segment. */
    static final class Key {
        int method, site, from, to;
        long sum;

        Key(int method, int site, int from, int to, long sum) {
            this.method = method;
            this.site = site;
            this.from = from;
            this.to = to;
            this.sum = sum;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Key)) return false;
            Key k = (Key) o;
            return k.method == method && k.site == site && k.from == from && k.to == to && k.sum == sum;
        }

        @Override
        public int hashCode() {
            return (int) (((method * 31 + site) * 31 + from) * 31 + to + sum * 1000003L);
        }
    }

    /**
     * Finished path segments and their counts: an open-addressing table over one primitive array,
     * four longs per entry (method and site, from and to, sum, count; count 0 = empty), so a
     * lookup touches one cache line and makes no object.
     */
    static final class Paths {
        final long[] e;
        int size;

        Paths(int cap) {
            e = new long[4 * cap];
        }

        /** Entries the table has room for. */
        int capacity() {
            return e.length >> 2;
        }

        // entry i's method and site, its from and to, its sum and its count
        long ms(int i) {
            return e[4 * i];
        }

        long ft(int i) {
            return e[4 * i + 1];
        }

        long sum(int i) {
            return e[4 * i + 2];
        }

        long count(int i) {
            return e[4 * i + 3];
        }

        /**
         * The index in `e` of a segment's entry if it has been counted, else -1 - the index of
         * the empty entry where it goes.
         */
        int find(long m, long f, long sum) {
            long[] x = e;
            int mask = (x.length >> 2) - 1;
            int h = (int) mix(m * 0x9E3779B97F4A7C15L + f * 31 + sum) & mask;
            while (true) {
                int k = 4 * h;
                if (x[k + 3] == 0) return -1 - k;
                if (x[k] == m && x[k + 1] == f && x[k + 2] == sum) return k;
                h = (h + 1) & mask;
            }
        }

        /** Adds `c` to the count of a segment; returns the table to use from now on. */
        Paths add(long m, long f, long sum, long c) {
            return add(find(m, f, sum), m, f, sum, c);
        }

        /** {@link #add} at `k`, what {@link #find} returned for the segment. */
        Paths add(int k, long m, long f, long sum, long c) {
            long[] x = e;
            if (k >= 0) {
                x[k + 3] += c;
                return this;
            }
            k = -1 - k;
            x[k] = m;
            x[k + 1] = f;
            x[k + 2] = sum;
            x[k + 3] = c;
            if (++size * 2 <= capacity()) return this;
            Paths g = new Paths(capacity() * 2);
            for (int i = 0; i < capacity(); i++) if (count(i) != 0) g.add(ms(i), ft(i), sum(i), count(i));
            return g;
        }
    }

    /**
     * Counters per slot, interleaved: objects, heap objects, used objects, heap writes, heap reads,
     * bytes of arrays (instances are sized offline from their class), objects followed and, of
     * those, objects of the certain stratum (both all objects and none without sampling).
     */
    static final int C_ALLOC = 0, C_HEAP = 1, C_USED = 2, C_HW = 3, C_HR = 4, C_BYTES = 5, C_FOLLOWED = 6,
            C_CERTAIN = 7, COUNTERS = 8;

    /**
     * Per-thread state: a stack of reusable frames, the finished paths, and the thread's own
     * counters (merged at exit, so no update is lost and no lock sits on the allocation path).
     */
    static final class T {
        final Thread owner = Thread.currentThread();
        Frame[] stack = new Frame[64];
        int depth;
        Paths paths = new Paths(1024);
        /**
         * Per slot, the index in `paths` (while its array is `lastEntryOf`) of the entry the
         * slot's flows counted last.
         */
        final int[] lastEntry = new int[slots];
        long[] lastEntryOf;
        /** Sampling: path segments of burst-traced invocations, apart from the windows'. */
        Paths burstPaths = new Paths(64);
        /** Accesses checked since this thread's bursts began (bounded by BURST_WORK). */
        long burstWork;
        final long[] cnt = new long[slots * COUNTERS];
        /** Heap reads per (slot, method and instruction of the load). */
        Paths loads = new Paths(256);
        /** The last load seen and how many reads it had since (not yet in `loads`). */
        long loadSlot = -1, loadAt, loadRun;
        /** Sampled allocation stacks: "slot stack" -> estimated objects. */
        final HashMap<String, long[]> stacks = new HashMap<>();
        /** Xorshift state of the stack sampler (random, so loops cannot alias with it). */
        long rng = 0x9E3779B97F4A7C15L;
        /** Xorshift state of the object sampler (seeded from the plan, per thread). */
        long pick = mix(seed + THREAD_SEQ.incrementAndGet() * 0x632BE59BD9B4E019L) | 1;
        /**
         * Sampling: this thread's drawn allocations (past each slot's certain ones) up to and
         * including the next followed one; geometric, so the same as a draw per allocation.
         */
        long skip = gap(pick = xorshift(pick), logMissFollow);
        /** Allocations (past each slot's first STACK_FIRST) up to the next stack sample. */
        long stackSkip = gap(rng = xorshift(rng), logMissStack);
        /** The path window this thread's frames belong to (sampling: older frames are dropped). */
        int window;
        /** Sampling: per slot and group, the G_KINDS counters (allocated when used). */
        long[][] groups;
    }

    /** Weak identity tag of an allocated object; its flags change under its own lock. */
    static final class Tag extends WeakReference<Object> {
        final int hash;
        final int slot;
        final int group;
        /** False for a cached box recorded only so a repeat is not counted again. */
        final boolean followed;
        boolean heap, used;
        Tag next;

        /**
         * Sets the heap (or used) flag; true if this call set it. A flag is never cleared, so
         * one read set already needs no lock.
         */
        boolean mark(boolean heapFlag) {
            if (heapFlag ? heap : used) return false;
            return markLocked(heapFlag);
        }

        private synchronized boolean markLocked(boolean heapFlag) {
            if (heapFlag ? heap : used) return false;
            if (heapFlag) heap = true;
            else used = true;
            return true;
        }

        Tag(Object o, int hash, int slot, int group, boolean followed) {
            super(o);
            this.hash = hash;
            this.slot = slot;
            this.group = group;
            this.followed = followed;
        }
    }

    /** Name of the synthetic tag field the instrumenter adds to the jar's root classes. */
    static final String TAG_FIELD = "__dp$tag";
    /**
     * Bits of a tag field: slot + 1 in the low 26 bits, the group (below), heap and used; EARLY
     * alone (no slot) marks an object stored into the heap before it had its tag, that is while
     * its constructor ran (the allocation's probe tags it once the constructor returns).
     */
    static final int SLOT_MASK = (1 << 26) - 1, HEAP = 1 << 29, USED = 1 << 30, EARLY = 1 << 31;
    /**
     * A followed object's group (bits 26-28 of its tag) when sampling: its events are also
     * counted per group, so the spread between the random groups gives their interval.
     */
    static final int GROUP_SHIFT = 26, GROUPS = 8;
    /**
     * The group of the certain stratum: the first FIRST_FOLLOWED objects of each slot (per
     * thread) are always followed, so a site with few objects still gets verdicts; the others
     * are drawn at the rate into groups 0..CERTAIN-1.
     */
    static final int CERTAIN = GROUPS - 1, FIRST_FOLLOWED = 32;
    /** Per-group counters: heap writes, heap reads, used objects, heap objects. */
    static final int G_HW = 0, G_HR = 1, G_USED = 2, G_HEAP = 3, G_KINDS = 4;

    /**
     * How objects of one class are tagged: the tag field at offset `off` (read and written
     * through Unsafe: a VarHandle that is not a constant went through its invokers on every
     * access), or (if any was) the weak table.
     */
    static final class Info {
        final Class<?> cls;
        final long off;
        volatile boolean weak;

        Info(Class<?> cls, long off) {
            this.cls = cls;
            this.off = off;
        }

        boolean tagged() {
            return off >= 0;
        }
    }

    /** Unsafe, for the tag fields (null if the JDK withholds it: every class goes weak). */
    private static final sun.misc.Unsafe U = unsafe();

    /**
     * Whether tag fields are read and written (Unsafe is there): the probe gates the instrumenter
     * adds to tag roots read a tag themselves only then, and otherwise always call the probe.
     */
    public static final boolean FIELDS = U != null;

    private static sun.misc.Unsafe unsafe() {
        try {
            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static final ClassValue<Info> INFO = new ClassValue<Info>() {
        @Override
        protected Info computeValue(Class<?> c) {
            for (Class<?> k = c; k != null && U != null; k = k.getSuperclass()) {
                try {
                    java.lang.reflect.Field f = k.getDeclaredField(TAG_FIELD);
                    if (f.getType() != int.class) break;
                    return new Info(c, U.objectFieldOffset(f));
                } catch (NoSuchFieldException e) {
                    // look in the superclass
                } catch (RuntimeException e) {
                    break; // a hidden class or a record: no offset
                }
            }
            return new Info(c, -1);
        }
    };

    /** Direct-mapped cache of classes looked up, in front of the ClassValue. */
    private static final Info[] INFOS = new Info[4096];

    private static Info info(Object o) {
        Class<?> c = o.getClass();
        // the name's cached hash: Class.hashCode is a native call outside C2
        int h = c.getName().hashCode() & (INFOS.length - 1);
        Info i = INFOS[h];
        if (i != null && i.cls == c) return i;
        i = INFO.get(c);
        INFOS[h] = i;
        return i;
    }

    /**
     * Per thread stripe, the last object found untagged (or allocated and not followed), the
     * last tag found and the thread's state: a probe on an object just allocated and left out of
     * the sample needs no identity hash. A stripe is 16 references (a cache line): threads never
     * write one line.
     */
    private static final Object[] RECENT = new Object[64 * 16];

    /** The index of the current thread's stripe in RECENT (its miss; its hit is next). */
    private static int stripe() {
        // the id, not hashCode (a native call outside C2); ids are sequential, so stripes differ
        return ((int) Thread.currentThread().getId() & 63) << 4;
    }

    /** The current thread's state: its stripe of RECENT caches it in front of the thread local. */
    private static T local() {
        Thread me = Thread.currentThread();
        int k = ((int) me.getId() & 63) << 4;
        Object c = RECENT[k + 2];
        if (c != null && ((T) c).owner == me) return (T) c;
        T t = LOCAL.get();
        RECENT[k + 2] = t;
        return t;
    }

    /**
     * The (from, label) pairs of the HFG edges into each node, in compressed rows (see
     * `EdgeTable` in runtime.rs): method m's node v is slot edgeBase[m] + v, below edgeBase[m + 1];
     * slot k's pairs are edgePairs[edgeStart[k] .. edgeStart[k + 1]]. A node has few, so a short
     * scan finds a label. Static fields set by load() are declared before the static block
     * that runs it.
     */
    private static int[] edgeBase = {0};
    private static int[] edgeStart = {0};
    private static long[] edgePairs = new long[0];
    private static int[] exitNode = new int[0];
    private static int ctx = 1;
    /** Number of counter slots (sites x contexts), set by load(). */
    private static int slots = 1;
    /** Per site, the element size of the arrays it allocates (0: not an array site). */
    private static int[] elementSize = new int[0];
    /** What a site's objects are: K_WEAK (no tag field), K_BOX (a class the JDK caches). */
    static final int K_TAGGED = 1, K_WEAK = 2, K_BOX = 4;
    /** Per site, the kind of its objects (0: none allocated yet); a site allocates one class. */
    private static byte[] siteKind = new byte[0];
    /** Caller frames kept per sampled allocation stack (0: none sampled). */
    private static int stackDepth = 0;
    /**
     * The first STACK_FIRST objects of a slot have their stack taken, after them one in
     * STACK_PERIOD at random.
     */
    static final int STACK_FIRST = 8, STACK_PERIOD = 256;
    /**
     * The period in use: STACK_PERIOD, times 64 in a sampled run (a stack walk costs more than
     * the sampled probes of hundreds of objects; the estimates stay weighted).
     */
    private static int stackPeriod = STACK_PERIOD;

    /** One lock stripe of the weak tag table. */
    static final class Seg {
        Tag[] tags = new Tag[1 << 10];
        int count;
    }

    private static final Seg[] SEGS = new Seg[64];
    /**
     * A lock-free filter in front of the weak table: bit (identity hash) set when an object with
     * that hash was tagged, so objects never tagged are told apart without taking a lock.
     */
    private static final long[] MAYBE = new long[1 << 14];
    /** Offset of MAYBE's first element for Unsafe (no VarHandle: spinning its forms costs start-up). */
    private static final long MAYBE_BASE = U == null ? 0 : U.arrayBaseOffset(long[].class);

    /** Word `i` of the filter, read with volatile semantics. */
    private static long maybeWord(int i) {
        if (U == null) {
            synchronized (MAYBE) {
                return MAYBE[i];
            }
        }
        return U.getLongVolatile(MAYBE, MAYBE_BASE + ((long) i << 3));
    }

    /** Sets `bit` in word `i` of the filter atomically (stripes share words). */
    private static void maybeSet(int i, long bit) {
        if (U == null) {
            synchronized (MAYBE) {
                MAYBE[i] |= bit;
            }
            return;
        }
        long off = MAYBE_BASE + ((long) i << 3);
        for (;;) {
            long v = U.getLongVolatile(MAYBE, off);
            if ((v & bit) != 0 || U.compareAndSwapLong(MAYBE, off, v, v | bit)) return;
        }
    }

    /**
     * The sampling plan (-Ddecisionprof.rate, .seed, .period): objects are followed with
     * probability `rate`; path probes are on during sampled windows of `period` ms.
     */
    private static double rate = 1.0;
    private static long seed = 1;
    private static int periodMs = 1;
    /** Sampling at a rate below 1: the window sampler's threshold on a 53-bit draw. */
    private static long pickBelow = 1L << 53;
    /** log(1 - p) of the object sampler's and the stack sampler's probabilities p. */
    private static double logMissFollow = Double.NEGATIVE_INFINITY,
            logMissStack = Math.log1p(-1.0 / STACK_PERIOD);
    /** Sampling: objects are drawn, and their heap traffic counted per replicate group. */
    private static boolean grouped;
    private static final java.util.concurrent.atomic.AtomicLong THREAD_SEQ =
            new java.util.concurrent.atomic.AtomicLong();
    /** Path probes are on (always without sampling; in sampled windows with it). */
    private static volatile boolean paths = true;
    /** The current path window; frames of an earlier window are dropped. */
    private static volatile int window;
    /** Windows with path probes on, and all windows. */
    private static long windowsOn = 1, windowsAll = 1;
    /** Sites whose objects are followed (null: all): the property of a sampled run. */
    private static boolean[] only;
    private static final ArrayList<T> THREADS = new ArrayList<>();
    // anonymous classes rather than lambdas: no invokedynamic bootstrap at start-up
    private static final ThreadLocal<T> LOCAL = new ThreadLocal<T>() {
        @Override
        protected T initialValue() {
            T t = new T();
            synchronized (THREADS) {
                THREADS.add(t);
            }
            return t;
        }
    };

    static {
        load();
        Runtime.getRuntime().addShutdownHook(new Thread() {
            @Override
            public void run() {
                dump();
            }
        });
    }


    /** The next state of a xorshift generator (never 0 from a state that is not). */
    private static long xorshift(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x;
    }

    /**
     * Trials up to and including the next success of a Bernoulli(p) process, drawn from the
     * 53 high bits of `x` (`logMiss` = log(1 - p); at least 1, 1 when p is 1).
     */
    private static long gap(long x, double logMiss) {
        double u = ((x >>> 11) + 1) * 0x1.0p-53; // (0, 1]
        double g = Math.log(u) / logMiss;
        // p = 0 (NaN) or a gap beyond any run: never
        return g >= 0 && g < 1e18 ? 1 + (long) g : Long.MAX_VALUE;
    }

    private static long mix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        return k;
    }

    /** The label of edge from -> to of a method, or -1 if the HFG has no such edge. */
    private static long label(int method, int from, int to) {
        int[] base = edgeBase;
        if (method < 0 || method >= base.length - 1 || to < 0) return -1;
        int k = base[method] + to;
        if (k >= base[method + 1]) return -1;
        int[] start = edgeStart;
        long[] pairs = edgePairs;
        for (int i = start[k], end = start[k + 1]; i < end; i += 2) {
            if (pairs[i] == from) return pairs[i + 1];
        }
        return -1;
    }

    /** The next list of ints of `b` (its length, then its elements), copied at once. */
    private static int[] ints(java.nio.ByteBuffer b) {
        int[] a = new int[b.getInt()];
        b.asIntBuffer().get(a);
        b.position(b.position() + 4 * a.length);
        return a;
    }

    /** Reads the binary side file (see `write_side_file` in runtime.rs). */
    private static void load() {
        String side = System.getProperty("decisionprof.side");
        int sites = 0, methods = 0;
        int[] arrays = new int[0], exits = new int[0];
        if (side != null) {
            try {
                byte[] bytes;
                // java.io, not java.nio.file: the channel classes cost start-up
                try (java.io.FileInputStream in = new java.io.FileInputStream(side)) {
                    bytes = in.readAllBytes();
                }
                java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
                if (b.getInt() != 0x44505333) throw new IOException("not a decisionprof side file");
                sites = b.getInt();
                methods = b.getInt();
                ctx = Math.max(1, b.getInt());
                stackDepth = b.getInt();
                arrays = ints(b);
                exits = ints(b);
                int[] base = ints(b), start = ints(b);
                long[] pairs = new long[b.getInt()];
                b.asLongBuffer().get(pairs);
                if (base.length != methods + 1 || start.length != base[methods] + 1
                        || start[start.length - 1] != pairs.length) {
                    throw new IOException("inconsistent edge table");
                }
                edgeBase = base;
                edgeStart = start;
                edgePairs = pairs;
            } catch (IOException | RuntimeException e) {
                System.err.println("decisionprof: cannot read " + side + ": " + e);
                sites = methods = 0;
                arrays = exits = new int[0];
            }
        }
        exitNode = new int[methods];
        for (int i = 0; i + 1 < exits.length; i += 2) {
            if (exits[i] >= 0 && exits[i] < methods) exitNode[exits[i]] = exits[i + 1];
        }
        slots = Math.max(1, sites * ctx);
        elementSize = new int[sites];
        siteKind = new byte[sites];
        for (int i = 0; i + 1 < arrays.length; i += 2) {
            if (arrays[i] >= 0 && arrays[i] < sites) elementSize[arrays[i]] = arrays[i + 1];
        }
        for (int i = 0; i < SEGS.length; i++) SEGS[i] = new Seg();
        loadPlan(sites, methods);
    }

    /** Reads the sampling plan and starts the window thread when sampling. */
    private static void loadPlan(int sites, int methodCount) {
        try {
            rate = Double.parseDouble(System.getProperty("decisionprof.rate", "1"));
            seed = Long.parseLong(System.getProperty("decisionprof.seed", "1"));
            periodMs = Math.max(1, Integer.parseInt(System.getProperty("decisionprof.period", "1")));
        } catch (NumberFormatException e) {
            System.err.println("decisionprof: bad sampling plan: " + e);
            rate = 1.0;
        }
        String property = System.getProperty("decisionprof.only");
        if (property != null) {
            only = new boolean[sites];
            for (String x : property.split(",")) {
                try {
                    int k = Integer.parseInt(x.trim());
                    if (k >= 0 && k < sites) only[k] = true;
                } catch (NumberFormatException e) {
                    // not a site id: ignored
                }
            }
        }
        if (!(rate < 1.0)) return;
        rate = Math.max(rate, 0.0);
        pickBelow = (long) (rate * (1L << 53));
        grouped = true;
        stackPeriod = STACK_PERIOD * 64;
        logMissFollow = Math.log1p(-rate);
        logMissStack = Math.log1p(-1.0 / stackPeriod);
        calls = new int[methodCount];
        burstLeft = new int[methodCount];
        java.util.Arrays.fill(burstLeft, (int) BURST_WORK);
        bursting = new boolean[methodCount];
        java.util.Arrays.fill(bursting, true);
        paths = false;
        windowsOn = 0;
        windowsAll = 0;
        Thread w = new Thread("decisionprof-sampler") {
            @Override
            public void run() {
                long x = mix(seed ^ 0x5DEECE66DL) | 1;
                while (true) {
                    x = xorshift(x);
                    boolean on = (x >>> 11) < pickBelow;
                    synchronized (THREADS) {
                        windowsAll++;
                        if (on) windowsOn++;
                    }
                    // every switch starts an epoch: a window's frames never outlive it, and
                    // burst frames never run on into a window
                    if (on != paths) {
                        window++;
                        paths = on;
                    }
                    try {
                        Thread.sleep(periodMs);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        };
        w.setDaemon(true);
        w.start();
    }

    /** The thread's state, its frames dropped if they belong to an earlier path window. */
    private static T current() {
        T t = local();
        int w = window;
        if (t.window != w) {
            for (int k = 0; k < t.depth; k++) dropFrame(t.stack[k]);
            t.depth = 0;
            t.window = w;
        }
        return t;
    }

    /** Forgets a frame's objects without counting their (unfinished) paths. */
    private static void dropFrame(Frame f) {
        if (f == null) return;
        unburst(f);
        java.util.Arrays.fill(f.keys, 0, f.n, null);
        f.n = 0;
        f.big = null;
    }

    /** Counts a finished segment of a flow of frame `in` (a burst's apart from the windows'). */
    private static void count(T t, Frame in, Flow f, int to) {
        int method = in.method;
        long m = ((long) method << 32) | (f.site & 0xffffffffL);
        long ft = ((long) f.from << 32) | (to & 0xffffffffL);
        if (in.burst) {
            t.burstPaths = t.burstPaths.add(m, ft, f.sum, 1);
            return;
        }
        // a site's segments mostly repeat: its last entry first, a lookup only when it differs
        Paths p = t.paths;
        long[] x = p.e;
        int[] last = t.lastEntry;
        int s = f.site;
        boolean memo = s >= 0 && s < last.length;
        int k = memo && t.lastEntryOf == x ? last[s] : 0;
        if (x[k] != m || x[k + 1] != ft || x[k + 2] != f.sum || x[k + 3] == 0) {
            k = p.find(m, ft, f.sum);
            if (k < 0) {
                t.paths = p.add(k, m, ft, f.sum, 1);
                return;
            }
            if (t.lastEntryOf != x) {
                java.util.Arrays.fill(last, 0);
                t.lastEntryOf = x;
            }
            if (memo) last[s] = k;
        }
        x[k + 3]++;
    }

    /**
     * Sampling: the first BURST invocations of each method are traced whole even outside the
     * windows (adaptive bursty tracing: rarely run code is sampled at a high rate), so a method
     * run a few times still shows its objects' flow.
     */
    static final int BURST = 32;
    /**
     * Accesses a thread's bursts may check before they are abandoned unfinished: a burst keeps
     * every probe on, so a long-running invocation (a main loop) must not keep it on for good.
     */
    static final long BURST_WORK = 10_000;
    /** Per method: invocations seen so far, and whether it is still in its burst (sampling). */
    private static int[] calls;
    private static boolean[] bursting;
    /**
     * Per method, the accesses its bursts may still check, all threads together (updates may be
     * lost: a bound, not a count): eight threads running one long method stop tracing it after
     * about BURST_WORK accesses, not each after BURST_WORK of its own.
     */
    private static int[] burstLeft;

    /** Burst frames on the threads' stacks: while there are none, probes outside windows are off. */
    private static final java.util.concurrent.atomic.AtomicInteger LIVE_BURSTS =
            new java.util.concurrent.atomic.AtomicInteger();

    /** Whether path probes do anything now: in a window, or while some burst is traced. */
    private static boolean tracing() {
        return paths || LIVE_BURSTS.get() != 0;
    }

    private static boolean inBurst(int method) {
        boolean[] b = bursting;
        return b != null && method >= 0 && method < b.length && b[method];
    }

    /**
     * Whether method `method` runs its traced copy (sampled runs duplicate methods): path probes
     * are on, or the method is in its burst. Checked at its entry and at its loop headers.
     */
    public static boolean on(int method) {
        if (paths) return true;
        boolean[] b = bursting;
        return b != null && method >= 0 && method < b.length && b[method];
    }

    /**
     * Whether a method at a loop header goes on in (or moves to) its traced copy: path probes
     * are on, or it is in its burst and a burst is still traced (one that ran out of work
     * dropped its frames: the loop goes on untraced).
     */
    public static boolean stay(int method) {
        if (paths) return true;
        boolean[] b = bursting;
        return b != null && method >= 0 && method < b.length && b[method] && LIVE_BURSTS.get() != 0;
    }

    /** Method entry. */
    public static void enter(int method) {
        if (paths) enterOn(method, false);
        else if (inBurst(method)) burstEnter(method);
    }

    private static void burstEnter(int method) {
        if (++calls[method] > BURST) {
            bursting[method] = false;
            // invocations of it in flight stop being traced: a new epoch drops their frames
            window++;
            return;
        }
        enterOn(method, true);
    }

    /**
     * Method entry with its first reference parameter site: `enter(method)`, then
     * `param(o, method, site)`, in one call.
     */
    public static void enter1(Object o, int site, int method) {
        if (!paths) {
            enter(method);
            param(o, method, site);
            return;
        }
        Frame f = enterOn(method, false);
        if (o != null && site >= 0) begin(f.add(o), site * ctx, 0, 0);
    }

    /** Method entry with two reference parameter sites, as {@link #enter1}. */
    public static void enter2(Object o, int site, Object p, int pSite, int method) {
        if (!paths) {
            enter(method);
            param(o, method, site);
            param(p, method, pSite);
            return;
        }
        Frame f = enterOn(method, false);
        // {@link #track} on a frame just entered: no flow to look up, none of the site to end;
        // the same object passed twice is one flow
        if (o != null && site >= 0) begin(f.add(o), site * ctx, 0, 0);
        if (p != null && pSite >= 0 && p != o) begin(f.add(p), pSite * ctx, 0, 0);
    }

    private static Frame enterOn(int method, boolean burst) {
        T t = current();
        if (t.depth == t.stack.length) t.stack = java.util.Arrays.copyOf(t.stack, t.depth * 2);
        Frame f = t.stack[t.depth];
        if (f == null) t.stack[t.depth] = f = new Frame();
        f.method = method;
        f.burst = burst;
        if (burst) {
            if (t.depth == 0) t.burstWork = 0;
            LIVE_BURSTS.incrementAndGet();
        }
        f.n = 0;
        f.big = null;
        t.depth++;
        return f;
    }

    /** A burst frame leaves the stack. */
    private static void unburst(Frame f) {
        if (f.burst) {
            f.burst = false;
            LIVE_BURSTS.decrementAndGet();
        }
    }

    private static void finish(T t, Frame f) {
        int m = f.method;
        int exit = m < exitNode.length ? exitNode[m] : -1;
        if (f.big != null) {
            finishBig(t, f, exit);
        } else {
            for (int i = 0; i < f.n; i++) end(t, f, exit, f.flows[i]);
        }
        // the flows stay for the frame's next invocation; the objects go
        java.util.Arrays.fill(f.keys, 0, f.n, null);
        f.n = 0;
        unburst(f);
    }

    private static void finishBig(T t, Frame f, int exit) {
        for (Flow fl : f.big.values()) end(t, f, exit, fl);
        f.big = null;
    }

    /** Ends a flow of frame `in` at the method's exit `exit` (or where it was last seen). */
    private static void end(T t, Frame in, int exit, Flow fl) {
        long l = label(in.method, fl.last, exit);
        if (l >= 0) {
            fl.sum += l;
            count(t, in, fl, exit);
        } else {
            count(t, in, fl, fl.last);
        }
    }

    /** Method exit, normal or exceptional: finishes every path of the invocation. */
    public static void exit(int method) {
        if (tracing()) exitOn(method);
    }

    private static void exitOn(int method) {
        T t = current();
        int k = frame(t, method);
        if (k < 0) return;
        finish(t, t.stack[k]);
        t.depth = k;
    }

    /** The index of the innermost frame of `method`, closing frames above it (left open by exceptions). */
    private static int frame(T t, int method) {
        int k = t.depth - 1;
        while (k >= 0 && t.stack[k].method != method) k--;
        if (k < 0) return -1;
        for (int j = t.depth - 1; j > k; j--) finish(t, t.stack[j]);
        t.depth = k + 1;
        return k;
    }

    private static void track(int method, Object o, int site, int node, long start) {
        if (!tracing()) return;
        T t = current();
        int k = frame(t, method);
        if (k < 0) return;
        Frame f = t.stack[k];
        if (f.get(o) != null) return; // the same object seen again as another parameter
        // the site allocates again in this invocation: the previous object's flow through the
        // locals is over (its path ends here), so frames stay as small as the method's sites
        Flow fl = null;
        if (f.big == null) {
            for (int i = 0; i < f.n; i++) {
                if (f.flows[i].site == site) {
                    fl = f.flows[i];
                    endAt(t, f, fl);
                    f.keys[i] = o;
                    break;
                }
            }
        } else {
            fl = restartBig(t, f, o, site);
        }
        begin(fl != null ? fl : f.add(o), site, node, start);
    }

    /** Starts flow `fl` of site (slot) `site` at node `node` with the label `start` of start → node. */
    private static void begin(Flow fl, int site, int node, long start) {
        fl.site = site;
        fl.from = 0;
        fl.last = node;
        fl.sum = start;
    }

    /** {@link #track}'s search of a frame's map: the flow of the site's previous object, ended. */
    private static Flow restartBig(T t, Frame f, Object o, int site) {
        Object old = null;
        Flow fl = null;
        for (Map.Entry<Object, Flow> e : f.big.entrySet()) {
            if (e.getValue().site == site) {
                old = e.getKey();
                fl = e.getValue();
                break;
            }
        }
        if (old != null) {
            endAt(t, f, fl);
            f.big.remove(old);
            f.big.put(o, fl);
        }
        return fl;
    }

    private static void endAt(T t, Frame in, Flow fl) {
        int method = in.method;
        end(t, in, method < exitNode.length ? exitNode[method] : -1, fl);
    }

    /** A reference parameter of a method (site: the parameter's site id). */
    public static void param(Object o, int method, int site) {
        if (tracing() && o != null && site >= 0) track(method, o, site * ctx, 0, 0);
    }

    /** An allocation at node `node`, `start` the label of HFG start -> node. */
    public static void alloc(Object o, int method, int site, int node, long start) {
        int slot = tag(o, site, null);
        if (slot >= 0 && node >= 0) track(method, o, slot, node, start);
    }

    /** An allocation in an instance method: the receiver gives the object-sensitive context. */
    public static void allocR(Object o, Object recv, int method, int site, int node, long start) {
        int slot = tag(o, site, recv);
        if (slot >= 0 && node >= 0) track(method, o, slot, node, start);
    }

    /** An access to `o` at node `node` of `method`. */
    public static void acc(Object o, int method, int node) {
        if (tracing()) accOn(o, method, node);
    }

    private static void accOn(Object o, int method, int node) {
        T t = current();
        if (!paths && ++t.burstWork > BURST_WORK) {
            // outside windows only bursts are on the stack: abandon them
            for (int k = 0; k < t.depth; k++) dropFrame(t.stack[k]);
            t.depth = 0;
            return;
        }
        if (!paths && method >= 0 && method < burstLeft.length && --burstLeft[method] == 0) {
            // the method's burst is over in every thread: a new epoch drops its frames
            bursting[method] = false;
            window++;
            return;
        }
        int d = t.depth - 1;
        if (d < 0) return;
        Frame f = t.stack[d];
        if (f.method != method) {
            d = frame(t, method);
            if (d < 0) return;
            f = t.stack[d];
        }
        if (f.n == 0 && f.big == null) return;
        Flow fl = f.get(o);
        if (fl == null || fl.last == node) return;
        long l = label(method, fl.last, node);
        if (l >= 0) {
            fl.sum += l;
            fl.last = node;
            return;
        }
        // no HFG edge (a loop-carried flow): the segment ends here and a new one starts at node
        count(t, f, fl, fl.last);
        fl.from = node;
        fl.sum = 0;
        fl.last = node;
    }

    /** Forgets `o` as untagged in every stripe (a cached box met before it was tagged). */
    private static void forgetMiss(Object o) {
        for (int k = 0; k < RECENT.length; k += 16) if (RECENT[k] == o) RECENT[k] = null;
    }

    /**
     * The bytes of array `o` of `es`-byte elements: header 16 bytes (compressed class pointers),
     * elements, 8-byte alignment (no reflection: Array.getLength is a native call).
     */
    private static long arrayBytes(Object o, int es) {
        int n = 0;
        if (o instanceof Object[]) n = ((Object[]) o).length;
        else if (o instanceof int[]) n = ((int[]) o).length;
        else if (o instanceof byte[]) n = ((byte[]) o).length;
        else if (o instanceof char[]) n = ((char[]) o).length;
        else if (o instanceof long[]) n = ((long[]) o).length;
        else if (o instanceof double[]) n = ((double[]) o).length;
        else if (o instanceof float[]) n = ((float[]) o).length;
        else if (o instanceof short[]) n = ((short[]) o).length;
        else if (o instanceof boolean[]) n = ((boolean[]) o).length;
        return (16 + (long) n * es + 7) & ~7L;
    }

    private static Seg seg(int h) {
        return SEGS[(h * 0x9E3779B9) >>> 26];
    }

    private static Tag find(Object o) {
        int k = stripe();
        Object[] recent = RECENT;
        if (o == recent[k]) return null;
        Object c = recent[k + 1];
        if (c != null && ((Tag) c).get() == o) return (Tag) c;
        int h = System.identityHashCode(o);
        if ((maybeWord((h >>> 6) & (MAYBE.length - 1)) & (1L << h)) == 0) {
            return null;
        }
        Seg s = seg(h);
        Tag hit = findUnlocked(s, o, h);
        if (hit != null && hit.followed) {
            recent[k + 1] = hit;
            return hit;
        }
        synchronized (s) {
            Tag[] tt = s.tags;
            for (Tag x = tt[h & (tt.length - 1)]; x != null; x = x.next) {
                if (x.hash == h && x.get() == o) {
                    if (!x.followed) break; // a cached box the sample left out
                    recent[k + 1] = x;
                    return x;
                }
            }
        }
        recent[k] = o;
        return null;
    }

    /**
     * The tag of `o` (identity hash `h`) if a read of its bucket without the lock meets it, else
     * null. A tag found is right: tags are unlinked only once their object is gone, and their
     * fields are final. A miss may be a writer's link not yet seen: the caller looks again under
     * the lock. The walk is bounded, as a rehash under way relinks the chain it follows.
     */
    private static Tag findUnlocked(Seg s, Object o, int h) {
        Tag[] tt = s.tags;
        Tag x = tt[h & (tt.length - 1)];
        for (int steps = 0; x != null && steps < 8; steps++, x = x.next) {
            if (x.hash == h && x.get() == o) return x;
        }
        return null;
    }

    /** The slot of a tagged object, or -1. */
    private static int slotOf(Object o) {
        Info i = info(o);
        if (i.tagged()) return (U.getInt(o, i.off) & SLOT_MASK) - 1;
        if (!i.weak) return -1;
        Tag t = find(o);
        return t == null ? -1 : t.slot;
    }

    /**
     * Tags a new object with its site and returns its counter slot (site x context); -1 if it is
     * no new object (null, a cached box).
     */
    private static int tag(Object o, int site, Object recv) {
        if (o == null || site < 0) return -1;
        int slot = ctx > 1 && recv != null ? site * ctx + context(recv) : site * ctx;
        if (slot >= slots) return -1;
        boolean[] on = only;
        if (on != null && (site >= on.length || !on[site])) {
            RECENT[stripe()] = o; // outside the property: never tagged
            return -1;
        }
        T t = local();
        long[] cnt = t.cnt;
        int base = slot * COUNTERS;
        if (grouped && t.skip > 1 && cnt[base + C_ALLOC] >= FIRST_FOLLOWED) {
            // left out of the sample, no stack to take: counted and nothing else
            int es = elementSize[site];
            int kind = es != 0 ? K_WEAK : siteKind[site];
            if (kind != 0 && (kind & K_BOX) == 0 && (stackDepth == 0 || t.stackSkip > 1)) {
                t.skip--;
                cnt[base + C_ALLOC]++;
                if (stackDepth > 0) t.stackSkip--;
                if (es != 0) cnt[base + C_BYTES] += arrayBytes(o, es);
                if ((kind & K_WEAK) != 0) RECENT[stripe()] = o;
                return -1;
            }
        }
        return tagged(o, site, slot, t, cnt, base);
    }

    /** The rest of {@link #tag}: the sample's draw, the tag, stacks. */
    private static int tagged(Object o, int site, int slot, T t, long[] cnt, int base) {
        boolean follow = true;
        int group = 0;
        if (grouped) {
            if (cnt[base + C_ALLOC] < FIRST_FOLLOWED) {
                group = CERTAIN;
            } else if (--t.skip > 0) {
                follow = false;
            } else {
                long x = t.pick = xorshift(t.pick);
                // the low half, scaled: no long division
                group = (int) (((x & 0xffffffffL) * CERTAIN) >>> 32);
                t.skip = gap(t.pick = xorshift(x), logMissFollow);
            }
        }
        int es = elementSize[site];
        int kind = es != 0 ? K_WEAK : siteKind[site];
        if (kind == 0) siteKind[site] = (byte) (kind = kindOf(o));
        // a box the JDK may hand out again is recorded, followed or not, so a repeat is known
        int marked = follow || (grouped && (kind & K_BOX) != 0 && cachedBox(o))
                ? mark(o, slot, group, follow, (kind & K_BOX) != 0)
                : MARKED;
        if (marked == NOT_NEW) return -1;
        long n = ++cnt[base + C_ALLOC];
        if (follow) {
            cnt[base + C_FOLLOWED]++;
            if (group == CERTAIN) cnt[base + C_CERTAIN]++;
        }
        if (marked == MARKED_IN_HEAP) {
            // its constructor stored it: one heap write at least, and a heap object
            cnt[base + C_HW]++;
            cnt[base + C_HEAP]++;
            if (grouped) {
                countGroup(t, slot, group, G_HW);
                countGroup(t, slot, group, G_HEAP);
            }
        }
        if (stackDepth > 0) {
            if (n <= STACK_FIRST) {
                sampleStack(t, slot, 1);
            } else if (--t.stackSkip <= 0) {
                t.stackSkip = gap(t.rng = xorshift(t.rng), logMissStack);
                sampleStack(t, slot, stackPeriod);
            }
        }
        if (es != 0) cnt[base + C_BYTES] += arrayBytes(o, es);
        if (follow) return slot;
        // only the weak table's lookups read the miss (a store there costs a GC barrier)
        if ((kind & K_WEAK) != 0) RECENT[stripe()] = o;
        return -1;
    }

    /** The kind (K_TAGGED or K_WEAK, with K_BOX for a class the JDK caches) of `o`'s class. */
    private static int kindOf(Object o) {
        int k = info(o).tagged() ? K_TAGGED : K_WEAK;
        return boxClass(o) ? k | K_BOX : k;
    }

    /** Whether `o` is of a box class whose small values the JDK caches. */
    private static boolean boxClass(Object o) {
        return o instanceof Integer || o instanceof Long || o instanceof Short
                || o instanceof Character || o instanceof Byte || o instanceof Boolean;
    }

    /** The object-sensitive context of an allocation by receiver `recv` (0 if it has none). */
    private static int context(Object recv) {
        int rs = slotOf(recv);
        return rs >= 0 ? (rs / ctx) % ctx : 0;
    }

    /** What {@link #mark} did: tagged a new object, one its constructor stored, or none. */
    static final int MARKED = 0, MARKED_IN_HEAP = 1, NOT_NEW = 2;

    /**
     * Writes the tag of a new object (its field, or the weak table): MARKED, MARKED_IN_HEAP if
     * its constructor stored it into the heap (EARLY), NOT_NEW if the object had a tag already
     * (a cached box handed out again: no new object).
     */
    private static int mark(Object o, int slot, int group, boolean follow, boolean box) {
        Info i = info(o);
        if (i.tagged() && slot < SLOT_MASK) {
            // only this thread tags it; another one may set EARLY only after a store made it
            // visible, which set EARLY first
            boolean early = (U.getInt(o, i.off) & EARLY) != 0;
            U.putInt(o, i.off, (slot + 1) | (group << GROUP_SHIFT) | (early ? HEAP : 0));
            return early ? MARKED_IN_HEAP : MARKED;
        }
        if (!i.weak) i.weak = true;
        return weakTag(o, slot, group, follow, box) ? MARKED : NOT_NEW;
    }

    /**
     * A box the JDK may hand out again (Integer.valueOf(-128..127) and the like): recorded when
     * sampling even if not followed, so a repeated one is recognised and counted once.
     */
    private static boolean cachedBox(Object o) {
        if (o instanceof Integer) return (int) (Integer) o >= -128 && (int) (Integer) o <= 127;
        if (o instanceof Long) return (long) (Long) o >= -128 && (long) (Long) o <= 127;
        if (o instanceof Short) return (short) (Short) o >= -128 && (short) (Short) o <= 127;
        if (o instanceof Character) return (char) (Character) o <= 127;
        return o instanceof Byte || o instanceof Boolean;
    }

    /**
     * Records the callers of the allocating method (up to stackDepth frames, the runtime's own
     * frames and the allocating method skipped) with the number of objects the sample stands for.
     */
    private static void sampleStack(T t, int slot, long weight) {
        StackTraceElement[] st = new Throwable().getStackTrace();
        int k = 0;
        while (k < st.length && "decisionprof.DpRt".equals(st[k].getClassName())) k++;
        k++; // the allocating method: the site already names it
        StringBuilder b = new StringBuilder();
        b.append(slot).append(' ');
        for (int d = 0; d < stackDepth && k < st.length; d++, k++) {
            if (d > 0) b.append(';');
            StackTraceElement e = st[k];
            b.append(e.getClassName()).append('.').append(e.getMethodName()).append(':')
                    .append(e.getLineNumber());
        }
        String key = b.toString();
        long[] c = t.stacks.get(key);
        if (c == null) t.stacks.put(key, new long[] {weight});
        else c[0] += weight;
    }

    /**
     * Tags `o` in the weak table (`followed`: its uses count); false if it already has a tag.
     * Only a box (`box`: the JDK may hand one out again) can have one: other new objects are
     * linked in without walking their bucket, whose collected entries {@link #rehash} drops.
     */
    private static boolean weakTag(Object o, int slot, int group, boolean followed, boolean box) {
        int h = System.identityHashCode(o);
        Seg s = seg(h);
        synchronized (s) {
            if (s.count > s.tags.length) rehash(s);
            Tag[] tt = s.tags;
            int b = h & (tt.length - 1);
            // unlink collected objects met in this bucket
            Tag prev = null;
            for (Tag x = box ? tt[b] : null; x != null; x = x.next) {
                Object v = x.get();
                if (v == o) return false;
                if (v == null) {
                    if (prev == null) tt[b] = x.next;
                    else prev.next = x.next;
                    s.count--;
                } else {
                    prev = x;
                }
            }
            Tag t = new Tag(o, h, slot, group, followed);
            // atomic: stripes share words of the filter
            maybeSet((h >>> 6) & (MAYBE.length - 1), 1L << h);
            // untagged until now: a probe in its constructor, or a cached box met before
            int k = stripe();
            if (RECENT[k] == o) RECENT[k] = null;
            if (cachedBox(o)) forgetMiss(o);
            t.next = tt[b];
            tt[b] = t;
            s.count++;
            return true;
        }
    }

    /** Drops the tags of collected objects of a stripe; grows it if still full. */
    private static void rehash(Seg s) {
        Tag[] tt = s.tags;
        int live = 0;
        for (Tag head : tt) for (Tag x = head; x != null; x = x.next) if (x.get() != null) live++;
        Tag[] nt = new Tag[live * 2 > tt.length ? tt.length * 2 : tt.length];
        for (Tag head : tt) {
            for (Tag x = head; x != null; ) {
                Tag n = x.next;
                if (x.get() != null) {
                    int b = x.hash & (nt.length - 1);
                    x.next = nt[b];
                    nt[b] = x;
                }
                x = n;
            }
        }
        s.count = live;
        s.tags = nt;
    }

    /** Sets a bit of a tag field atomically; the tag before if this call set it, else 0. */
    private static int setBit(long off, Object o, int bit) {
        for (;;) {
            int v = U.getInt(o, off);
            if ((v & SLOT_MASK) == 0 || (v & bit) != 0) return 0;
            if (U.compareAndSwapInt(o, off, v, v | bit)) return v;
        }
    }

    private static int slotOfTag(int v) {
        return (v & SLOT_MASK) - 1;
    }

    private static int groupOfTag(int v) {
        return (v >>> GROUP_SHIFT) & (GROUPS - 1);
    }

    /** `o` is used: a field read or written, a method invoked on it, an array element accessed. */
    public static void use(Object o) {
        if (o == null) return;
        Info i = info(o);
        if (i.tagged()) {
            int v = setBit(i.off, o, USED);
            if (v == 0) return;
            T t = local();
            t.cnt[slotOfTag(v) * COUNTERS + C_USED]++;
            if (grouped) countGroup(t, slotOfTag(v), groupOfTag(v), G_USED);
            return;
        }
        if (!i.weak) return;
        Tag g = find(o);
        if (g == null || !g.mark(false)) return;
        T t = local();
        t.cnt[g.slot * COUNTERS + C_USED]++;
        if (grouped) countGroup(t, g.slot, g.group, G_USED);
    }

    /** `o` is written into a field, a static, an array element or a collection. */
    public static void hw(Object o) {
        if (o == null) return;
        Info i = info(o);
        if (i.tagged()) {
            int v = U.getInt(o, i.off);
            if ((v & SLOT_MASK) == 0) {
                // no tag: being built, its constructor storing it (see mark), or not followed
                if (v == 0) U.compareAndSwapInt(o, i.off, 0, EARLY);
                return;
            }
            T t = local();
            int slot = slotOfTag(v), group = groupOfTag(v);
            t.cnt[slot * COUNTERS + C_HW]++;
            if (grouped) countGroup(t, slot, group, G_HW);
            if (setBit(i.off, o, HEAP) != 0) {
                t.cnt[slot * COUNTERS + C_HEAP]++;
                if (grouped) countGroup(t, slot, group, G_HEAP);
            }
            return;
        }
        if (!i.weak) return;
        Tag g = find(o);
        if (g == null) return;
        T t = local();
        t.cnt[g.slot * COUNTERS + C_HW]++;
        if (grouped) countGroup(t, g.slot, g.group, G_HW);
        if (g.mark(true)) {
            t.cnt[g.slot * COUNTERS + C_HEAP]++;
            if (grouped) countGroup(t, g.slot, g.group, G_HEAP);
        }
    }

    /** Counts an event of kind `k` (G_HW, G_HR, G_USED, G_HEAP) of a followed object's group. */
    private static void countGroup(T t, int slot, int group, int k) {
        long[][] all = t.groups;
        if (all == null) t.groups = all = new long[slots][];
        long[] c = all[slot];
        if (c == null) all[slot] = c = new long[G_KINDS * GROUPS];
        c[G_KINDS * group + k]++;
    }

    /**
     * `o` was read from a field, a static, an array element or a collection by instruction
     * `insn` of `method` (a heap-to-stack reference assignment).
     */
    public static void hr(Object o, int method, int insn) {
        if (o == null) return;
        Info i = info(o);
        int slot, group;
        if (i.tagged()) {
            int v = U.getInt(o, i.off);
            if ((v & SLOT_MASK) == 0) return;
            slot = slotOfTag(v);
            group = groupOfTag(v);
        } else {
            if (!i.weak) return;
            Tag t = find(o);
            if (t == null) return;
            slot = t.slot;
            group = t.group;
        }
        T t = local();
        t.cnt[slot * COUNTERS + C_HR]++;
        if (grouped) countGroup(t, slot, group, G_HR);
        long at = ((long) method << 32) | (insn & 0xffffffffL);
        // one-entry cache: a loop reading the same site's objects at one load hashes once
        if (t.loadSlot == slot && t.loadAt == at) {
            t.loadRun++;
            return;
        }
        flushLoads(t);
        t.loadSlot = slot;
        t.loadAt = at;
        t.loadRun = 1;
    }

    /** Adds the cached run of heap reads to the thread's table of loads. */
    private static void flushLoads(T t) {
        if (t.loadRun > 0) t.loads = t.loads.add(t.loadSlot, t.loadAt, 0, t.loadRun);
        t.loadRun = 0;
    }

    /** Adds a thread's path segments to `into`. */
    private static void merge(Paths ps, HashMap<Key, long[]> into) {
        for (int i = 0; i < ps.capacity(); i++) {
            if (ps.count(i) == 0) continue;
            Key key = new Key((int) (ps.ms(i) >>> 32), (int) ps.ms(i), (int) (ps.ft(i) >>> 32),
                    (int) ps.ft(i), ps.sum(i));
            long[] c = into.get(key);
            if (c == null) into.put(key, new long[] {ps.count(i)});
            else c[0] += ps.count(i);
        }
    }

    /** The counters of an `S` line, in the order the profile lists them. */
    private static final int[] S_ORDER = {C_ALLOC, C_HEAP, C_USED, C_HW, C_HR, C_BYTES, C_FOLLOWED, C_CERTAIN};

    private static void pathLine(Text w, String tag, Key k, long count) {
        w.str(tag).num(k.method).sp().num(k.site).sp().num(k.from).sp().num(k.to).sp().num(k.sum).sp()
                .num(count).nl();
    }

    /**
     * The profile's text, built in one byte array (UTF-8) and written at once: a writer's
     * per-line string building and encoding took most of the exit on large jars.
     */
    static final class Text {
        byte[] buf = new byte[1 << 16];
        int n;

        private void room(int k) {
            if (n + k > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, n + k));
        }

        Text num(long v) {
            room(20);
            if (v < 0) {
                if (v == Long.MIN_VALUE) return str(Long.toString(v));
                buf[n++] = '-';
                v = -v;
            }
            int end = n + digits(v);
            for (int i = end - 1; i >= n; i--) {
                buf[i] = (byte) ('0' + (int) (v % 10));
                v /= 10;
            }
            n = end;
            return this;
        }

        private static int digits(long v) {
            int d = 1;
            while (v >= 10) {
                v /= 10;
                d++;
            }
            return d;
        }

        Text str(String x) {
            byte[] b = x.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            room(b.length);
            System.arraycopy(b, 0, buf, n, b.length);
            n += b.length;
            return this;
        }

        Text sp() {
            room(1);
            buf[n++] = ' ';
            return this;
        }

        Text nl() {
            room(1);
            buf[n++] = '\n';
            return this;
        }
    }

    private static void dump() {
        String out = System.getProperty("decisionprof.out");
        if (out == null) return;
        HashMap<Key, long[]> all = new HashMap<>();
        HashMap<Key, long[]> burst = new HashMap<>();
        HashMap<String, long[]> stacks = new HashMap<>();
        Paths loads = new Paths(256);
        long[] cnt = new long[slots * COUNTERS];
        long on, total;
        long[][] groups = new long[slots][];
        synchronized (THREADS) {
            on = windowsOn;
            total = windowsAll;
            for (T t : THREADS) {
                for (int i = 0; i < cnt.length; i++) cnt[i] += t.cnt[i];
                if (t.groups != null) {
                    for (int i = 0; i < slots; i++) {
                        if (t.groups[i] == null) continue;
                        if (groups[i] == null) groups[i] = new long[G_KINDS * GROUPS];
                        for (int k = 0; k < G_KINDS * GROUPS; k++) groups[i][k] += t.groups[i][k];
                    }
                }
                flushLoads(t);
                Paths ls = t.loads;
                for (int i = 0; i < ls.capacity(); i++) {
                    if (ls.count(i) != 0) loads = loads.add(ls.ms(i), ls.ft(i), 0, ls.count(i));
                }
                for (Map.Entry<String, long[]> e : t.stacks.entrySet()) {
                    long[] c = stacks.get(e.getKey());
                    if (c == null) stacks.put(e.getKey(), new long[] {e.getValue()[0]});
                    else c[0] += e.getValue()[0];
                }
                // frames of a closed sampling window saw only part of their paths: dropped
                boolean open = paths && t.window == window;
                for (int k = t.depth - 1; k >= 0; k--) {
                    if (open) finish(t, t.stack[k]);
                    else dropFrame(t.stack[k]);
                }
                t.depth = 0;
                merge(t.paths, all);
                merge(t.burstPaths, burst);
            }
        }
        Text w = new Text();
        w.str("decisionprof-profile 2 ").num(ctx).nl();
        if (grouped || only != null) {
            w.str("R ").str(Double.toString(rate)).sp().num(seed).sp().num(periodMs).sp().num(on)
                    .sp().num(total).nl();
        }
        for (int i = 0; i < slots; i++) {
            int c = i * COUNTERS;
            if (cnt[c + C_ALLOC] == 0) continue;
            w.str("S ").num(i / ctx).sp().num(i % ctx);
            for (int k : S_ORDER) w.sp().num(cnt[c + k]);
            w.nl();
        }
        // sampling: per group (the last is the certain stratum) heap writes, heap reads,
        // used objects and heap objects
        for (int i = 0; i < slots; i++) {
            if (groups[i] == null) continue;
            w.str("G ").num(i / ctx).sp().num(i % ctx);
            for (long c : groups[i]) w.sp().num(c);
            w.nl();
        }
        for (Map.Entry<String, long[]> e : stacks.entrySet()) {
            w.str("K ").num(e.getValue()[0]).sp().str(e.getKey()).nl();
        }
        // loads: the slot, then the load's method and instruction
        for (int i = 0; i < loads.capacity(); i++) {
            if (loads.count(i) == 0) continue;
            w.str("L ").num(loads.ms(i)).sp().num(loads.ft(i) >>> 32).sp().num((int) loads.ft(i)).sp()
                    .num(loads.count(i)).nl();
        }
        for (Map.Entry<Key, long[]> e : all.entrySet()) pathLine(w, "P ", e.getKey(), e.getValue()[0]);
        // sampling: segments of burst-traced invocations
        for (Map.Entry<Key, long[]> e : burst.entrySet()) pathLine(w, "B ", e.getKey(), e.getValue()[0]);
        try (java.io.FileOutputStream f = new java.io.FileOutputStream(out)) {
            f.write(w.buf, 0, w.n);
        } catch (IOException e) {
            System.err.println("decisionprof: cannot write " + out + ": " + e);
        }
    }
}

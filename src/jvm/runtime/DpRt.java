package decisionprof;

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * decisionprof's flow-profiling runtime (Algorithm 3 of Mudduluru and Ramanathan, plus the
 * per-object bits of reference propagation profiling). Instrumented code calls the static
 * methods below; labels come from the side file named by -Ddecisionprof.side, results go to
 * -Ddecisionprof.out at JVM exit.
 */
public final class DpRt {
    private DpRt() {}

    /** Path of an object inside one invocation. */
    static final class Flow {
        int site;
        int from;
        int last;
        long sum;
    }

    /** One invocation of an instrumented method. */
    static final class Frame {
        final int method;
        final Frame parent;
        IdentityHashMap<Object, Flow> objs;

        Frame(int method, Frame parent) {
            this.method = method;
            this.parent = parent;
        }
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

    /** Per-thread state. */
    static final class T {
        Frame top;
        final HashMap<Key, long[]> paths = new HashMap<>();
    }

    /** Weak identity tag of an allocated object. */
    static final class Tag extends WeakReference<Object> {
        final int hash;
        final int slot;
        boolean heap, used;
        Tag next;

        Tag(Object o, int hash, int slot, ReferenceQueue<Object> q) {
            super(o, q);
            this.hash = hash;
            this.slot = slot;
        }
    }

    private static long[] ekeys = new long[16];
    private static long[] evals = new long[16];
    private static int emask = 15;
    private static int[] exitNode = new int[0];
    private static int ctx = 1;
    private static long[] allocs, heapObjs, usedObjs, heapWrites, heapReads;
    private static Tag[] tags = new Tag[1 << 16];
    private static int tagCount;
    private static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<>();
    private static final ArrayList<T> THREADS = new ArrayList<>();
    private static final ThreadLocal<T> LOCAL = ThreadLocal.withInitial(() -> {
        T t = new T();
        synchronized (THREADS) {
            THREADS.add(t);
        }
        return t;
    });

    static {
        load();
        Runtime.getRuntime().addShutdownHook(new Thread(DpRt::dump));
    }

    private static long key(int method, int from, int to) {
        return ((long) method << 40) | ((long) from << 20) | (long) to;
    }

    private static void putEdge(long k, long v) {
        if ((ekeys.length >> 1) <= tagCountEdges) {
            long[] ok = ekeys, ov = evals;
            ekeys = new long[ok.length * 2];
            evals = new long[ok.length * 2];
            emask = ekeys.length - 1;
            tagCountEdges = 0;
            for (int i = 0; i < ok.length; i++) if (ok[i] != 0) putEdge(ok[i], ov[i]);
        }
        int h = (int) (mix(k) & emask);
        while (ekeys[h] != 0) h = (h + 1) & emask;
        ekeys[h] = k;
        evals[h] = v;
        tagCountEdges++;
    }

    private static int tagCountEdges;

    private static long mix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        return k;
    }

    /** The label of edge from -> to of a method, or -1 if the HFG has no such edge. */
    private static long label(int method, int from, int to) {
        long k = key(method, from, to) + 1;
        int h = (int) (mix(k) & emask);
        while (true) {
            long x = ekeys[h];
            if (x == k) return evals[h];
            if (x == 0) return -1;
            h = (h + 1) & emask;
        }
    }

    private static void load() {
        String side = System.getProperty("decisionprof.side");
        int sites = 0, methods = 0;
        ArrayList<int[]> exits = new ArrayList<>();
        if (side != null) {
            try (BufferedReader r = new BufferedReader(new FileReader(side))) {
                String line;
                while ((line = r.readLine()) != null) {
                    String[] f = line.split(" ");
                    switch (f[0]) {
                        case "E":
                            putEdge(key(Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3])) + 1,
                                    Long.parseLong(f[4]));
                            break;
                        case "X":
                            exits.add(new int[] {Integer.parseInt(f[1]), Integer.parseInt(f[2])});
                            break;
                        case "N":
                            sites = Integer.parseInt(f[1]);
                            methods = Integer.parseInt(f[2]);
                            ctx = Math.max(1, Integer.parseInt(f[3]));
                            break;
                        default:
                            break;
                    }
                }
            } catch (IOException e) {
                System.err.println("decisionprof: cannot read " + side + ": " + e);
            }
        }
        exitNode = new int[methods];
        for (int[] x : exits) if (x[0] < methods) exitNode[x[0]] = x[1];
        int n = Math.max(1, sites * ctx);
        allocs = new long[n];
        heapObjs = new long[n];
        usedObjs = new long[n];
        heapWrites = new long[n];
        heapReads = new long[n];
    }

    private static void count(T t, int method, Flow f, int to) {
        Key k = new Key(method, f.site, f.from, to, f.sum);
        long[] c = t.paths.get(k);
        if (c == null) t.paths.put(k, new long[] {1});
        else c[0]++;
    }

    /** Method entry. */
    public static void enter(int method) {
        T t = LOCAL.get();
        t.top = new Frame(method, t.top);
    }

    private static void finish(T t, Frame f) {
        if (f.objs == null) return;
        int m = f.method;
        int exit = m < exitNode.length ? exitNode[m] : -1;
        for (Flow fl : f.objs.values()) {
            long l = label(m, fl.last, exit);
            if (l >= 0) {
                fl.sum += l;
                count(t, m, fl, exit);
            } else {
                count(t, m, fl, fl.last);
            }
        }
    }

    /** Method exit, normal or exceptional: finishes every path of the invocation. */
    public static void exit(int method) {
        T t = LOCAL.get();
        Frame f = frame(t, method);
        if (f == null) return;
        finish(t, f);
        t.top = f.parent;
    }

    private static Frame frame(T t, int method) {
        Frame f = t.top;
        while (f != null && f.method != method) f = f.parent;
        if (f == null) return null;
        // frames above ours were left open by exceptions: close them
        for (Frame g = t.top; g != f; g = g.parent) finish(t, g);
        t.top = f;
        return f;
    }

    private static void track(int method, Object o, int site, int node, long start) {
        T t = LOCAL.get();
        Frame f = frame(t, method);
        if (f == null) return;
        if (f.objs == null) f.objs = new IdentityHashMap<>();
        Flow fl = new Flow();
        fl.site = site;
        fl.from = 0;
        fl.last = node;
        fl.sum = start;
        Flow old = f.objs.put(o, fl);
        if (old != null) {
            // the same object seen again as another parameter: keep the first
            f.objs.put(o, old);
        }
    }

    /** A reference parameter of a method (site: the parameter's site id). */
    public static void param(Object o, int method, int site) {
        if (o != null) track(method, o, site, 0, 0);
    }

    /** An allocation at node `node`, `start` the label of HFG start -> node. */
    public static void alloc(Object o, int method, int site, int node, long start) {
        tag(o, site, null);
        if (node >= 0) track(method, o, site, node, start);
    }

    /** An allocation in an instance method: the receiver gives the object-sensitive context. */
    public static void allocR(Object o, Object recv, int method, int site, int node, long start) {
        tag(o, site, recv);
        if (node >= 0) track(method, o, site, node, start);
    }

    /** An access to `o` at node `node` of `method`. */
    public static void acc(Object o, int method, int node) {
        T t = LOCAL.get();
        Frame f = t.top;
        if (f != null && f.method != method) f = frame(t, method);
        if (f == null || f.objs == null) return;
        Flow fl = f.objs.get(o);
        if (fl == null || fl.last == node) return;
        long l = label(method, fl.last, node);
        if (l >= 0) {
            fl.sum += l;
            fl.last = node;
            return;
        }
        // no HFG edge (a loop-carried flow): the segment ends here and a new one starts at node
        count(t, method, fl, fl.last);
        fl.from = node;
        fl.sum = 0;
        fl.last = node;
    }

    private static synchronized Tag find(Object o) {
        int h = System.identityHashCode(o);
        for (Tag x = tags[h & (tags.length - 1)]; x != null; x = x.next) {
            if (x.hash == h && x.get() == o) return x;
        }
        return null;
    }

    private static synchronized void expunge() {
        Object r;
        while ((r = QUEUE.poll()) != null) {
            Tag dead = (Tag) r;
            int b = dead.hash & (tags.length - 1);
            Tag prev = null;
            for (Tag x = tags[b]; x != null; prev = x, x = x.next) {
                if (x == dead) {
                    if (prev == null) tags[b] = x.next;
                    else prev.next = x.next;
                    tagCount--;
                    break;
                }
            }
        }
    }

    private static synchronized void tag(Object o, int site, Object recv) {
        if (o == null || site < 0) return;
        expunge();
        int c = 0;
        if (ctx > 1 && recv != null) {
            Tag rt = find(recv);
            if (rt != null) c = (rt.slot / ctx) % ctx;
        }
        int slot = site * ctx + c;
        if (slot >= allocs.length) return;
        allocs[slot]++;
        if (tagCount > tags.length) {
            Tag[] old = tags;
            tags = new Tag[old.length * 2];
            for (Tag head : old) {
                for (Tag x = head; x != null; ) {
                    Tag n = x.next;
                    int b = x.hash & (tags.length - 1);
                    x.next = tags[b];
                    tags[b] = x;
                    x = n;
                }
            }
        }
        int h = System.identityHashCode(o);
        Tag t = new Tag(o, h, slot, QUEUE);
        int b = h & (tags.length - 1);
        t.next = tags[b];
        tags[b] = t;
        tagCount++;
    }

    /** `o` is used: a field read or written, a method invoked on it, an array element accessed. */
    public static void use(Object o) {
        if (o == null) return;
        Tag t = find(o);
        if (t != null && !t.used) {
            t.used = true;
            synchronized (DpRt.class) {
                usedObjs[t.slot]++;
            }
        }
    }

    /** `o` is written into a field, a static, an array element or a collection. */
    public static void hw(Object o) {
        if (o == null) return;
        Tag t = find(o);
        if (t == null) return;
        synchronized (DpRt.class) {
            heapWrites[t.slot]++;
            if (!t.heap) {
                t.heap = true;
                heapObjs[t.slot]++;
            }
        }
    }

    /** `o` was read from a field, a static, an array element or a collection. */
    public static void hr(Object o) {
        if (o == null) return;
        Tag t = find(o);
        if (t == null) return;
        synchronized (DpRt.class) {
            heapReads[t.slot]++;
        }
    }

    private static void dump() {
        String out = System.getProperty("decisionprof.out");
        if (out == null) return;
        HashMap<Key, long[]> all = new HashMap<>();
        synchronized (THREADS) {
            for (T t : THREADS) {
                for (Frame f = t.top; f != null; f = f.parent) finish(t, f);
                t.top = null;
                for (Map.Entry<Key, long[]> e : t.paths.entrySet()) {
                    long[] c = all.get(e.getKey());
                    if (c == null) all.put(e.getKey(), new long[] {e.getValue()[0]});
                    else c[0] += e.getValue()[0];
                }
            }
        }
        try (PrintWriter w = new PrintWriter(new FileWriter(out))) {
            w.println("decisionprof-profile 1 " + ctx);
            for (int i = 0; i < allocs.length; i++) {
                if (allocs[i] == 0) continue;
                w.println("S " + (i / ctx) + " " + (i % ctx) + " " + allocs[i] + " " + heapObjs[i] + " "
                        + usedObjs[i] + " " + heapWrites[i] + " " + heapReads[i]);
            }
            for (Map.Entry<Key, long[]> e : all.entrySet()) {
                Key k = e.getKey();
                w.println("P " + k.method + " " + k.site + " " + k.from + " " + k.to + " " + k.sum + " "
                        + e.getValue()[0]);
            }
        } catch (IOException e) {
            System.err.println("decisionprof: cannot write " + out + ": " + e);
        }
    }
}

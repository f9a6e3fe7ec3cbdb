// Bytecode shapes the JVM front end must handle: ternaries (values crossing nodes on the operand
// stack), exception handlers, switches, monitors, two-word locals, arrays, invokedynamic.
// The tests locate statements by the marker comments at the end of each line.
public class Shapes {
    static class Box {
        void touch() { }
        void link(Box other) { }
    }

    static void ternary(boolean c, int k) {
        Box a = new Box();                    // S1
        Box b = new Box();                    // S2
        Box x = c                             // S3
            ? a                               // S4
            : b;                              // S5
        x.touch();                            // S6
    }

    static void handler(int k) {
        Box a = new Box();                    // S1
        try {
            if (k > 0) throw new IllegalStateException(); // S2
            a.touch();                        // S3
        } catch (IllegalStateException e) {
            a.link(null);                     // S4
        }
        a.touch();                            // S5
    }

    static void words(long l, double d, int k) {
        long m = l * 2;                       // S1
        Box a = new Box();                    // S2
        double e = d + m;                     // S3
        if (e > k) a.touch();                 // S4
    }

    static int arrays(int k) {
        Box[] arr = new Box[k];               // S1
        arr[0] = new Box();                   // S2
        arr[0].touch();                       // S3
        synchronized (arr) {                  // S4
            return arr.length;                // S5
        }
    }

    static void dynamic(int k) {
        Runnable r = () -> { };               // S1
        switch (k) {                          // S2
            case 1: r.run(); break;           // S3
            case 7: break;                    // S4
            default: r.run();                 // S5
        }
    }
}

// The worked examples of "Efficient Flow Profiling for Detecting Performance Bugs" (ISSTA'16).
// The tests locate statements by the marker comments at the end of each line.
public class Fig {
    static class Box {
        Box next;
        void touch() { }
        void link(Box other) { next = other; }
    }

    // Figure 4a: two allocations in a loop.
    static void fig4(int n) {
        Box b = null; int i = 0;              // S1
        while (i < n) {                       // S2
            Box a = new Box();                // S3
            if (i % 2 == 0) {                 // S4
                b = new Box();                // S5
            } else {
                a.touch();                    // S7
            }
            a.link(b); i++; }                 // S8
    }

    // Figure 8a: the use at S5 needs a bypass edge from S1 (c may hold another object at S4).
    static void fig8(int k) {
        Box c = null;                         // S0
        Box a = new Box();                    // S1
        if (k > 0) {                          // S2
            c = a;                            // S3
        }
        c.touch();                            // S4
        a.touch(); }                          // S5
}

import java.util.ArrayList;
import java.util.List;

/** The chart shape: change events created for listeners that never look at them. */
public class Chart {
    static final class SeriesChangeEvent {
        final Object source;

        SeriesChangeEvent(Object source) {
            this.source = source;
        }
    }

    interface Listener {
        void seriesChanged(SeriesChangeEvent e);
    }

    static final class Counter implements Listener {
        int calls;

        @Override
        public void seriesChanged(SeriesChangeEvent e) {
            calls++;
        }
    }

    private final List<Listener> listeners = new ArrayList<>();

    void fire() {
        SeriesChangeEvent e = new SeriesChangeEvent(this); // SITE event
        for (Listener l : listeners) {
            l.seriesChanged(e);
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        Chart c = new Chart();
        Counter k = new Counter();
        c.listeners.add(k);
        c.listeners.add(new Counter());
        for (int i = 0; i < n; i++) {
            c.fire();
        }
        System.out.println("events " + k.calls);
    }
}

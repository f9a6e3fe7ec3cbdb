import java.util.ArrayList;
import java.util.List;

/** Planted protocol bug: every 100th channel is kept for reuse but never closed, so its Deflater never releases the native zlib state with end(). */
public class UnclosedProblem {
    static final List<Channel> KEPT = new ArrayList<>();

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long sent = 0;
        for (int i = 0; i < n; i++) {
            Channel c = new Channel();
            c.open(i % 10);
            sent += c.send(("message " + i + " ").repeat(8).getBytes());
            if (i % 100 == 0) {
                KEPT.add(c); // forgot c.close()
            } else {
                c.close();
            }
        }
        System.out.println("kept " + KEPT.size() + " sent " + sent);
    }
}

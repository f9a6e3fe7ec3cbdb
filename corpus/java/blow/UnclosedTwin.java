import java.util.ArrayList;
import java.util.List;

/** Twin of UnclosedProblem: the same channels are kept, each one closed first. */
public class UnclosedTwin {
    static final List<Channel> KEPT = new ArrayList<>();

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long sent = 0;
        for (int i = 0; i < n; i++) {
            Channel c = new Channel();
            c.open(i % 10);
            sent += c.send(("message " + i + " ").repeat(8).getBytes());
            c.close();
            if (i % 100 == 0) {
                KEPT.add(c);
            }
        }
        System.out.println("kept " + KEPT.size() + " sent " + sent);
    }
}

import java.util.ArrayList;
import java.util.List;

/**
 * Objects that store themselves into the heap while they are built: a listener that adds itself
 * to a list in its constructor, and a node that links itself behind the one before it. An
 * allocation is complete (and its object tagged) only once the constructor returns, so these
 * stores come before the object's tag. A temporary built beside them never reaches the heap.
 */
public class Registered {
    static final List<Listener> LISTENERS = new ArrayList<>();

    static final class Listener {
        final int id;

        Listener(int id) {
            this.id = id;
            LISTENERS.add(this);
        }
    }

    static final class Node {
        final int value;
        Node next;

        Node(Node prev, int value) {
            this.value = value;
            if (prev != null) prev.next = this;
        }
    }

    static final class Temp {
        final int a;
        final int b;

        Temp(int a, int b) {
            this.a = a;
            this.b = b;
        }

        int sum() {
            return a + b;
        }
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Node head = new Node(null, -1);
        Node tail = head;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            new Listener(i); // SITE listener
            tail = new Node(tail, i); // SITE node
            sum += new Temp(i, 1).sum(); // SITE temp
        }
        for (Listener l : LISTENERS) {
            sum += l.id;
        }
        for (Node x = head.next; x != null; x = x.next) {
            sum += x.value;
        }
        System.out.println(sum + " " + LISTENERS.size() + " " + tail.value);
    }
}

/** Objects allocated in a loop and used only inside it (a reuse candidate: n objects). */
public class LoopTemp {
    static final class Point {
        final int x;
        final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        int dot() {
            return x * y;
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Point p = new Point(i, i + 1); // SITE point
            sum += p.dot() + p.x;
        }
        System.out.println("sum " + sum);
    }
}

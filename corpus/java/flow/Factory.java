/**
 * Objects made by a factory method and returned: `made` objects are only read by the caller
 * (they do not escape, a reuse candidate), `kept` ones are sometimes stored by it.
 */
public class Factory {
    static final class Point {
        final int x;
        final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    static Point keep;

    static Point make(int i) {
        return new Point(i, i + 1); // SITE made
    }

    static Point kept(int i) {
        return new Point(i, i); // SITE kept
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Point p = make(i);
            sum += p.x + p.y;
            Point q = kept(i);
            if (i % 1000 == 0) {
                keep = q;
            }
        }
        System.out.println(sum + " " + keep.x);
    }
}

/**
 * One allocation site, two receivers: the objects `make` allocates for the keeping maker are
 * stored into its field, those for the dropping maker never are. Object-sensitive profiling
 * (`--context`) tells the two producers apart, their flows included.
 */
public class Contexts {
    static final class Maker {
        final boolean keep;
        Object last;

        Maker(boolean keep) {
            this.keep = keep;
        }

        void make(int i) {
            Object[] tmp = new Object[2]; // SITE tmp
            tmp[i % 2] = this;
            if (keep) {
                last = tmp; // SITE kept
            }
        }
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Maker keeper = new Maker(true);
        Maker dropper = new Maker(false);
        for (int i = 0; i < n; i++) {
            keeper.make(i);
            dropper.make(i);
            dropper.make(i + 1);
        }
        System.out.println(keeper.last != null); // SITE read
    }
}

/** The pdfbox getRotation shape: a Matrix allocated only to build a Transform (n objects). */
public class Rotation {
    static final class Matrix {
        final double a;
        final double b;

        Matrix(double a, double b) {
            this.a = a;
            this.b = b;
        }
    }

    static final class Transform {
        final double angle;

        Transform(Matrix m) {
            this.angle = Math.atan2(m.b, m.a);
        }
    }

    static double getRotation(double a, double b) {
        Matrix m = new Matrix(a, b); // SITE matrix
        Transform t = new Transform(m); // SITE transform
        return t.angle;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += getRotation(i % 7, 1 + i % 5);
        }
        System.out.printf("rotation %.6f%n", sum);
    }
}

import java.util.zip.Deflater;

/** A compressing channel: open() allocates a Deflater, close() releases it. */
class Channel {
    private Deflater z;
    private final byte[] buf = new byte[512];

    void open(int level) {
        z = new Deflater();
        z.setLevel(level);
    }

    int send(byte[] data) {
        z.reset();
        z.setInput(data);
        z.finish();
        int n = 0;
        while (!z.finished()) {
            n += z.deflate(buf);
        }
        return n;
    }

    void close() {
        z.end();
    }
}

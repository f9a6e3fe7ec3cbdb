package decisionprof;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Copies the class files of the running JDK's modules (its jrt:/ image) into one jar, so that
 * decisionprof can analyse what JDK methods do with the objects they receive.
 * Usage: JrtDump OUT.jar MODULE...
 */
public final class JrtDump {
    private JrtDump() {}

    public static void main(String[] args) throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path out = Paths.get(args[0]);
        // a fresh name (processes in other pid namespaces may share this temp dir), readable
        // like any other file the user writes
        Path part = Paths.get(args[0] + "." + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".part");
        try (OutputStream os = Files.newOutputStream(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(os))) {
            zip.setLevel(1);
            for (int i = 1; i < args.length; i++) {
                Path root = jrt.getPath("/modules", args[i]);
                if (!Files.isDirectory(root)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(root)) {
                    Iterator<Path> it = files.iterator();
                    while (it.hasNext()) {
                        Path p = it.next();
                        String name = root.relativize(p).toString();
                        if (!name.endsWith(".class") || name.equals("module-info.class")) {
                            continue;
                        }
                        zip.putNextEntry(new ZipEntry(name));
                        zip.write(Files.readAllBytes(p));
                        zip.closeEntry();
                    }
                }
            }
        }
        Files.move(part, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}

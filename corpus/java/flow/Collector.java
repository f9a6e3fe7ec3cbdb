// Prints the garbage collectors the JVM runs with and whether its card marks are conditional:
// profiled runs choose the parallel collector with conditional card marks, unless the user chose
// a collector.
import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

public class Collector {
    public static void main(String[] args) {
        StringBuilder names = new StringBuilder();
        for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
            names.append(g.getName()).append(';');
        }
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        System.out.println(names + " conditional card marks: " + vm.getVMOption("UseCondCardMark").getValue());
    }
}

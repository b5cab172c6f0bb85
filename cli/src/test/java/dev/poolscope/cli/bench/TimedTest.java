package dev.poolscope.cli.bench;

import dev.poolscope.cli.process.Java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A child's CPU as the kernel charges it to its parent, against the child's own count. */
class TimedTest {

    @TempDir
    Path work;

    @Test
    void theChildrensTicksAreFieldsSixteenAndSeventeenWhateverTheCommandIsCalled() {
        String stat = "4242 (a (b) c) S 1 4242 4242 0 -1 4194560 1000 20 0 0 250 30 7 5 20 0 19 0 100 1 2 3";
        assertThat(Timed.childTicks(stat)).isEqualTo(12);
    }

    @Test
    void theCpuOfAChildIsAtLeastWhatItCountedItselfAndItsPeakResidentSetIsRead() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "Linux: /proc/self/stat");
        Path classes = Path.of(Burn.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path out = work.resolve("burn.txt");
        Timed t = Timed.run(
                List.of(Java.bin(), "-Xmx64m", "-cp", classes.toString(), Burn.class.getName(), "300"),
                out);
        assertThat(t.exit()).isZero();
        double own = Long.parseLong(Files.readString(out).trim()) / 1e9;
        assertThat(own).as("the child burnt its 300 ms").isGreaterThanOrEqualTo(0.3);
        // Its own count stops before its JVM exits; the kernel's includes the rest. Ticks are 10 ms.
        assertThat(t.cpuSeconds()).as("charged %s, counted itself %s", t, own)
                .isGreaterThanOrEqualTo(own - 0.01)
                .isLessThanOrEqualTo(t.wallSeconds() * Runtime.getRuntime().availableProcessors() + 0.01);
        assertThat(t.peakRssMb()).as("a JVM's peak resident set").isGreaterThan(10);
    }

    /** The analysis hands a large input to a JVM of its own: the peak is that JVM's, not its small parent's. */
    @Test
    void thePeakResidentSetIsTheLargestOfTheChildAndItsDescendants() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "Linux: /proc/self/stat");
        Path classes = Path.of(Burn.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Timed t = Timed.run(List.of(Java.bin(), "-Xmx16m", "-cp", classes.toString(), Spawn.class.getName(),
                Java.bin(), classes.toString()), work.resolve("spawn.txt"));
        assertThat(t.exit()).as(Files.readString(work.resolve("spawn.txt"))).isZero();
        assertThat(t.peakRssMb()).as("the grandchild touched 256 MB").isGreaterThan(256);
    }

    /** Starts a JVM that touches 256 MB for a second, and waits for it. */
    public static final class Spawn {
        public static void main(String[] args) throws Exception {
            Process p = new ProcessBuilder(args[0], "-Xms300m", "-Xmx300m", "-XX:+AlwaysPreTouch", "-cp",
                    args[1],
                    Hold.class.getName()).inheritIO().start();
            System.exit(p.waitFor());
        }
    }

    /** Holds 256 MB, touched, for a second. */
    public static final class Hold {
        static volatile byte[] kept;

        public static void main(String[] args) throws Exception {
            kept = new byte[256 << 20];
            for (int i = 0; i < kept.length; i += 4096) {
                kept[i] = 1;
            }
            Thread.sleep(1000);
        }
    }

    /** Burns N ms of its own CPU, then prints the CPU its process has used (ns). */
    public static final class Burn {
        static volatile long sink;

        public static void main(String[] args) {
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long until = os.getProcessCpuTime() + Long.parseLong(args[0]) * 1_000_000L;
            long s = 0;
            while (os.getProcessCpuTime() < until) {
                for (int i = 0; i < 100_000; i++) {
                    s += Long.rotateLeft(s ^ i, 7) * 31;
                }
            }
            sink = s;
            System.out.println(os.getProcessCpuTime());
        }
    }
}

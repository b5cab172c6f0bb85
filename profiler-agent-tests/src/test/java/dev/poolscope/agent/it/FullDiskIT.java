package dev.poolscope.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The disk under the agent's folder fills while the app serves. JFR that cannot write a chunk shuts the whole VM
 * down ("An irrecoverable error in Jfr"), so the agent stops recording while there is still room and the app serves
 * on. The file system is a small tmpfs; where mounting one is not allowed (not root, no mount), the test is skipped.
 */
class FullDiskIT {

    @Test
    void theAgentStopsRecordingBeforeTheDiskIsFullAndTheAppServesOn() throws Exception {
        Path mount = Files.createTempDirectory("poolscope-fulldisk");
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=160m", "tmpfs", mount.toString()) == 0,
                "cannot mount a tmpfs here");
        try (LabApp app = LabApp.start(mount.resolve("run"), "minFree=100m")) {
            Path agentLog = app.agentDir.resolve("agent.log");
            LabApp.Load before = app.drive(4, Duration.ofSeconds(2), "before",
                    (base, n) -> HttpRequest.newBuilder(base.resolve("/api/products/" + (n % 50 + 1))));
            assertEquals(before.statusById().size(), before.count(200));
            // Another process fills the disk: 80 MB leaves less than minFree.
            try (RandomAccessFile filler = new RandomAccessFile(mount.resolve("filler").toFile(), "rw")) {
                byte[] mb = new byte[1 << 20];
                for (int i = 0; i < 80; i++) {
                    filler.write(mb);
                }
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (!logSays(agentLog, "stopped recording") && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertTrue(logSays(agentLog, "stopped recording; the app runs unprofiled"),
                    Files.readString(agentLog));
            LabApp.Load after = app.drive(4, Duration.ofSeconds(3), "after",
                    (base, n) -> HttpRequest.newBuilder(base.resolve("/api/products/" + (n % 50 + 1))));
            assertTrue(after.count(200) > 0);
            assertEquals(after.statusById().size(), after.count(200), "every request served after the stop");
            assertEquals(0, app.stop() & ~(128 + 15), "the app exits on SIGTERM");
        } finally {
            run("umount", "-l", mount.toString());
        }
    }

    private static boolean logSays(Path log, String text) {
        try {
            return Files.readString(log).contains(text);
        } catch (Exception e) {
            return false;
        }
    }

    private static int run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(20, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (Exception e) {
            return -1;
        }
    }
}

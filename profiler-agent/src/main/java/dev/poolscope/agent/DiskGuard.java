package dev.poolscope.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Watches the free space where the agent writes. Below {@code minFree} it stops async-profiler and the JDK
 * recording and says so once: a full disk must never reach JFR's chunk writer, which shuts the VM down when it
 * cannot write. The host runs on unprofiled.
 */
final class DiskGuard {
    static final Duration PERIOD = Duration.ofSeconds(1);

    private DiskGuard() {
    }

    /** Usable bytes on the file system of {@code dir}, or -1 when it cannot be read. */
    static long usable(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (Throwable t) {
            return -1;
        }
    }

    static Thread start(Path dir, long minFree, JfrRecording jfr, AsyncProfilerControl asprof) {
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(PERIOD.toMillis());
                    long free = usable(dir);
                    if (free >= 0 && free < minFree) {
                        if (asprof != null) {
                            asprof.stop();
                        }
                        if (jfr != null) {
                            jfr.stopForLowSpace(free);
                        }
                        AgentLog.info("only " + free / (1 << 20) + " MB left in " + dir + " (minFree "
                                + minFree / (1 << 20) + " MB): stopped recording; the app runs unprofiled");
                        return;
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (Throwable e) {
                    // A loop that never dies: count and carry on.
                    Suppressed.record(e);
                }
            }
        }, "poolscope-disk-guard");
        t.setDaemon(true);
        t.start();
        return t;
    }
}

package dev.poolscope.agent.threads;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads one Linux task's scheduler counters: {@code /proc/self/task/TID/schedstat} (cpu ns, run-queue delay
 * ns, timeslices) and the two context-switch lines of {@code status}. Not thread-safe: one sampler owns an
 * instance and its buffer, so a sample allocates almost nothing.
 */
final class ProcTaskStats {
    static final int CPU = 0, RUN_DELAY = 1, TIMESLICES = 2, VOLUNTARY = 3, INVOLUNTARY = 4;
    private static final byte[] VOLUNTARY_KEY = "\nvoluntary_ctxt_switches:"
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INVOLUNTARY_KEY = "\nnonvoluntary_ctxt_switches:"
            .getBytes(StandardCharsets.US_ASCII);
    private final byte[] buf = new byte[8192];
    private final String taskDir;

    ProcTaskStats() {
        this("/proc/self/task/");
    }

    /** {@code taskDir} holds one folder per tid, as {@code /proc/self/task/} does. */
    ProcTaskStats(String taskDir) {
        this.taskDir = taskDir;
    }

    /**
     * Fills {@code out} (5 longs); false when the task is gone or a counter could not be read. A task can end between
     * the two files' reads: a sample with a counter missing would read as a counter that fell, so none is given.
     */
    boolean read(long tid, long[] out) {
        String base = taskDir + tid;
        int n = slurp(base + "/schedstat");
        if (n <= 0) {
            return false;
        }
        int pos = 0;
        for (int field = CPU; field <= TIMESLICES; field++) {
            while (pos < n && buf[pos] == ' ') {
                pos++;
            }
            long v = 0;
            int start = pos;
            while (pos < n && buf[pos] >= '0' && buf[pos] <= '9') {
                v = v * 10 + (buf[pos++] - '0');
            }
            out[field] = pos > start ? v : -1;
        }
        n = slurp(base + "/status");
        out[VOLUNTARY] = n > 0 ? numberAfter(VOLUNTARY_KEY, n) : -1;
        out[INVOLUNTARY] = n > 0 ? numberAfter(INVOLUNTARY_KEY, n) : -1;
        for (long v : out) {
            if (v < 0) {
                return false;
            }
        }
        return true;
    }

    private int slurp(String path) {
        try (FileInputStream in = new FileInputStream(path)) {
            int total = 0;
            int r;
            while (total < buf.length && (r = in.read(buf, total, buf.length - total)) > 0) {
                total += r;
            }
            return total;
        } catch (IOException e) {
            return -1;
        }
    }

    private long numberAfter(byte[] key, int n) {
        outer : for (int i = 0; i + key.length <= n; i++) {
            for (int k = 0; k < key.length; k++) {
                if (buf[i + k] != key[k]) {
                    continue outer;
                }
            }
            int pos = i + key.length;
            while (pos < n && (buf[pos] == ' ' || buf[pos] == '\t')) {
                pos++;
            }
            long v = 0;
            int start = pos;
            while (pos < n && buf[pos] >= '0' && buf[pos] <= '9') {
                v = v * 10 + (buf[pos++] - '0');
            }
            return pos > start ? v : -1;
        }
        return -1;
    }
}

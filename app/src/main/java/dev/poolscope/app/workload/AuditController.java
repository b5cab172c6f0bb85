package dev.poolscope.app.workload;

import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;

/**
 * A GC-bound workload behind one monitor: every request builds an audit record of {@code kb} kilobytes inside a
 * {@code synchronized} block and keeps it in a trail of the last {@link #KEPT} records, as an in-memory audit log does.
 * The section itself is short (a copy and a store), but it allocates: on a heap the trail keeps well filled, the
 * allocation inside it triggers collections while the monitor is held, and every other request waits for a holder
 * the collector stopped. Servlet app only.
 */
@RestController
class AuditController {

    static final int MAX_KB = 1024;
    /** Records kept: with the default 48 KB, about 48 MB that stay live until a thousand requests later. */
    static final int KEPT = 1000;

    private final byte[][] trail = new byte[KEPT][];
    private long next;

    @GetMapping("/api/audit")
    Map<String, Object> audit(@RequestParam(defaultValue = "48") int kb) {
        if (kb < 1 || kb > MAX_KB) {
            throw new InvalidInputException("kb must be between 1 and " + MAX_KB + ", got " + kb);
        }
        long seq;
        synchronized (trail) {
            seq = next++;
            byte[] record = new byte[kb * 1024];
            // Touch every page, as a serialiser filling the record would.
            for (int i = 0; i < record.length; i += 512) {
                record[i] = (byte) (seq + i);
            }
            trail[(int) (seq % KEPT)] = record;
        }
        return Map.of("seq", seq, "kb", kb);
    }
}

package dev.poolscope.testapp.cases.warmup;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.CRC32;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** Balances, and the index rebuild the first one starts. */
@Component
class Ledger {
    private final int rounds;
    private final int rebuildThreads;
    private final long rebuildNanos;
    private final AtomicBoolean rebuilt = new AtomicBoolean();

    Ledger(@Value("${ledger.rounds}") int rounds, @Value("${ledger.rebuild-threads}") int rebuildThreads,
            @Value("${ledger.rebuild-seconds}") long rebuildSeconds) {
        this.rounds = rounds;
        this.rebuildThreads = rebuildThreads;
        this.rebuildNanos = rebuildSeconds * 1_000_000_000L;
    }

    long balance(long account) {
        if (rebuilt.compareAndSet(false, true)) {
            rebuildIndex();
        }
        return checksum(account, rounds);
    }

    /** Lazy start-up work, the way many services warm a cache at first use: busy threads for a fixed time. */
    private void rebuildIndex() {
        long until = System.nanoTime() + rebuildNanos;
        for (int i = 0; i < rebuildThreads; i++) {
            Thread t = new Thread(() -> {
                long seed = 0;
                while (System.nanoTime() < until) {
                    seed = checksum(seed, 1000);
                }
            }, "ledger-index-rebuild-" + i);
            t.setDaemon(true);
            t.start();
        }
    }

    private static long checksum(long seed, int rounds) {
        CRC32 crc = new CRC32();
        long v = seed;
        byte[] b = new byte[64];
        for (int i = 0; i < rounds; i++) {
            b[i & 63] = (byte) v;
            crc.update(b);
            v = crc.getValue() * 31 + i;
        }
        return v;
    }
}

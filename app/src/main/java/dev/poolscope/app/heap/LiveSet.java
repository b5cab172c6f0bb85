package dev.poolscope.app.heap;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * What the app keeps live for its whole life, for the lab's GC-bound scenario: {@code lab.heap.retain-mb} of byte
 * arrays held from start-up on, as a cache that never evicts holds its entries. Every collection must keep (or, in a
 * full collection, move) them, and whatever the heap has beyond them is all the room the next allocation gets.
 */
@Component
class LiveSet {
    private static final Logger log = LoggerFactory.getLogger(LiveSet.class);
    static final int CHUNK = 64 * 1024;

    private final List<byte[]> kept;

    LiveSet(@Value("${lab.heap.retain-mb:0}") int retainMb) {
        int chunks = retainMb * (1024 * 1024 / CHUNK);
        kept = new ArrayList<>(chunks);
        for (int i = 0; i < chunks; i++) {
            byte[] chunk = new byte[CHUNK];
            // Written, so the pages are really there.
            for (int b = 0; b < CHUNK; b += 4096) {
                chunk[b] = (byte) i;
            }
            kept.add(chunk);
        }
        if (retainMb > 0) {
            log.info("keeping {} MB live (lab.heap.retain-mb) of a {} MB maximum heap", retainMb,
                    Runtime.getRuntime().maxMemory() >> 20);
        }
    }

    long bytes() {
        return (long) kept.size() * CHUNK;
    }
}

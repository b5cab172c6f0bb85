package dev.poolscope.app.heap;

import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;

/**
 * An allocation-heavy request: {@code kb} KB of short-lived byte arrays, as a request that builds a large response or
 * copies buffers makes them. Nothing of it outlives the request; what it costs is the collections it brings on.
 */
@RestController
class AllocController {
    static final int MAX_KB = 64 * 1024;
    /** Small enough never to be a humongous object, whatever the region size. */
    static final int CHUNK = 8 * 1024;

    private final LiveSet live;

    AllocController(LiveSet live) {
        this.live = live;
    }

    @GetMapping("/api/alloc")
    Map<String, Object> alloc(@RequestParam(defaultValue = "256") int kb) {
        if (kb < 1 || kb > MAX_KB) {
            throw new InvalidInputException("kb must be between 1 and " + MAX_KB + ", got " + kb);
        }
        long checksum = 0;
        for (int i = 0; i < kb * 1024 / CHUNK; i++) {
            byte[] chunk = new byte[CHUNK];
            chunk[i % CHUNK] = (byte) i;
            checksum += chunk[i % CHUNK] + chunk.length;
        }
        return Map.of("kb", kb, "checksum", checksum, "liveMb", live.bytes() >> 20);
    }
}

package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyStatsTest {

    @Test
    void percentilesAndThroughputFromAJtl(@TempDir Path dir) throws Exception {
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,success,requestId\n");
        for (int i = 1; i <= 100; i++) {
            // 100 samples over 10 s, elapsed 1..100 ms
            jtl.append(1_000_000L + i * 100L - 100).append(',').append(i)
                    .append(",\"GET /api/ping, quoted\",200,true,id-").append(i).append('\n');
        }
        Path file = dir.resolve("r.jtl");
        Files.writeString(file, jtl);
        LatencyStats s = LatencyStats.read(file);
        assertThat(s.samples()).isEqualTo(100);
        assertThat(s.p50Ms()).isEqualTo(50);
        assertThat(s.p99Ms()).isEqualTo(99);
        assertThat(s.throughputPerSecond()).isBetween(10.0, 10.2);
    }
}

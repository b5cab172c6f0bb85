package dev.poolscope.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Throughput and latency percentiles of a JMeter CSV .jtl, for benchmarks that compare runs. */
record LatencyStats(long samples, double throughputPerSecond, double p50Ms, double p99Ms) {

    static LatencyStats read(Path jtl) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                return new LatencyStats(0, 0, 0, 0);
            }
            List<String> columns = Arrays.asList(header.split(","));
            int ts = columns.indexOf("timeStamp");
            int elapsed = columns.indexOf("elapsed");
            if (ts < 0 || elapsed < 0) {
                throw new IOException(jtl + " has no timeStamp/elapsed columns");
            }
            long[] values = new long[1024];
            int n = 0;
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            for (String line; (line = in.readLine()) != null;) {
                // The two numeric columns come first in JMeter's CSV, before any quoted text.
                String[] f = line.split(",", Math.max(ts, elapsed) + 2);
                long start = Long.parseLong(f[ts]);
                long ms = Long.parseLong(f[elapsed]);
                if (n == values.length) {
                    values = Arrays.copyOf(values, n * 2);
                }
                values[n++] = ms;
                first = Math.min(first, start);
                last = Math.max(last, start + ms);
            }
            if (n == 0) {
                return new LatencyStats(0, 0, 0, 0);
            }
            long[] sorted = Arrays.copyOf(values, n);
            Arrays.sort(sorted);
            double seconds = Math.max(1, last - first) / 1000.0;
            return new LatencyStats(n, n / seconds, percentile(sorted, 0.50), percentile(sorted, 0.99));
        }
    }

    static double percentile(long[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
    }
}

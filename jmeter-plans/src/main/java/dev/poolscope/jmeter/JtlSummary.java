package dev.poolscope.jmeter;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.poolscope.format.jtl.JtlColumns;
import dev.poolscope.format.jtl.JtlFormatException;
import dev.poolscope.format.jtl.JtlRows;

/**
 * What a JMeter CSV results file (.jtl) says about a run: how many samples, how many failed and why. JMeter exits 0
 * even when every sample fails, so whatever runs a plan reads this and reports the error rate itself.
 *
 * <p>
 * Read through {@link JtlRows}. Needed: {@code timeStamp} (epoch milliseconds), {@code elapsed}, {@code success};
 * used when present: {@code label}, {@code responseCode}, {@code requestId} (JMeter's {@code null} for a plan that
 * sets none counts as no id).
 *
 * @param samples
 *            result rows
 * @param errors
 *            rows with {@code success=false}
 * @param firstStartMs
 *            earliest sample start (epoch ms), 0 without samples
 * @param lastEndMs
 *            latest sample end (start + elapsed, epoch ms), 0 without samples
 * @param samplesWithoutRequestId
 *            rows with no {@code requestId} value (all of them when the column is missing)
 * @param p50Ms
 *            median {@code elapsed} (nearest rank), 0 without samples
 * @param p99Ms
 *            99th percentile of {@code elapsed} (nearest rank), 0 without samples
 * @param byLabel
 *            counts per sampler label, in order of first appearance
 * @param errorsByCode
 *            failed rows per response code (JMeter puts the exception there for non-HTTP failures), most frequent
 *            first
 */
public record JtlSummary(long samples, long errors, long firstStartMs, long lastEndMs,
        long samplesWithoutRequestId, long p50Ms, long p99Ms,
        Map<String, Counts> byLabel, Map<String, Long> errorsByCode) {

    /** Samples and failures of one label. */
    public record Counts(long samples, long errors) {
    }

    public JtlSummary {
        byLabel = Collections.unmodifiableMap(new LinkedHashMap<>(byLabel));
        errorsByCode = Collections.unmodifiableMap(new LinkedHashMap<>(errorsByCode));
    }

    /** Failed samples over all samples, 0 to 1; 0 for an empty run (check {@link #samples()} for that). */
    public double errorRate() {
        return samples == 0 ? 0 : (double) errors / samples;
    }

    /** From the first sample's start to the last sample's end. */
    public long durationMs() {
        return lastEndMs - firstStartMs;
    }

    /** Completed samples per second over {@link #durationMs()}. */
    public double throughputPerSecond() {
        return durationMs() <= 0 ? 0 : samples * 1000.0 / durationMs();
    }

    /**
     * One line for a person, e.g. {@code 1200 samples, 3 errors (0.25%): 503 x 2, Non HTTP response code:
     * java.net.SocketTimeoutException x 1; 40.0/s over 30.0 s}.
     */
    public String describe() {
        StringBuilder s = new StringBuilder();
        s.append(samples).append(samples == 1 ? " sample, " : " samples, ");
        s.append(errors).append(errors == 1 ? " error" : " errors");
        s.append(String.format(Locale.ROOT, " (%.2f%%)", errorRate() * 100));
        if (!errorsByCode.isEmpty()) {
            s.append(": ").append(errorsByCode.entrySet()
                    .stream()
                    .map(e -> e.getKey() + " x " + e.getValue())
                    .collect(Collectors.joining(", ")));
        }
        if (samples > 0) {
            s.append(String.format(Locale.ROOT, "; %.1f/s over %.1f s", throughputPerSecond(),
                    durationMs() / 1000.0));
        }
        if (samplesWithoutRequestId > 0) {
            s.append("; ").append(samplesWithoutRequestId).append(" without a request id");
        }
        return s.toString();
    }

    /**
     * Reads a CSV .jtl.
     *
     * @throws JtlFormatException
     *             when the file is not a CSV .jtl with a header row, or a row is malformed
     * @throws IOException
     *             when the file cannot be read
     */
    public static JtlSummary read(Path jtl) throws IOException {
        return read(jtl, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * Reads only the samples that started in {@code [fromMs, toMs)} (epoch ms), e.g. the steady part of a
     * load whose first minute warmed the client and the server. Every row is still checked.
     *
     * @throws JtlFormatException
     *             when the file is not a CSV .jtl with a header row, or a row is malformed
     * @throws IOException
     *             when the file cannot be read
     */
    public static JtlSummary read(Path jtl, long fromMs, long toMs) throws IOException {
        try (JtlRows rows = JtlRows.open(jtl)) {
            return new Totals(rows, fromMs, toMs).summarize();
        }
    }

    /** The running totals of one pass over a file. */
    private static final class Totals {
        private final JtlRows rows;
        private final int timeStamp;
        private final int elapsed;
        private final int success;
        private final int label;
        private final int responseCode;
        private final int requestId;
        private long samples;
        private long errors;
        private long firstStartMs = Long.MAX_VALUE;
        private long lastEndMs = Long.MIN_VALUE;
        private long withoutRequestId;
        private long[] elapsedMs = new long[1024];
        private final Map<String, long[]> byLabel = new LinkedHashMap<>();
        private final Map<String, Long> errorsByCode = new HashMap<>();
        private final long fromMs;
        private final long toMs;

        Totals(JtlRows rows, long fromMs, long toMs) {
            this.rows = rows;
            this.fromMs = fromMs;
            this.toMs = toMs;
            timeStamp = rows.require(JtlColumns.TIME_STAMP);
            elapsed = rows.require(JtlColumns.ELAPSED);
            success = rows.require(JtlColumns.SUCCESS);
            label = rows.column(JtlColumns.LABEL);
            responseCode = rows.column(JtlColumns.RESPONSE_CODE);
            requestId = rows.column(JtlColumns.REQUEST_ID);
        }

        JtlSummary summarize() throws IOException {
            for (JtlRows.Row row; (row = rows.next()) != null;) {
                try {
                    add(row);
                } catch (JtlFormatException e) {
                    // Only the last row of a file cut off mid-line may be malformed: it is dropped.
                    if (!row.mayBeTorn()) {
                        throw e;
                    }
                    rows.drop(row);
                }
            }
            Map<String, Counts> labels = new LinkedHashMap<>();
            byLabel.forEach((l, c) -> labels.put(l, new Counts(c[0], c[1])));
            Map<String, Long> codes = new LinkedHashMap<>();
            errorsByCode.entrySet()
                    .stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                            .thenComparing(Map.Entry.comparingByKey()))
                    .forEach(e -> codes.put(e.getKey(), e.getValue()));
            if (samples == 0) {
                return new JtlSummary(0, 0, 0, 0, 0, 0, 0, labels, codes);
            }
            long[] sorted = Arrays.copyOf(elapsedMs, (int) samples);
            Arrays.sort(sorted);
            return new JtlSummary(samples, errors, firstStartMs, lastEndMs, withoutRequestId,
                    rank(sorted, 0.50),
                    rank(sorted, 0.99), labels, codes);
        }

        private static long rank(long[] sorted, double q) {
            int i = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
        }

        private void add(JtlRows.Row row) {
            long line = row.line();
            if (row.size() < rows.headerSize()) {
                throw rows.fail("line " + line + " has " + row.size() + " fields, the header "
                        + rows.headerSize());
            }
            long start = number(row.get(timeStamp), JtlColumns.TIME_STAMP, line);
            long ms = number(row.get(elapsed), JtlColumns.ELAPSED, line);
            boolean ok = switch (row.get(success)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw rows.fail("line " + line + ": success is '" + row.get(success)
                        + "', not true or false");
            };
            if (start < fromMs || start >= toMs) {
                return;
            }
            if (samples == elapsedMs.length) {
                elapsedMs = Arrays.copyOf(elapsedMs, elapsedMs.length * 2);
            }
            elapsedMs[(int) samples] = ms;
            samples++;
            firstStartMs = Math.min(firstStartMs, start);
            lastEndMs = Math.max(lastEndMs, start + ms);
            long[] counts = byLabel.computeIfAbsent(row.get(label), l -> new long[2]);
            counts[0]++;
            if (!ok) {
                errors++;
                counts[1]++;
                String code = row.get(responseCode);
                errorsByCode.merge(code.isEmpty() ? "no response code" : code, 1L, Long::sum);
            }
            if (JtlRows.requestId(row.get(requestId)).isEmpty()) {
                withoutRequestId++;
            }
        }

        private long number(String value, String column, long line) {
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                String hint = column.equals(JtlColumns.TIME_STAMP)
                        ? " (poolscope needs -Jjmeter.save.saveservice.timestamp_format=ms)"
                        : "";
                throw rows.fail(
                        "line " + line + ": " + column + " is '" + value + "', not a whole number" + hint);
            }
        }
    }
}

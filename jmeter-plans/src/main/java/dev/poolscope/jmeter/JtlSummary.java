package dev.poolscope.jmeter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a JMeter CSV results file (.jtl) says about a run: how many samples, how many failed and why. JMeter exits 0
 * even when every sample fails, so whatever runs a plan reads this and reports the error rate itself.
 *
 * <p>
 * Columns are found by their header names (JMeter writes the header with
 * {@code jmeter.save.saveservice.print_field_names=true}, its default), so extra or reordered columns are fine.
 * Needed: {@code timeStamp} (epoch milliseconds), {@code elapsed}, {@code success}; used when present:
 * {@code label}, {@code responseCode}, {@code requestId}.
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
        try (BufferedReader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
            return new JtlReader(jtl, in, fromMs, toMs).summarize();
        }
    }

    /** Reads one file, once; the state is the running totals. */
    private static final class JtlReader {
        private final Path jtl;
        private final BufferedReader in;
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
        /** The file does not end with a line break: its writer stopped mid-line. */
        private final boolean torn;
        private long tornRows;

        JtlReader(Path jtl, BufferedReader in, long fromMs, long toMs) throws IOException {
            this.torn = endsMidLine(jtl);
            this.jtl = jtl;
            this.in = in;
            this.fromMs = fromMs;
            this.toMs = toMs;
        }

        JtlSummary summarize() throws IOException {
            String firstLine = in.readLine();
            if (firstLine == null || firstLine.isBlank()) {
                throw fail("is empty (did JMeter run? see its jmeter.log)");
            }
            if (firstLine.startsWith("<")) {
                throw fail("is an XML .jtl; poolscope reads CSV results: run JMeter with"
                        + " -Jjmeter.save.saveservice.output_format=csv");
            }
            // JMeter's default delimiter is a comma; a tab-separated file is recognised by its header.
            char delimiter = firstLine.indexOf(',') < 0 && firstLine.indexOf('\t') >= 0 ? '\t' : ',';
            Header header = new Header(next(new CsvRecords(new StringReader(firstLine), delimiter, 1)));
            CsvRecords records = new CsvRecords(in, delimiter, 2);
            long rowLine = records.line();
            List<String> row = next(records, false);
            while (row != null) {
                long line = rowLine;
                rowLine = records.line();
                // One row ahead: only the file's last row may be torn (JMeter killed mid-write) and skipped.
                List<String> following = next(records, torn);
                if (!(row.size() == 1 && row.get(0).isEmpty())) {
                    try {
                        add(header, row, line);
                    } catch (JtlFormatException e) {
                        if (following != null || !torn) {
                            throw e;
                        }
                        tornRows++;
                    }
                }
                row = following;
            }
            Map<String, Counts> labels = new LinkedHashMap<>();
            byLabel.forEach((label, c) -> labels.put(label, new Counts(c[0], c[1])));
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

        private static boolean endsMidLine(Path file) throws IOException {
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "r")) {
                if (f.length() == 0) {
                    return false;
                }
                f.seek(f.length() - 1);
                return f.read() != '\n';
            }
        }

        private static long rank(long[] sorted, double q) {
            int i = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
        }

        private List<String> next(CsvRecords records) throws IOException {
            return next(records, false);
        }

        /** A record; with {@code lastMayBeTorn}, a record that cannot be parsed ends the file instead. */
        private List<String> next(CsvRecords records, boolean lastMayBeTorn) throws IOException {
            try {
                return records.next();
            } catch (IllegalArgumentException e) {
                if (lastMayBeTorn) {
                    tornRows++;
                    return null;
                }
                throw fail(e.getMessage());
            }
        }

        private void add(Header header, List<String> row, long line) {
            if (row.size() < header.size) {
                throw fail("line " + line + " has " + row.size() + " fields, the header " + header.size);
            }
            long start = number(row.get(header.timeStamp), "timeStamp", line);
            long elapsed = number(row.get(header.elapsed), "elapsed", line);
            boolean ok = switch (row.get(header.success)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw fail("line " + line + ": success is '" + row.get(header.success)
                        + "', not true or false");
            };
            if (start < fromMs || start >= toMs) {
                return;
            }
            if (samples == elapsedMs.length) {
                elapsedMs = Arrays.copyOf(elapsedMs, elapsedMs.length * 2);
            }
            elapsedMs[(int) samples] = elapsed;
            samples++;
            firstStartMs = Math.min(firstStartMs, start);
            lastEndMs = Math.max(lastEndMs, start + elapsed);
            String label = header.label < 0 ? "" : row.get(header.label);
            long[] counts = byLabel.computeIfAbsent(label, l -> new long[2]);
            counts[0]++;
            if (!ok) {
                errors++;
                counts[1]++;
                String code = header.responseCode < 0 ? "" : row.get(header.responseCode);
                errorsByCode.merge(code.isEmpty() ? "no response code" : code, 1L, Long::sum);
            }
            if (header.requestId < 0 || row.get(header.requestId).isEmpty()) {
                withoutRequestId++;
            }
        }

        private long number(String value, String column, long line) {
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                String hint = column.equals("timeStamp")
                        ? " (poolscope needs -Jjmeter.save.saveservice.timestamp_format=ms)"
                        : "";
                throw fail("line " + line + ": " + column + " is '" + value + "', not a whole number" + hint);
            }
        }

        private JtlFormatException fail(String what) {
            return new JtlFormatException(jtl + " " + what);
        }

        /** Column positions by name; -1 for an optional column that is missing. */
        private final class Header {
            final int size;
            final int timeStamp;
            final int elapsed;
            final int success;
            final int label;
            final int responseCode;
            final int requestId;

            Header(List<String> names) {
                size = names.size();
                timeStamp = required(names, "timeStamp");
                elapsed = required(names, "elapsed");
                success = required(names, "success");
                label = names.indexOf("label");
                responseCode = names.indexOf("responseCode");
                requestId = names.indexOf("requestId");
            }

            private int required(List<String> names, String name) {
                int i = names.indexOf(name);
                if (i < 0) {
                    throw fail(
                            "has no '" + name + "' column in its first line; poolscope reads CSV results with"
                                    + " a header row (-Jjmeter.save.saveservice.print_field_names=true)");
                }
                return i;
            }
        }
    }
}

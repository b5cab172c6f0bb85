package dev.poolscope.analysis.jtl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import dev.poolscope.format.jtl.JtlColumns;
import dev.poolscope.format.jtl.JtlFormatException;
import dev.poolscope.format.jtl.JtlRows;

/**
 * Streams a JMeter CSV .jtl into samples, through the format module's {@link JtlRows} (the one reader of the format). Rows
 * whose numbers cannot be parsed are counted, not fatal: a report from the rows that can be read beats none.
 */
public final class JtlReader {

    /** A sink that wants to know, before the first sample, whether the file has poolscope's request id column. */
    public interface Columns {
        void columns(boolean hasRequestId);
    }

    /** Outcome of a pass: rows read and rows skipped. */
    public record Result(long rows, long skipped, boolean hasRequestId) {
    }

    public Result read(Path file, Consumer<JtlSample> sink) throws JtlException {
        if (!Files.isRegularFile(file)) {
            throw new JtlException("no JMeter results: " + file + " does not exist");
        }
        try (JtlRows rows = JtlRows.open(file)) {
            int timeStamp = rows.require(JtlColumns.TIME_STAMP);
            int elapsed = rows.require(JtlColumns.ELAPSED);
            int label = rows.column(JtlColumns.LABEL);
            int responseCode = rows.column(JtlColumns.RESPONSE_CODE);
            int success = rows.column(JtlColumns.SUCCESS);
            int allThreads = rows.column(JtlColumns.ALL_THREADS);
            int latency = rows.column(JtlColumns.LATENCY);
            int connect = rows.column(JtlColumns.CONNECT);
            int url = rows.column(JtlColumns.URL);
            int requestId = rows.column(JtlColumns.REQUEST_ID);
            if (sink instanceof Columns c) {
                c.columns(requestId >= 0);
            }
            long n = 0;
            long skipped = 0;
            // The few distinct labels, codes and URLs of a run, shared instead of a String per sample.
            Shared labels = new Shared();
            Shared codes = new Shared();
            Shared urls = new Shared();
            while (true) {
                JtlRows.Row r;
                try {
                    r = rows.next();
                } catch (JtlFormatException unterminated) {
                    // A quoted field that never ends runs to the end of the file: keep every row before it.
                    skipped++;
                    break;
                }
                if (r == null) {
                    break;
                }
                try {
                    if (r.getLong(timeStamp, Long.MIN_VALUE) == Long.MIN_VALUE
                            || r.getLong(elapsed, Long.MIN_VALUE) == Long.MIN_VALUE) {
                        throw new NumberFormatException("no timeStamp or elapsed");
                    }
                    sink.accept(new JtlSample(r.getLong(timeStamp, 0), r.getLong(elapsed, 0),
                            labels.of(r.get(label)),
                            codes.of(r.get(responseCode)), "true".equalsIgnoreCase(r.get(success)),
                            (int) r.getLong(allThreads, -1), r.getLong(latency, -1), r.getLong(connect, -1),
                            urls.of(r.get(url)), JtlRows.requestId(r.get(requestId))));
                    n++;
                } catch (NumberFormatException e) {
                    skipped++;
                }
            }
            return new Result(n, skipped + rows.tornRows(), requestId >= 0);
        } catch (JtlFormatException e) {
            throw new JtlException(e.getMessage());
        } catch (IOException | RuntimeException e) {
            String m = e.getMessage() == null
                    ? e.getClass().getSimpleName()
                    : e.getMessage().lines().findFirst().orElse("");
            throw new JtlException("cannot read " + file + ": " + m);
        }
    }

    /** Convenience for tests and small files. */
    public List<JtlSample> readAll(Path file) throws JtlException {
        List<JtlSample> all = new ArrayList<>();
        read(file, all::add);
        return all;
    }

    /** Interns up to a bound, then lets strings be. */
    private static final class Shared {
        private final java.util.Map<String, String> seen = new java.util.HashMap<>();

        String of(String s) {
            String known = seen.get(s);
            if (known != null) {
                return known;
            }
            if (seen.size() < 10_000) {
                seen.put(s, s);
            }
            return s;
        }
    }
}

package dev.poolscope.analysis.jtl;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

/**
 * Streams a JMeter CSV .jtl with a header line. Columns are found by name, so extra columns (sample_variables such as
 * {@code requestId}) may appear anywhere. Rows that cannot be parsed are counted, not fatal.
 */
public final class JtlReader {
    private static final List<String> REQUIRED = List.of("timeStamp", "elapsed");

    /** Outcome of a pass: rows read and rows skipped. */
    public record Result(long rows, long skipped, boolean hasRequestId) {
    }

    public Result read(Path file, Consumer<JtlSample> sink) throws JtlException {
        if (!Files.isRegularFile(file)) {
            throw new JtlException("no JMeter results: " + file + " does not exist");
        }
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        mapper.enable(CsvParser.Feature.SKIP_EMPTY_LINES);
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                MappingIterator<String[]> rows = mapper.readerFor(String[].class).readValues(reader)) {
            if (!rows.hasNext()) {
                throw new JtlException("no JMeter results: " + file + " is empty");
            }
            Map<String, Integer> col = header(rows.next());
            for (String name : REQUIRED) {
                if (!col.containsKey(name)) {
                    throw new JtlException(
                            file + " is not a CSV .jtl with a header line (no column '" + name + "')");
                }
            }
            long n = 0;
            long skipped = 0;
            while (true) {
                String[] r;
                try {
                    if (!rows.hasNext()) {
                        break;
                    }
                    r = rows.next();
                } catch (RuntimeException torn) {
                    // JMeter killed mid-write leaves a last line cut short (an open quote, say): keep every row before it.
                    skipped++;
                    break;
                }
                try {
                    sink.accept(new JtlSample(Long.parseLong(get(r, col, "timeStamp")),
                            Long.parseLong(get(r, col, "elapsed")), get(r, col, "label"),
                            get(r, col, "responseCode"), "true".equalsIgnoreCase(get(r, col, "success")),
                            parseInt(get(r, col, "allThreads")), parseLong(get(r, col, "Latency")),
                            parseLong(get(r, col, "Connect")), get(r, col, "URL"), get(r, col, "requestId")));
                    n++;
                } catch (NumberFormatException e) {
                    skipped++;
                }
            }
            return new Result(n, skipped, col.containsKey("requestId"));
        } catch (IOException | RuntimeException e) {
            String m = e.getMessage() == null
                    ? e.getClass().getSimpleName()
                    : e.getMessage().lines().findFirst()
                            .orElse("");
            throw new JtlException("cannot read " + file + ": " + m);
        }
    }

    /** Convenience for tests and small files. */
    public List<JtlSample> readAll(Path file) throws JtlException {
        List<JtlSample> all = new ArrayList<>();
        read(file, all::add);
        return all;
    }

    private static Map<String, Integer> header(String[] h) {
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < h.length; i++) {
            col.putIfAbsent(h[i].trim(), i);
        }
        return col;
    }

    private static String get(String[] r, Map<String, Integer> col, String name) {
        Integer i = col.get(name);
        return i == null || i >= r.length || r[i] == null ? "" : r[i];
    }

    private static int parseInt(String s) {
        return s.isBlank() ? -1 : Integer.parseInt(s.trim());
    }

    private static long parseLong(String s) {
        return s.isBlank() ? -1 : Long.parseLong(s.trim());
    }
}

package dev.poolscope.format.jtl;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The one reader of JMeter's CSV results (.jtl) in poolscope: jmeter-plans' {@code JtlSummary} and the analysis both
 * read through it. It checks what makes a file unreadable as a whole (empty, XML, no header row, no {@code timeStamp} or
 * {@code elapsed} column) and hands out rows with their line numbers; what a row's values must be is the caller's
 * decision, since a summary refuses a malformed row and the analysis skips it.
 *
 * <p>
 * Columns are found by their header names (JMeter writes the header with
 * {@code jmeter.save.saveservice.print_field_names=true}, its default), so extra or reordered columns are fine; a
 * name given twice means its first column. A tab-separated file is recognised by its header. A file that does not end
 * with a line break was cut off by its writer (JMeter killed mid-write): its last row is marked, and when that row
 * cannot even be split into fields (an open quote), it is dropped and counted in {@link #tornRows()}.
 */
public final class JtlRows implements Closeable {

    /**
     * A row: its 1-based line in the file, its fields, and whether it is the last row of a file cut off mid-line. Valid
     * until the next call of {@link JtlRows#next()}: rows are read into reused arrays.
     */
    public static final class Row {
        private final long line;
        private final CsvRecords.Record record;
        private final boolean mayBeTorn;

        Row(long line, CsvRecords.Record record, boolean mayBeTorn) {
            this.line = line;
            this.record = record;
            this.mayBeTorn = mayBeTorn;
        }

        public long line() {
            return line;
        }

        public boolean mayBeTorn() {
            return mayBeTorn;
        }

        /** How many fields the row has. */
        public int size() {
            return record.size();
        }

        /** The field in {@code column} ({@link JtlRows#column}), "" when the column is missing or the row short. */
        public String get(int column) {
            return column < 0 || column >= record.size() ? "" : record.get(column);
        }

        /**
         * The field in {@code column} as a number; {@code ifBlank} when it is blank, missing or the row short.
         *
         * @throws NumberFormatException
         *             when it is not a whole number
         */
        public long getLong(int column, long ifBlank) {
            return column < 0 || column >= record.size() || record.isBlank(column)
                    ? ifBlank
                    : record.getLong(column);
        }
    }

    private final Path file;
    private final InputStream in;
    private final boolean torn;
    private final Map<String, Integer> columns = new HashMap<>();
    private final int headerSize;
    private final CsvRecords records;
    private Row ahead;
    private boolean ended;
    private long tornRows;

    private JtlRows(Path file, InputStream in) throws IOException {
        this.file = file;
        this.in = in;
        this.torn = endsMidLine(file);
        String firstLine = firstLine(in);
        if (firstLine == null || firstLine.isBlank()) {
            throw fail("is empty (did JMeter run? see its jmeter.log)");
        }
        if (firstLine.startsWith("<")) {
            throw fail("is an XML .jtl; poolscope reads CSV results: run JMeter with"
                    + " -Jjmeter.save.saveservice.output_format=csv");
        }
        // JMeter's default delimiter is a comma; a tab-separated file is recognised by its header.
        char delimiter = firstLine.indexOf(',') < 0 && firstLine.indexOf('\t') >= 0 ? '\t' : ',';
        CsvRecords.Record names = new CsvRecords(
                new java.io.ByteArrayInputStream(firstLine.getBytes(StandardCharsets.UTF_8)), delimiter, 1)
                .next();
        headerSize = names.size();
        for (int i = 0; i < names.size(); i++) {
            columns.putIfAbsent(names.get(i).trim(), i);
        }
        require(JtlColumns.TIME_STAMP);
        require(JtlColumns.ELAPSED);
        records = new CsvRecords(in, delimiter, 2);
        ahead = read();
    }

    /**
     * Opens a CSV .jtl and reads its header.
     *
     * @throws JtlFormatException
     *             when the file is empty, XML, or has no header row with {@code timeStamp} and {@code elapsed}
     * @throws IOException
     *             when it cannot be read (a missing file is {@link java.nio.file.NoSuchFileException})
     */
    public static JtlRows open(Path jtl) throws IOException {
        InputStream in = Files.newInputStream(jtl);
        try {
            return new JtlRows(jtl, in);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** The position of a column, or -1 when the file has none by that name. */
    public int column(String name) {
        return columns.getOrDefault(name, -1);
    }

    /**
     * The position of a column the caller cannot do without.
     *
     * @throws JtlFormatException
     *             naming the column and how to make JMeter write it
     */
    public int require(String name) {
        Integer i = columns.get(name);
        if (i == null) {
            throw fail("has no '" + name + "' column in its first line; poolscope reads CSV results with"
                    + " a header row (-Jjmeter.save.saveservice.print_field_names=true)");
        }
        return i;
    }

    /** How many fields the header has. */
    public int headerSize() {
        return headerSize;
    }

    /**
     * The next row (blank lines skipped), or null at the end.
     *
     * @throws JtlFormatException
     *             when a quoted field never ends in a file that was not cut off
     */
    public Row next() throws IOException {
        Row row = ahead;
        if (row != null) {
            // One row ahead: only the file's last row may be torn.
            ahead = read();
            if (ahead == null && torn) {
                row = new Row(row.line(), row.record, true);
            }
        }
        return row;
    }

    /** Rows dropped because the writer stopped in the middle of them (0 or 1), counting the caller's {@link #drop}s. */
    public long tornRows() {
        return tornRows;
    }

    /** Counts a row the caller dropped because it {@link Row#mayBeTorn() may be torn} and does not parse. */
    public void drop(Row row) {
        if (!row.mayBeTorn()) {
            throw new IllegalArgumentException("line " + row.line() + " is not the torn last row");
        }
        tornRows++;
    }

    /** A one-line error about this file: {@code FILE what}. */
    public JtlFormatException fail(String what) {
        return new JtlFormatException(file + " " + what);
    }

    /**
     * The request id of a row: JMeter writes the literal {@code null} for a sample variable the plan never set (a plan
     * that sends no request id, run with {@code -Jsample_variables=requestId}), which is no id at all.
     */
    public static String requestId(String value) {
        return value == null || value.equals("null") ? "" : value;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private Row read() throws IOException {
        while (!ended) {
            long line = records.line();
            CsvRecords.Record fields;
            try {
                fields = records.next();
            } catch (IllegalArgumentException e) {
                if (!torn) {
                    throw fail(e.getMessage());
                }
                tornRows++;
                fields = null;
            }
            if (fields == null) {
                ended = true;
                return null;
            }
            if (!(fields.size() == 1 && fields.get(0).isEmpty())) {
                return new Row(line, fields, false);
            }
        }
        return null;
    }

    /** The header line, read byte by byte so the records after it start where it ends. */
    private static String firstLine(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
    }

    private static boolean endsMidLine(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            if (f.length() == 0) {
                return false;
            }
            f.seek(f.length() - 1);
            return f.read() != '\n';
        }
    }
}

package dev.poolscope.format.jtl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads CSV records the way JMeter writes them (UTF-8): fields holding the delimiter, a quote or a line break are
 * quoted, quotes inside doubled. A quoted field may span lines (a failure message can), so this scans bytes, not
 * lines. A record keeps its bytes and where each field lies; a field becomes a String only when asked for, so a reader
 * that needs a few of a row's seventeen columns pays for those few.
 */
final class CsvRecords {
    private final InputStream in;
    private final byte delimiter;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int limit;
    private long line;

    /** @param firstLine number of the input's first line, for error messages */
    CsvRecords(InputStream in, char delimiter, long firstLine) {
        this.in = in;
        this.delimiter = (byte) delimiter;
        this.line = firstLine;
    }

    /** Line number where the next record starts, for error messages. */
    long line() {
        return line;
    }

    /** One record: its bytes and its fields' bounds; a quoted field's doubled quotes are undone when it is read. */
    static final class Record {
        private final byte[] bytes;
        private final int[] bounds;
        private final boolean[] quoted;
        private final int size;

        Record(byte[] bytes, int[] bounds, boolean[] quoted, int size) {
            this.bytes = bytes;
            this.bounds = bounds;
            this.quoted = quoted;
            this.size = size;
        }

        int size() {
            return size;
        }

        String get(int i) {
            int from = bounds[2 * i];
            int to = bounds[2 * i + 1];
            String s = new String(bytes, from, to - from, StandardCharsets.UTF_8);
            return quoted[i] ? s.replace("\"\"", "\"") : s;
        }

        /** A field of digits (an optional minus, blanks around) as a number, without making a String. */
        long getLong(int i) {
            int from = bounds[2 * i];
            int to = bounds[2 * i + 1];
            while (from < to && bytes[from] == ' ') {
                from++;
            }
            while (to > from && bytes[to - 1] == ' ') {
                to--;
            }
            boolean negative = from < to && bytes[from] == '-';
            int p = negative ? from + 1 : from;
            if (p == to || to - p > 18) {
                return Long.parseLong(get(i).trim());
            }
            long v = 0;
            for (; p < to; p++) {
                int d = bytes[p] - '0';
                if (d < 0 || d > 9) {
                    return Long.parseLong(get(i).trim());
                }
                v = v * 10 + d;
            }
            return negative ? -v : v;
        }

        boolean isBlank(int i) {
            for (int p = bounds[2 * i]; p < bounds[2 * i + 1]; p++) {
                if (bytes[p] != ' ' && bytes[p] != '\t') {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Where records are assembled: two sets used in turn, so a record stays valid while the next one is read (the
     * caller reads one ahead) without copying every record's bytes.
     */
    private final Scratch[] scratch = {new Scratch(), new Scratch()};
    private int turn;
    /** Whether the last record was a blank line: the next one takes its place (callers skip blank lines). */
    private boolean lastBlank;

    private static final class Scratch {
        byte[] rec = new byte[256];
        int[] bounds = new int[64];
        boolean[] quoted = new boolean[32];
    }

    /**
     * The next record, or null at the end of the input. It stays valid until the second call after this one (blank
     * lines, a record of one empty field, not counted).
     *
     * @throws IllegalArgumentException
     *             when the input ends inside a quoted field; the message continues a sentence about the input
     */
    Record next() throws IOException {
        if (pos >= limit && !fill()) {
            return null;
        }
        if (!lastBlank) {
            turn ^= 1;
        }
        Scratch s = scratch[turn];
        int n = 0;
        int fields = 0;
        int start = 0;
        boolean wasQuoted = false;
        while (true) {
            if (pos >= limit && !fill()) {
                return record(s, n, field(s, fields, start, n, wasQuoted));
            }
            byte b = buf[pos];
            if (b == '"' && n == start) {
                pos++;
                wasQuoted = true;
                n = quoted(s, n);
            } else if (b == delimiter) {
                pos++;
                fields = field(s, fields, start, n, wasQuoted);
                start = n;
                wasQuoted = false;
            } else if (b == '\n') {
                pos++;
                line++;
                return record(s, n, field(s, fields, start, n, wasQuoted));
            } else if (b == '\r') {
                pos++;
                if ((pos < limit || fill()) && buf[pos] == '\n') {
                    pos++;
                    line++;
                }
                return record(s, n, field(s, fields, start, n, wasQuoted));
            } else {
                // A run of plain bytes (a quote past a field's start is one), copied at once.
                int j = pos + 1;
                while (j < limit) {
                    byte x = buf[j];
                    if (x == delimiter || x == '\n' || x == '\r') {
                        break;
                    }
                    j++;
                }
                int len = j - pos;
                if (n + len > s.rec.length) {
                    s.rec = Arrays.copyOf(s.rec, Math.max(2 * s.rec.length, n + len));
                }
                System.arraycopy(buf, pos, s.rec, n, len);
                n += len;
                pos = j;
            }
        }
    }

    /**
     * A quoted field's bytes after its opening quote, up to its closing quote (doubled quotes kept doubled, undone when
     * the field is read); the byte after the closing quote is left to the caller. Returns the record's new length.
     */
    private int quoted(Scratch s, int n) throws IOException {
        while (true) {
            if (pos >= limit && !fill()) {
                throw new IllegalArgumentException("has an unterminated quoted field before line " + line);
            }
            byte b = buf[pos++];
            if (b == '"') {
                if ((pos < limit || fill()) && buf[pos] == '"') {
                    pos++;
                    n = put(s, n, (byte) '"');
                    n = put(s, n, (byte) '"');
                    continue;
                }
                return n;
            }
            if (b == '\n') {
                line++;
            }
            n = put(s, n, b);
        }
    }

    private Record record(Scratch s, int n, int fields) {
        lastBlank = fields == 1 && n == 0;
        return new Record(s.rec, s.bounds, s.quoted, fields);
    }

    private static int put(Scratch s, int n, byte b) {
        if (n == s.rec.length) {
            s.rec = Arrays.copyOf(s.rec, n * 2);
        }
        s.rec[n] = b;
        return n + 1;
    }

    private static int field(Scratch s, int fields, int start, int end, boolean wasQuoted) {
        if (2 * fields + 2 > s.bounds.length) {
            s.bounds = Arrays.copyOf(s.bounds, s.bounds.length * 2);
            s.quoted = Arrays.copyOf(s.quoted, s.quoted.length * 2);
        }
        s.bounds[2 * fields] = start;
        s.bounds[2 * fields + 1] = end;
        s.quoted[fields] = wasQuoted;
        return fields + 1;
    }

    /** The next bytes of the input into the buffer; false at its end. */
    private boolean fill() throws IOException {
        limit = in.read(buf, 0, buf.length);
        pos = 0;
        if (limit <= 0) {
            limit = 0;
            return false;
        }
        return true;
    }
}

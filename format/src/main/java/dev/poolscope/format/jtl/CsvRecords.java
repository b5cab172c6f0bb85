package dev.poolscope.format.jtl;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads CSV records the way JMeter writes them: fields holding the delimiter, a quote or a line break are quoted,
 * quotes inside doubled. A quoted field may span lines (a failure message can), so this reads characters, not lines.
 */
final class CsvRecords {
    private final Reader in;
    private final char delimiter;
    private int pushedBack = -2;
    private long line;

    /** @param firstLine number of the input's first line, for error messages */
    CsvRecords(Reader in, char delimiter, long firstLine) {
        this.in = in;
        this.delimiter = delimiter;
        this.line = firstLine;
    }

    /** Line number where the next record starts, for error messages. */
    long line() {
        return line;
    }

    /**
     * The next record's fields, or null at the end of the input.
     *
     * @throws IllegalArgumentException
     *             when the input ends inside a quoted field; the message continues a sentence about the input
     */
    List<String> next() throws IOException {
        int c = read();
        if (c == -1) {
            return null;
        }
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        while (true) {
            if (quoted) {
                if (c == -1) {
                    throw new IllegalArgumentException(
                            "has an unterminated quoted field before line " + line);
                }
                if (c == '"') {
                    int n = read();
                    if (n == '"') {
                        field.append('"');
                    } else {
                        quoted = false;
                        c = n;
                        continue;
                    }
                } else {
                    field.append((char) c);
                }
            } else if (c == '"' && field.isEmpty()) {
                quoted = true;
            } else if (c == delimiter) {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r' || c == -1) {
                if (c == '\r') {
                    int n = read();
                    if (n != '\n') {
                        unread(n);
                    }
                }
                fields.add(field.toString());
                return fields;
            } else {
                field.append((char) c);
            }
            c = read();
        }
    }

    private int read() throws IOException {
        int c;
        if (pushedBack != -2) {
            c = pushedBack;
            pushedBack = -2;
        } else {
            c = in.read();
        }
        if (c == '\n') {
            line++;
        }
        return c;
    }

    private void unread(int c) {
        if (c == '\n') {
            line--;
        }
        pushedBack = c;
    }
}

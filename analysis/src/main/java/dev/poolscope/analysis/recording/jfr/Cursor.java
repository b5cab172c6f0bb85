package dev.poolscope.analysis.recording.jfr;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads JFR's encodings from one chunk's bytes at an explicit position. JFR writes integers as LEB128 varints when
 * the chunk says its integers are compressed (every JDK since 11 does), else big-endian fixed width; floats and
 * doubles are always fixed width. A plain byte array: the parser's inner loop is this class, and array reads are the
 * cheapest the JVM has.
 */
final class Cursor {
    private final byte[] b;
    /** Where the chunk ends in {@link #b}, which may be longer (a buffer reused chunk after chunk). */
    private final int limit;
    private final boolean compressed;
    int pos;

    Cursor(byte[] bytes, int limit, boolean compressed) {
        this.b = bytes;
        this.limit = limit;
        this.compressed = compressed;
    }

    int limit() {
        return limit;
    }

    byte readByte() {
        return b[pos++];
    }

    boolean readBoolean() {
        return b[pos++] != 0;
    }

    int readInt() {
        return compressed ? (int) readVarlong() : (int) fixed(4);
    }

    long readLong() {
        return compressed ? readVarlong() : fixed(8);
    }

    short readShort() {
        return compressed ? (short) readVarlong() : (short) fixed(2);
    }

    char readChar() {
        return compressed ? (char) readVarlong() : (char) fixed(2);
    }

    float readFloat() {
        return Float.intBitsToFloat((int) fixed(4));
    }

    double readDouble() {
        return Double.longBitsToDouble(fixed(8));
    }

    /** Big-endian, {@code n} bytes. */
    private long fixed(int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = v << 8 | (b[pos++] & 0xFF);
        }
        return v;
    }

    /** LEB128 as JFR writes it: seven bits a byte, the ninth byte carries eight. */
    long readVarlong() {
        byte x = b[pos++];
        if (x >= 0) {
            return x;
        }
        long result = x & 0x7FL;
        for (int shift = 7; shift < 56; shift += 7) {
            x = b[pos++];
            result |= (x & 0x7FL) << shift;
            if (x >= 0) {
                return result;
            }
        }
        return result | (b[pos++] & 0xFFL) << 56;
    }

    /** Past one varint without decoding it. */
    void skipVarint() {
        if (!compressed) {
            throw new IllegalStateException("skipVarint on uncompressed integers");
        }
        for (int i = 0; i < 9 && b[pos++] < 0; i++) {
            // continuation bit set: keep going
        }
    }

    /**
     * A string: null, empty, a constant-pool reference (resolved through {@code pool}), UTF-8, an array of chars or
     * Latin-1 bytes, by its leading encoding byte.
     */
    String readString(StringPool pool) {
        byte encoding = b[pos++];
        switch (encoding) {
            case 0 :
                return null;
            case 1 :
                return "";
            case 2 :
                return pool == null ? null : pool.string(readLong());
            case 3 : {
                int n = length();
                String s = new String(b, pos, n, StandardCharsets.UTF_8);
                pos += n;
                return s;
            }
            case 4 : {
                int n = readInt();
                if (n < 0 || n > limit - pos) {
                    throw new JfrFormatException("string of " + n + " chars runs past the chunk at " + pos);
                }
                char[] chars = new char[n];
                for (int i = 0; i < n; i++) {
                    chars[i] = readChar();
                }
                return new String(chars);
            }
            case 5 : {
                int n = length();
                String s = new String(b, pos, n, StandardCharsets.ISO_8859_1);
                pos += n;
                return s;
            }
            default :
                throw new JfrFormatException("invalid string encoding " + encoding + " at " + (pos - 1));
        }
    }

    /** A hash of the bytes [from, to). */
    int hash(int from, int to) {
        int h = 1;
        for (int i = from; i < to; i++) {
            h = 31 * h + b[i];
        }
        return h;
    }

    /** Whether the bytes [from, to) equal those as many bytes long from {@code other}. */
    boolean same(int from, int to, int other) {
        return Arrays.equals(b, from, to, b, other, other + (to - from));
    }

    /** Skips a string without making one. */
    void skipString() {
        byte encoding = b[pos++];
        switch (encoding) {
            case 0, 1 -> {
            }
            case 2 -> readLong();
            case 3, 5 -> {
                int n = length(); // not "pos += length()": length() moves pos, and += would read pos first
                pos += n;
            }
            case 4 -> {
                int n = readInt();
                if (!compressed) {
                    pos += 2 * n;
                    return;
                }
                // Each char is a varint: count the bytes that end one (high bit clear).
                int p = pos;
                for (int i = 0; i < n; p++) {
                    if (b[p] >= 0) {
                        i++;
                    }
                }
                pos = p;
            }
            default ->
                throw new JfrFormatException("invalid string encoding " + encoding + " at " + (pos - 1));
        }
    }

    private int length() {
        int n = readInt();
        if (n < 0 || n > limit - pos) {
            throw new JfrFormatException("string of " + n + " bytes runs past the chunk at " + pos);
        }
        return n;
    }

    /** Resolves string constant-pool references. */
    interface StringPool {
        String string(long key);
    }
}

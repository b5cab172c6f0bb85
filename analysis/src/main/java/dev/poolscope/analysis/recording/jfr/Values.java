package dev.poolscope.analysis.recording.jfr;

/**
 * Reads or skips one field's value by its declared layout: a constant-pool key, an array, a primitive, a string or an
 * inline struct of further fields.
 */
final class Values {
    private final Cursor c;
    private final Cursor.StringPool strings;
    private final boolean compressed;

    Values(Cursor c, Cursor.StringPool strings, boolean compressed) {
        this.c = c;
        this.strings = strings;
        this.compressed = compressed;
    }

    void skip(Metadata.Field f) {
        if (f.array) {
            int n = c.readInt();
            if (n < 0 || n > c.limit() - c.pos) {
                throw new JfrFormatException("array of " + n + " at " + c.pos);
            }
            for (int i = 0; i < n; i++) {
                skipOne(f);
            }
        } else {
            skipOne(f);
        }
    }

    private void skipOne(Metadata.Field f) {
        switch (f.op) {
            case Metadata.OP_VARINT, Metadata.OP_INT, Metadata.OP_SHORT, Metadata.OP_CHAR -> {
                if (compressed) {
                    c.skipVarint();
                } else {
                    readFixedWidth(f);
                }
            }
            case Metadata.OP_BYTE -> c.pos++;
            case Metadata.OP_FLOAT -> c.pos += 4;
            case Metadata.OP_DOUBLE -> c.pos += 8;
            case Metadata.OP_STRING -> c.skipString();
            default -> skipFields(f.type);
        }
    }

    /** Past a value of {@code t} (as a constant-pool entry's value is laid out). */
    void skipFields(Metadata.Type t) {
        if (t.kind == Metadata.Kind.STRING) {
            c.skipString();
            return;
        }
        for (Metadata.Field f : t.fieldArray) {
            skip(f);
        }
    }

    /** An integer field when integers are not compressed: its width comes from its type. */
    private long readFixedWidth(Metadata.Field f) {
        if (f.constantPool) {
            return c.readLong();
        }
        return switch (f.type.kind) {
            case CHAR -> c.readChar();
            case SHORT -> c.readShort();
            case INT -> c.readInt();
            default -> c.readLong();
        };
    }

    /**
     * A scalar field as a long: integers as they are, booleans 0 or 1, a constant-pool reference as its key, floats
     * and doubles as their raw bits; a string or struct is skipped and gives 0.
     */
    long readLong(Metadata.Field f) {
        if (f.array) {
            skip(f);
            return 0;
        }
        return switch (f.op) {
            case Metadata.OP_VARINT -> compressed ? c.readVarlong() : readFixedWidth(f);
            case Metadata.OP_INT -> compressed ? (int) c.readVarlong() : readFixedWidth(f);
            case Metadata.OP_SHORT -> compressed ? (short) c.readVarlong() : readFixedWidth(f);
            case Metadata.OP_CHAR -> compressed ? (char) c.readVarlong() : readFixedWidth(f);
            case Metadata.OP_BYTE ->
                f.type.kind == Metadata.Kind.BOOLEAN ? (c.readBoolean() ? 1 : 0) : c.readByte();
            case Metadata.OP_FLOAT -> Double.doubleToRawLongBits(c.readFloat());
            case Metadata.OP_DOUBLE -> Double.doubleToRawLongBits(c.readDouble());
            default -> {
                skipOne(f);
                yield 0;
            }
        };
    }

    /** A string field, pooled or inline; null for a field of another type (then skipped). */
    String readString(Metadata.Field f) {
        if (f.type.kind != Metadata.Kind.STRING || f.array) {
            skip(f);
            return null;
        }
        if (f.constantPool) {
            return strings.string(c.readLong());
        }
        return c.readString(strings);
    }
}

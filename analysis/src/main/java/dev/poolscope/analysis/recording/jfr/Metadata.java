package dev.poolscope.analysis.recording.jfr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The types one chunk declares: JFR's metadata event, a table of strings and then a tree of elements ({@code root}
 * holding {@code metadata}, which holds a {@code class} per type, each with its {@code field}s, and their
 * {@code annotation}s). Only what decoding needs is kept: names, field types, whether a field is a constant-pool
 * reference or an array, and the units of time fields.
 */
final class Metadata {
    /** What a value's bytes are, decided once per type. */
    enum Kind {
        BOOLEAN, BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE, STRING, STRUCT
    }

    static final class Type {
        final long id;
        final String name;
        final String superType;
        final List<Field> fields = new ArrayList<>();
        /** The same fields as an array, for the decoding loops. */
        Field[] fieldArray = new Field[0];
        Kind kind = Kind.STRUCT;

        Type(long id, String name, String superType) {
            this.id = id;
            this.name = name;
            this.superType = superType;
        }

        /** The index of the field called {@code name}, or -1. */
        int field(String fieldName) {
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i).name.equals(fieldName)) {
                    return i;
                }
            }
            return -1;
        }
    }

    static final class Field {
        final String name;
        final long typeId;
        final boolean constantPool;
        final boolean array;
        /** The type, resolved once the whole tree is read. */
        Type type;
        /** How one value of this field is laid out: one of the {@code OP_} constants, resolved with the type. */
        byte op;
        /** {@code jdk.jfr.Timespan}'s or {@code jdk.jfr.Timestamp}'s value, e.g. TICKS; null when neither. */
        String timeUnit;
        /** Annotation class ids and values, resolved into {@link #timeUnit} after the tree is read. */
        final List<Long> annotationClasses = new ArrayList<>();
        final List<String> annotationValues = new ArrayList<>();

        Field(String name, long typeId, boolean constantPool, boolean array) {
            this.name = name;
            this.typeId = typeId;
            this.constantPool = constantPool;
            this.array = array;
        }
    }

    /** A constant-pool key or an integer: a varint (or fixed width when integers are not compressed). */
    static final byte OP_VARINT = 0;
    /** A boolean or a byte. */
    static final byte OP_BYTE = 1;
    static final byte OP_FLOAT = 2;
    static final byte OP_DOUBLE = 3;
    static final byte OP_STRING = 4;
    /** An inline struct: its fields follow. */
    static final byte OP_STRUCT = 5;
    /** Varints narrowed to their type: JFR writes a short as its unsigned 16 bits. */
    static final byte OP_INT = 6;
    static final byte OP_SHORT = 7;
    static final byte OP_CHAR = 8;

    final Map<Long, Type> byId = new HashMap<>();
    final Map<String, Type> byName = new HashMap<>();

    /** Reads the metadata event at {@code position} of the chunk. */
    static Metadata read(Cursor c, long position) {
        c.pos = Math.toIntExact(position);
        int size = c.readInt();
        long end = position + size;
        long type = c.readLong();
        if (type != 0) {
            throw new JfrFormatException("no metadata event at " + position + " (type " + type + ")");
        }
        c.readLong(); // start time
        c.readLong(); // duration
        c.readLong(); // metadata id
        int count = c.readInt();
        if (count < 0 || count > size) {
            throw new JfrFormatException("metadata string table of " + count + " at " + position);
        }
        String[] strings = new String[count];
        for (int i = 0; i < count; i++) {
            strings[i] = c.readString(null);
        }
        Metadata m = new Metadata();
        m.element(c, strings, null, null);
        if (c.pos > end) {
            throw new JfrFormatException("metadata runs past its event at " + position);
        }
        m.resolve();
        return m;
    }

    /** One element and its children; {@code type} and {@code field} are the enclosing class and field, if any. */
    private void element(Cursor c, String[] strings, Type type, Field field) {
        String name = strings[c.readInt()];
        int attributes = c.readInt();
        Map<String, String> a = new HashMap<>(attributes * 2);
        for (int i = 0; i < attributes; i++) {
            a.put(strings[c.readInt()], strings[c.readInt()]);
        }
        Type childType = type;
        Field childField = null;
        switch (name) {
            case "class" -> {
                childType = new Type(Long.parseLong(a.get("id")), a.get("name"), a.get("superType"));
                byId.put(childType.id, childType);
                byName.put(childType.name, childType);
            }
            case "field" -> {
                if (type != null) {
                    childField = new Field(a.get("name"), Long.parseLong(a.get("class")),
                            "true".equals(a.get("constantPool")), "1".equals(a.get("dimension")));
                    type.fields.add(childField);
                }
            }
            case "annotation" -> {
                if (field != null && a.containsKey("class")) {
                    field.annotationClasses.add(Long.parseLong(a.get("class")));
                    field.annotationValues.add(a.get("value"));
                }
            }
            default -> {
            }
        }
        int children = c.readInt();
        for (int i = 0; i < children; i++) {
            element(c, strings, childType, childField);
        }
    }

    private void resolve() {
        for (Type t : byId.values()) {
            t.kind = switch (t.name) {
                case "boolean" -> Kind.BOOLEAN;
                case "byte" -> Kind.BYTE;
                case "char" -> Kind.CHAR;
                case "short" -> Kind.SHORT;
                case "int" -> Kind.INT;
                case "long" -> Kind.LONG;
                case "float" -> Kind.FLOAT;
                case "double" -> Kind.DOUBLE;
                case "java.lang.String" -> Kind.STRING;
                default -> Kind.STRUCT;
            };
        }
        for (Type t : byId.values()) {
            t.fieldArray = t.fields.toArray(new Field[0]);
            for (Field f : t.fields) {
                f.type = byId.get(f.typeId);
                if (f.type == null) {
                    throw new JfrFormatException(
                            "field " + t.name + "." + f.name + " has unknown type " + f.typeId);
                }
                f.op = f.constantPool ? OP_VARINT : switch (f.type.kind) {
                    case BOOLEAN, BYTE -> OP_BYTE;
                    case CHAR -> OP_CHAR;
                    case SHORT -> OP_SHORT;
                    case INT -> OP_INT;
                    case LONG -> OP_VARINT;
                    case FLOAT -> OP_FLOAT;
                    case DOUBLE -> OP_DOUBLE;
                    case STRING -> OP_STRING;
                    case STRUCT -> OP_STRUCT;
                };
                for (int i = 0; i < f.annotationClasses.size(); i++) {
                    Type annotation = byId.get(f.annotationClasses.get(i));
                    if (annotation != null && (annotation.name.equals("jdk.jfr.Timespan")
                            || annotation.name.equals("jdk.jfr.Timestamp"))) {
                        f.timeUnit = f.annotationValues.get(i);
                    }
                }
            }
        }
    }
}

package dev.poolscope.analysis.recording.jfr;

/**
 * The event being read, decoded field by field into numbers; strings are decoded only when asked for. One view per
 * event type and chunk, reused for every event of the type: read it inside {@link EventSink.Handler#accept} only.
 */
public final class JfrEvent {
    /** A stack's frames, top first. */
    public interface FrameList {
        int size();

        /** The declaring class, dotted; "" when unknown. */
        String className(int i);

        String methodName(int i);
    }

    private final EventType type;
    private final Metadata.Field[] fields;
    private final ChunkHeader header;
    private final ConstantPools pools;
    private final Values values;
    private final Cursor strings;
    private final long[] numbers;
    private final int[] stringAt;
    private final int[] stringEnd;
    /** Per inline string field, the strings decoded lately ({@link Decoded}); null until the field is read. */
    private final Decoded[] decoded;
    private final int startTime;
    private final int duration;
    private final int eventThread;
    private final int stackTrace;
    /** How many leading fields {@link #readTimes} must decode to have the start and the duration. */
    private final int timeFields;
    private long startTicks;
    private long durationTicks;

    JfrEvent(EventType type, ChunkHeader header, ConstantPools pools, Cursor events, Cursor strings) {
        this.type = type;
        this.fields = type.type.fieldArray;
        this.header = header;
        this.pools = pools;
        this.values = new Values(events, pools, header.compressed());
        this.strings = strings;
        this.numbers = new long[fields.length];
        this.stringAt = new int[fields.length];
        this.stringEnd = new int[fields.length];
        this.decoded = new Decoded[fields.length];
        this.startTime = type.field("startTime");
        this.duration = type.field("duration");
        this.eventThread = type.field("eventThread");
        this.stackTrace = type.field("stackTrace");
        this.timeFields = Math.max(startTime, duration) + 1;
    }

    public EventType type() {
        return type;
    }

    /** Decodes the event at the events cursor (positioned after its size and type). */
    void read(Cursor c) {
        Values v = values;
        for (int i = 0; i < numbers.length; i++) {
            Metadata.Field f = fields[i];
            if (f.op == Metadata.OP_STRING && !f.array) {
                stringAt[i] = c.pos;
                c.skipString();
                stringEnd[i] = c.pos;
            } else {
                numbers[i] = v.readLong(f);
            }
        }
        times();
    }

    /** Decodes only as far as the start time and duration, for an event nobody reads. */
    void readTimes(Cursor c) {
        Values v = values;
        for (int i = 0; i < timeFields && i < numbers.length; i++) {
            Metadata.Field f = fields[i];
            if (i == startTime || i == duration) {
                numbers[i] = v.readLong(f);
            } else {
                v.skip(f);
            }
        }
        times();
    }

    private void times() {
        startTicks = startTime >= 0 ? numbers[startTime] : header.startTicks();
        durationTicks = duration >= 0 ? numbers[duration] : 0;
    }

    /** Epoch nanoseconds. */
    public long startNanos() {
        return header.nanos(startTicks);
    }

    /** Epoch nanoseconds: the start plus the duration, converted as the JDK converts them. */
    public long endNanos() {
        return header.nanos(startTicks + durationTicks);
    }

    public long getLong(int field) {
        return field < 0 ? -1 : numbers[field];
    }

    public int getInt(int field) {
        return field < 0 ? -1 : (int) numbers[field];
    }

    public boolean getBoolean(int field) {
        return field >= 0 && numbers[field] != 0;
    }

    public double getDouble(int field) {
        return field < 0 ? Double.NaN : Double.longBitsToDouble(numbers[field]);
    }

    /** A string field ("" when absent or null, as the analysis has always read them). */
    public String getString(int field) {
        if (field < 0) {
            return "";
        }
        Metadata.Field f = fields[field];
        String s;
        if (f.constantPool) {
            s = f.type.kind == Metadata.Kind.STRING
                    ? pools.string(numbers[field])
                    : pools.simpleString(f.typeId, numbers[field]);
        } else if (f.type.kind == Metadata.Kind.STRING && !f.array) {
            return inline(field);
        } else {
            s = null;
        }
        return s == null ? "" : s;
    }

    /**
     * An inline string field, decoded once per distinct value lately seen in the field: most of a field's values repeat
     * (a command, a pool, a method, a server), and decoding made a char array, a byte array and a String each time.
     * The bytes that encode a string decide it, so equal bytes give the same String.
     */
    private String inline(int field) {
        int from = stringAt[field];
        int to = stringEnd[field];
        Decoded d = decoded[field];
        if (d == null) {
            d = new Decoded();
            decoded[field] = d;
        }
        int slot = strings.hash(from, to) & (Decoded.SLOTS - 1);
        String known = d.value[slot];
        if (known != null && d.length[slot] == to - from && strings.same(from, to, d.from[slot])) {
            return known;
        }
        strings.pos = from;
        String s = strings.readString(pools);
        s = s == null ? "" : s;
        d.value[slot] = s;
        d.from[slot] = from;
        d.length[slot] = to - from;
        return s;
    }

    /** A few decoded strings of one field, by a hash of their bytes, with where those bytes are in the chunk. */
    private static final class Decoded {
        static final int SLOTS = 16;
        final String[] value = new String[SLOTS];
        final int[] from = new int[SLOTS];
        final int[] length = new int[SLOTS];
    }

    /** A class-valued field's class name, dotted ("java.lang.Object"); "" when absent or unknown. */
    public String getClassName(int field) {
        return field < 0 || !fields[field].constantPool ? "" : pools.className(numbers[field]);
    }

    /** A time span field in nanoseconds, whatever unit the field declares (ticks converted as the JDK does). */
    public long getSpanNanos(int field) {
        if (field < 0) {
            return 0;
        }
        long v = numbers[field];
        String unit = fields[field].timeUnit;
        if (unit == null) {
            return v;
        }
        return switch (unit) {
            case "TICKS" -> header.spanNanos(v);
            case "MICROSECONDS" -> v * 1_000;
            case "MILLISECONDS" -> v * 1_000_000;
            case "SECONDS" -> v * 1_000_000_000;
            default -> v;
        };
    }

    /** A timestamp field in epoch milliseconds, whatever unit the field declares. */
    public long getEpochMillis(int field) {
        if (field < 0) {
            return -1;
        }
        long v = numbers[field];
        String unit = fields[field].timeUnit;
        return "TICKS".equals(unit) ? header.nanos(v) / 1_000_000 : v;
    }

    /** The key of the thread that committed the event (0 when none): the same thread has the same key in a chunk. */
    public long threadKey() {
        return eventThread < 0 ? 0 : numbers[eventThread];
    }

    /** The key of a thread-valued field, e.g. an execution sample's {@code sampledThread}. */
    public long threadKey(int field) {
        return field < 0 ? threadKey() : numbers[field];
    }

    /** The thread behind a key, or null. */
    public JfrThread thread(long key) {
        return pools.threads.get(key);
    }

    /** The key of the event's stack trace (0 when none): equal stacks have equal keys in a chunk. */
    public long stackKey() {
        return stackTrace < 0 ? 0 : numbers[stackTrace];
    }

    /** The frames of the stack {@code key}, top first, as (class, method) names; empty when unknown. */
    public Frames frames(long key) {
        return new Frames(pools.stack(key), pools, true);
    }

    /**
     * The top {@code max} frames of the stack {@code key} (fewer when it has fewer), decoded for this call alone: for
     * a reader that looks once at the top of each of many distinct stacks. When {@link #frames} decoded the stack
     * already, all of it. {@link Frames#whole} says whether they are the whole stack.
     */
    public Frames topFrames(long key, int max) {
        return pools.stackTop(key, max);
    }

    /** A stack's frames, resolved on demand. */
    public static final class Frames implements FrameList {
        /** The method keys, then the frame-type keys. */
        private final long[] methods;
        private final ConstantPools pools;
        private final boolean whole;

        Frames(long[] methods, ConstantPools pools, boolean whole) {
            this.methods = methods;
            this.pools = pools;
            this.whole = whole;
        }

        /** Whether these are all the stack's frames, not only its top ({@link JfrEvent#topFrames}). */
        public boolean whole() {
            return whole;
        }

        @Override
        public int size() {
            return methods.length / 2;
        }

        /** The declaring class as the recording names it ("java/lang/Thread", a hidden class with its suffix). */
        public String classSymbol(int i) {
            return pools.methodClassSymbol(methods[i]);
        }

        /** The frame as {@code classSymbol(i) + "." + methodName(i)}, made once per method in the chunk. */
        public String frame(int i) {
            return pools.frameName(methods[i]);
        }

        /** The frame's type: "Interpreted", "JIT compiled", "Inlined", "Native"; "" when unknown. */
        public String typeName(int i) {
            return pools.frameTypeName(methods[size() + i]);
        }

        @Override
        public String className(int i) {
            return pools.methodClass(methods[i]);
        }

        @Override
        public String methodName(int i) {
            return pools.methodName(methods[i]);
        }
    }
}

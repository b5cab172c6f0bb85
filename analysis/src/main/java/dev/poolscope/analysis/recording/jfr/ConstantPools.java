package dev.poolscope.analysis.recording.jfr;

/**
 * One chunk's constant pools, the entries events refer to by key: threads, stack traces and what their frames name
 * (methods, classes, symbols), and pooled strings. JFR writes them in checkpoint events chained backwards from the
 * header's offset. Threads, classes and methods are decoded as they are read (few, and wanted); stack traces, symbols
 * and strings are only located, and decoded when an event asks (most of a recording's stacks belong to events the
 * analysis skips); every other pool is read past by its declared fields.
 *
 * <p>
 * Over 300 lines because the pools are one structure: a stack's frames name methods and frame types, a method names
 * its class and a symbol, a class a symbol, and strings anywhere may be pooled, so the readers of the checkpoints and
 * the decoders that run when an event asks share one set of maps and one cursor over the chunk.
 */
final class ConstantPools implements Cursor.StringPool {
    private enum PoolKind {
        STRING, SYMBOL, THREAD, CLASS, METHOD, STACK, SIMPLE_STRING, OTHER
    }

    private final Cursor c;
    private final Values values;
    final LongMap<JfrThread> threads = new LongMap<>();
    private final LongIntMap stackAt = new LongIntMap();
    private final LongIntMap symbolAt = new LongIntMap();
    private final LongIntMap stringAt = new LongIntMap();
    private final LongMap<long[]> methods = new LongMap<>();
    /** The symbol key of each class's name. */
    private final LongMap<long[]> classNames = new LongMap<>();
    /** Pools of a type whose one field is a string (the JDK's GCName, GCWhen, ThreadState, ...), by type id. */
    private final LongMap<LongMap<String>> simpleStrings = new LongMap<>();
    /** Decoded on demand, once. */
    private final LongMap<String> symbols = new LongMap<>();
    private final LongMap<String> strings = new LongMap<>();
    private final LongMap<long[]> stacks = new LongMap<>();
    /** Frames as "class.method" with the class as the recording names it, made once per method. */
    private final LongMap<String> frameNames = new LongMap<>();
    /** Class names with '.' separators, made once per class. */
    private final LongMap<String> dottedNames = new LongMap<>();
    private Metadata.Type stackType;
    private Metadata.Type symbolType;
    /** The type id of frame types (jdk.types.FrameType), once a stack was read. */
    private long frameType = -1;
    /** False when stacks, methods, classes and symbols are read past (see {@link #read}). */
    private boolean withStacks = true;

    private ConstantPools(Cursor c, boolean compressed) {
        this.c = c;
        this.values = new Values(c, this, compressed);
    }

    @Override
    public String string(long key) {
        String s = strings.get(key);
        if (s == null && !strings.containsKey(key)) {
            int at = stringAt.get(key);
            if (at >= 0) {
                int saved = c.pos;
                c.pos = at;
                s = c.readString(this);
                c.pos = saved;
            }
            strings.put(key, s);
        }
        return s;
    }

    /** The value of a pooled entry of a one-string type (e.g. a GC's name), or null. */
    String simpleString(long typeId, long key) {
        LongMap<String> pool = simpleStrings.get(typeId);
        return pool == null ? null : pool.get(key);
    }

    /** The class that declares the method {@code key}, dotted ("java.lang.Thread"), or "" when unknown. */
    String methodClass(long key) {
        long[] m = methods.get(key);
        return m == null ? "" : className(m[0]);
    }

    /** The method's name, or "" when unknown. */
    String methodName(long key) {
        long[] m = methods.get(key);
        String s = m == null ? null : symbol(m[1]);
        return s == null ? "" : s;
    }

    /** The class that declares the method {@code key} as the recording names it ("java/lang/Thread"), or "". */
    String methodClassSymbol(long key) {
        long[] m = methods.get(key);
        long[] symbol = m == null ? null : classNames.get(m[0]);
        String s = symbol == null ? null : symbol(symbol[0]);
        return s == null ? "" : s;
    }

    /**
     * The method {@code key} as a frame is named in the flame graphs: its class as the recording names it, a dot, its
     * name ({@code java/lang/Thread.run}); made once per method and chunk, since stacks share most of their frames.
     */
    String frameName(long key) {
        String s = frameNames.get(key);
        if (s == null) {
            s = methodClassSymbol(key) + "." + methodName(key);
            frameNames.put(key, s);
        }
        return s;
    }

    /** A frame type's name ("Interpreted", "JIT compiled", "Inlined", "Native"), or "" when unknown. */
    String frameTypeName(long key) {
        String s = frameType < 0 ? null : simpleString(frameType, key);
        return s == null ? "" : s;
    }

    /** The class {@code key}'s name, dotted, or "" when unknown. */
    String className(long classKey) {
        String known = dottedNames.get(classKey);
        if (known == null) {
            long[] symbol = classNames.get(classKey);
            String s = symbol == null ? null : symbol(symbol[0]);
            known = s == null ? "" : s.replace('/', '.');
            dottedNames.put(classKey, known);
        }
        return known;
    }

    /**
     * A stack trace's frames, top first: the method keys, then the frame-type keys ({@code 2 n} longs for n frames);
     * empty when unknown.
     */
    long[] stack(long key) {
        long[] frames = stacks.get(key);
        if (frames == null) {
            int at = stackAt.get(key);
            frames = at < 0 ? new long[0] : readStack(at, Integer.MAX_VALUE).frames();
            stacks.put(key, frames);
        }
        return frames;
    }

    /**
     * The top {@code max} frames of the stack {@code key}, fewer when it has fewer, decoded for this call and not
     * kept; the whole stack when {@link #stack} decoded it already. For a reader that
     * looks once at the top of each of many distinct stacks (an allocation's site): decoding each whole (JFR keeps 64
     * frames) took a sixth of the parser's CPU on a lab run's recording.
     */
    JfrEvent.Frames stackTop(long key, int max) {
        long[] known = stacks.get(key);
        int at = stackAt.get(key);
        if (known != null || at < 0) {
            return new JfrEvent.Frames(known != null ? known : new long[0], this, true);
        }
        StackRead top = readStack(at, max);
        return new JfrEvent.Frames(top.frames(), this, top.count() <= max);
    }

    private String symbol(long key) {
        String s = symbols.get(key);
        if (s == null && !symbols.containsKey(key)) {
            int at = symbolAt.get(key);
            if (at >= 0) {
                int saved = c.pos;
                c.pos = at;
                s = readOneString(symbolType);
                c.pos = saved;
            }
            symbols.put(key, s);
        }
        return s;
    }

    /** The one string field of a struct (a symbol's), the rest skipped. */
    private String readOneString(Metadata.Type t) {
        if (t == null) {
            return null;
        }
        String s = null;
        for (Metadata.Field f : t.fieldArray) {
            if (s == null && f.op == Metadata.OP_STRING && !f.array && !f.constantPool) {
                s = c.readString(this);
            } else {
                values.skip(f);
            }
        }
        return s;
    }

    /** Reads every checkpoint event of the chunk, from the last one back to the first. */
    static ConstantPools read(Cursor c, boolean compressed, long lastCheckpoint, Metadata metadata) {
        return read(c, compressed, lastCheckpoint, metadata, true);
    }

    /**
     * As {@link #read(Cursor, boolean, long, Metadata)}; without {@code stacks} the stack traces and what their frames
     * name (methods, classes, symbols) are read past, not kept: a reader that wants neither stacks nor class names.
     */
    static ConstantPools read(Cursor c, boolean compressed, long lastCheckpoint, Metadata metadata,
            boolean stacks) {
        ConstantPools pools = new ConstantPools(c, compressed);
        pools.withStacks = stacks;
        long position = lastCheckpoint;
        for (int guard = 0; guard < 1_000_000; guard++) {
            c.pos = Math.toIntExact(position);
            c.readInt(); // size
            long type = c.readLong();
            if (type != 1) {
                throw new JfrFormatException("no checkpoint event at " + position + " (type " + type + ")");
            }
            c.readLong(); // start time
            c.readLong(); // duration
            long delta = c.readLong();
            c.readByte(); // whether a flush wrote it
            int count = c.readInt();
            for (int i = 0; i < count; i++) {
                long typeId = c.readLong();
                Metadata.Type t = metadata.byId.get(typeId);
                if (t == null) {
                    throw new JfrFormatException(
                            "constant pool of unknown type " + typeId + " at " + position);
                }
                if (count == 1 && !pools.keeps(t)) {
                    // JFR writes each flush's stack traces as a checkpoint of their own, most of a chunk's pool
                    // bytes: a pass that keeps no stacks steps over the whole event instead of walking its frames.
                    break;
                }
                pools.readPool(t);
            }
            if (delta == 0) {
                return pools;
            }
            position += delta;
            if (position < ChunkHeader.SIZE || position >= c.limit()) {
                throw new JfrFormatException("checkpoint chain leaves the chunk at " + position);
            }
        }
        throw new JfrFormatException("checkpoint chain does not end");
    }

    private static PoolKind kind(Metadata.Type t) {
        return switch (t.name) {
            case "java.lang.String" -> PoolKind.STRING;
            case "jdk.types.Symbol" -> PoolKind.SYMBOL;
            case "java.lang.Thread" -> PoolKind.THREAD;
            case "java.lang.Class" -> PoolKind.CLASS;
            case "jdk.types.Method" -> PoolKind.METHOD;
            case "jdk.types.StackTrace" -> PoolKind.STACK;
            default -> isSimpleString(t) ? PoolKind.SIMPLE_STRING : PoolKind.OTHER;
        };
    }

    static boolean isSimpleString(Metadata.Type t) {
        if (t.fields.size() != 1) {
            return false;
        }
        Metadata.Field f = t.fields.getFirst();
        return f.op == Metadata.OP_STRING && !f.array && !f.constantPool;
    }

    /** Whether a pool of type {@code t} keeps anything: read past otherwise ({@link PoolKind#OTHER}). */
    private boolean keeps(Metadata.Type t) {
        PoolKind kind = kind(t);
        return kind != PoolKind.OTHER && (withStacks || kind == PoolKind.THREAD || kind == PoolKind.STRING
                || kind == PoolKind.SIMPLE_STRING);
    }

    private void readPool(Metadata.Type t) {
        int count = c.readInt();
        PoolKind kind = keeps(t) ? kind(t) : PoolKind.OTHER;
        switch (kind) {
            case SYMBOL -> symbolType = t;
            case STACK -> stackType = t;
            default -> {
            }
        }
        int classNameField = kind == PoolKind.CLASS ? t.field("name") : -1;
        int methodType = kind == PoolKind.METHOD ? t.field("type") : -1;
        int methodName = kind == PoolKind.METHOD ? t.field("name") : -1;
        LongMap<String> simple = kind == PoolKind.SIMPLE_STRING
                ? simpleStrings.computeIfAbsent(t.id, k -> new LongMap<>())
                : null;
        for (int i = 0; i < count; i++) {
            long key = c.readLong();
            switch (kind) {
                case STRING -> {
                    stringAt.put(key, c.pos);
                    c.skipString();
                }
                case SYMBOL -> {
                    symbolAt.put(key, c.pos);
                    values.skipFields(t);
                }
                case STACK -> {
                    stackAt.put(key, c.pos);
                    values.skipFields(t);
                }
                case THREAD -> threads.put(key, readThread(t));
                case CLASS -> classNames.put(key, readFields(t, classNameField, -1));
                case METHOD -> methods.put(key, readFields(t, methodType, methodName));
                case SIMPLE_STRING -> simple.put(key, c.readString(this));
                case OTHER -> values.skipFields(t);
            }
        }
    }

    /** The long values (numbers or keys) of up to two fields of a struct; the rest is skipped. */
    private long[] readFields(Metadata.Type t, int first, int second) {
        long[] out = new long[2];
        Metadata.Field[] fields = t.fieldArray;
        for (int i = 0; i < fields.length; i++) {
            if (i == first) {
                out[0] = values.readLong(fields[i]);
            } else if (i == second) {
                out[1] = values.readLong(fields[i]);
            } else {
                values.skip(fields[i]);
            }
        }
        return out;
    }

    private JfrThread readThread(Metadata.Type t) {
        String osName = null;
        String javaName = null;
        long osId = -1;
        long javaId = -1;
        boolean virtual = false;
        for (Metadata.Field f : t.fieldArray) {
            switch (f.array ? "" : f.name) {
                case "osName" -> osName = values.readString(f);
                case "javaName" -> javaName = values.readString(f);
                case "osThreadId" -> osId = values.readLong(f);
                case "javaThreadId" -> javaId = values.readLong(f);
                case "virtual" -> virtual = values.readLong(f) != 0;
                default -> values.skip(f);
            }
        }
        String name = javaName != null ? javaName : osName;
        // A thread of the VM's own (GC, compiler) has no Java id: 0 in the pool, -1 to the JDK's reader, and to us.
        return new JfrThread(javaId == 0 ? -1 : javaId, osId, name == null ? "?" : name, virtual);
    }

    /** A stack's first frames as {@link #stack} lays them out, and how many it has in all. */
    private record StackRead(long[] frames, int count) {
    }

    /** The stack's first {@code max} frames (all, when it has fewer): method keys, then frame-type keys. */
    private StackRead readStack(int at, int max) {
        int saved = c.pos;
        c.pos = at;
        long[] methods = new long[0];
        int count = 0;
        for (Metadata.Field f : stackType.fieldArray) {
            if (f.name.equals("frames") && f.array && !f.constantPool) {
                int n = c.readInt();
                if (n < 0 || n > c.limit() - c.pos) {
                    throw new JfrFormatException("stack trace of " + n + " frames at " + c.pos);
                }
                count = n;
                int kept = Math.min(n, max);
                methods = new long[2 * kept];
                int method = f.type.field("method");
                int type = f.type.field("type");
                frameType = type < 0 ? frameType : f.type.fieldArray[type].typeId;
                Metadata.Field[] frameFields = f.type.fieldArray;
                for (int i = 0; i < kept; i++) {
                    // Field by field into the array: a frame is read once per stack an event asks for.
                    for (int j = 0; j < frameFields.length; j++) {
                        if (j == method) {
                            methods[i] = values.readLong(frameFields[j]);
                        } else if (j == type) {
                            methods[kept + i] = values.readLong(frameFields[j]);
                        } else {
                            values.skip(frameFields[j]);
                        }
                    }
                }
                if (kept < n) {
                    // The fields after the frames are not wanted: the position is put back below.
                    break;
                }
            } else {
                values.skip(f);
            }
        }
        c.pos = saved;
        return new StackRead(methods, count);
    }
}

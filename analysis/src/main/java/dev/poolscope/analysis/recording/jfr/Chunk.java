package dev.poolscope.analysis.recording.jfr;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One chunk, parsed on its own: its metadata and constant pools first, then its events in file order. Chunks
 * share nothing, so several can be read at once on different threads.
 */
public final class Chunk {
    private static final long METADATA = 0;
    private static final long CHECKPOINT = 1;

    private final ChunkHeader header;
    private final byte[] bytes;
    private final Metadata metadata;
    private final ConstantPools pools;

    private Chunk(ChunkHeader header, byte[] bytes, Metadata metadata, ConstantPools pools) {
        this.header = header;
        this.bytes = bytes;
        this.metadata = metadata;
        this.pools = pools;
    }

    /** Reads and prepares a chunk into an array of its own; the events are read by {@link #read}. */
    public static Chunk open(ChunkHeader header) throws IOException {
        return open(header, new Buffer());
    }

    /**
     * Reads and prepares a chunk into {@code buffer}'s array, which the chunk then uses until the buffer opens the
     * next one: read each chunk before opening the next with the same buffer.
     */
    public static Chunk open(ChunkHeader header, Buffer buffer) throws IOException {
        return open(header, buffer, true);
    }

    /**
     * As {@link #open(ChunkHeader, Buffer)}; without {@code stacks} the chunk's stack traces and the methods, classes
     * and symbols they name are not kept (events then have no frames and no class names): for a pass that reads
     * neither.
     */
    public static Chunk open(ChunkHeader header, Buffer buffer, boolean stacks) throws IOException {
        if (header.size() > Integer.MAX_VALUE) {
            throw new JfrFormatException("chunk " + header.index() + " is larger than 2 GiB");
        }
        int size = (int) header.size();
        byte[] bytes = buffer.bytes(size);
        try (FileChannel ch = FileChannel.open(header.file(), StandardOpenOption.READ)) {
            // On the heap: array reads are the cheapest there are.
            ByteBuffer into = ByteBuffer.wrap(bytes, 0, size);
            while (into.hasRemaining()) {
                if (ch.read(into, header.offset() + into.position()) < 0) {
                    throw new JfrFormatException("chunk " + header.index() + " ends early");
                }
            }
        }
        Cursor c = new Cursor(bytes, size, header.compressed());
        try {
            Metadata metadata = buffer.metadata(c, bytes, header.metadataOffset());
            ConstantPools pools = ConstantPools.read(c, header.compressed(), header.constantPoolOffset(),
                    metadata, stacks);
            return new Chunk(header, bytes, metadata, pools);
        } catch (IndexOutOfBoundsException e) {
            throw new JfrFormatException("chunk " + header.index() + " of " + header.file().getFileName()
                    + " ends inside its metadata or constant pools");
        }
    }

    /**
     * The array chunks are read into, reused chunk after chunk by one reading thread. A chunk is megabytes (JFR's
     * default is up to 12 MB): an array of its own per chunk and pass is a humongous object to the G1 collector, and
     * a gigabyte of them per pass kept the collector busy.
     */
    public static final class Buffer {
        private byte[] bytes = new byte[0];
        /** The last chunk's metadata, and its event's bytes after its start time and duration. */
        private Metadata metadata;
        private byte[] metadataBody;

        /**
         * The metadata at {@code position}: the last chunk's when its event holds the same bytes (a recording's chunks
         * mostly declare the same types), else read.
         */
        Metadata metadata(Cursor c, byte[] in, long position) {
            c.pos = Math.toIntExact(position);
            int size = c.readInt();
            c.readLong(); // type
            c.readLong(); // start time
            c.readLong(); // duration
            int from = c.pos;
            int to = (int) Math.min(c.limit(), position + Math.max(0, size));
            if (metadata != null && to - from == metadataBody.length
                    && Arrays.equals(in, from, to, metadataBody, 0, metadataBody.length)) {
                return metadata;
            }
            Metadata m = Metadata.read(c, position);
            metadata = m;
            metadataBody = Arrays.copyOfRange(in, from, Math.max(from, to));
            return m;
        }

        byte[] bytes(int size) {
            if (bytes.length < size) {
                bytes = new byte[Math.max(size,
                        (int) Math.min(Integer.MAX_VALUE - 8, bytes.length * 5L / 4))];
            }
            return bytes;
        }
    }

    public ChunkHeader header() {
        return header;
    }

    /**
     * Hands every event to {@code sink}: each type is offered once ({@link EventSink#bind}); events of a type bound to
     * null are counted and skipped unparsed. Returns what was read.
     */
    public Stats read(EventSink sink) {
        return read(sink, new Stats());
    }

    /**
     * As {@link #read(EventSink)}, counting into {@code stats}, which holds what was read even when the chunk turns out
     * damaged part way (the exception then says where).
     */
    public Stats read(EventSink sink, Stats stats) {
        return read(sink, stats, true);
    }

    /**
     * As {@link #read(EventSink, Stats)}; without {@code spanOfAll} the events of types bound to null are only counted,
     * their start and end not decoded, so {@code stats}' first and last cover the bound types alone.
     */
    public Stats read(EventSink sink, Stats stats, boolean spanOfAll) {
        int size = (int) header.size();
        Cursor c = new Cursor(bytes, size, header.compressed());
        Cursor strings = new Cursor(bytes, size, header.compressed());
        Bounds bound = new Bounds();
        try {
            readEvents(c, strings, bound, stats, sink, spanOfAll);
        } finally {
            for (Bound b : bound.all) {
                stats.counts.merge(b.type.name(), b.count, Long::sum);
                stats.events += b.count;
            }
        }
        return stats;
    }

    private void readEvents(Cursor c, Cursor strings, Bounds bound, Stats stats, EventSink sink,
            boolean spanOfAll) {
        c.pos = ChunkHeader.SIZE;
        int end = c.limit();
        while (c.pos < end) {
            int start = c.pos;
            int size = c.readInt();
            if (size <= 0 || size > end - start) {
                throw new JfrFormatException("invalid event size " + size + " at " + start + " of chunk "
                        + header.index());
            }
            long typeId = c.readLong();
            if (typeId != METADATA && typeId != CHECKPOINT) {
                Bound b = bound.get(typeId);
                if (b == null) {
                    b = bind(typeId, sink, c, strings);
                    bound.put(typeId, b);
                }
                b.count++;
                if (spanOfAll || b.handler != null) {
                    b.read(c, stats, start + size);
                }
            }
            c.pos = start + size;
        }
    }

    private Bound bind(long typeId, EventSink sink, Cursor events, Cursor strings) {
        Metadata.Type t = metadata.byId.get(typeId);
        if (t == null) {
            throw new JfrFormatException("event of unknown type " + typeId + " in chunk " + header.index());
        }
        EventType type = new EventType(t);
        JfrEvent view = new JfrEvent(type, header, pools, events, strings);
        EventSink.Handler handler = sink.bind(type, view);
        return new Bound(type, view, handler);
    }

    /** What {@link #read} saw: events per type name, all events, and the earliest start and latest end. */
    public static final class Stats {
        public final Map<String, Long> counts = new HashMap<>();
        public long events;
        public long firstNanos = Long.MAX_VALUE;
        public long lastNanos = Long.MIN_VALUE;
    }

    /**
     * The types bound so far, by type id: an array for the small ids JFR gives (a chunk numbers its types from a few
     * hundred up), a map past it; looked up once per event, so without boxing the id.
     */
    private static final class Bounds {
        private final Bound[] small = new Bound[1024];
        private final LongMap<Bound> large = new LongMap<>();
        final List<Bound> all = new ArrayList<>();

        Bound get(long typeId) {
            return typeId >= 0 && typeId < small.length ? small[(int) typeId] : large.get(typeId);
        }

        void put(long typeId, Bound b) {
            if (typeId >= 0 && typeId < small.length) {
                small[(int) typeId] = b;
            } else {
                large.put(typeId, b);
            }
            all.add(b);
        }
    }

    private static final class Bound {
        final EventType type;
        final JfrEvent view;
        final EventSink.Handler handler;
        long count;

        Bound(EventType type, JfrEvent view, EventSink.Handler handler) {
            this.type = type;
            this.view = view;
            this.handler = handler;
        }

        void read(Cursor c, Stats stats, int eventEnd) {
            try {
                if (handler == null) {
                    view.readTimes(c);
                } else {
                    view.read(c);
                }
            } catch (IndexOutOfBoundsException e) {
                throw new JfrFormatException(
                        "an event of " + type.name() + " runs past the end of its chunk");
            }
            if (c.pos > eventEnd) {
                throw new JfrFormatException("an event of " + type.name() + (c.pos > c.limit()
                        ? " runs past the end of its chunk"
                        : " is longer than its declared size"));
            }
            stats.firstNanos = Math.min(stats.firstNanos, view.startNanos());
            stats.lastNanos = Math.max(stats.lastNanos, view.endNanos());
            if (handler != null) {
                handler.accept(view);
            }
        }
    }
}

package dev.poolscope.analysis.recording.jfr;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * One chunk's 68-byte header, as JFR's file format lays it out (big-endian): the magic {@code FLR\0}, major and minor
 * version, the chunk's size, the offsets of its last constant-pool and metadata events, its start (epoch
 * nanoseconds), duration, start in ticks, ticks per second, the file state at 64 (0 once the JVM finished the chunk)
 * and the flags at 67 (bit 0: integers are compressed).
 */
public record ChunkHeader(Path file, int index, long offset, long size, long constantPoolOffset,
        long metadataOffset, long startNanos, long durationNanos, long startTicks, long ticksPerSecond,
        boolean compressed, boolean finished) {

    static final int SIZE = 68;
    private static final int MAGIC = 0x464c5200;

    /**
     * The readable chunks of a file, in file order. A chunk the JVM never finished (a killed JVM's: its file state is
     * not 0) is still readable as far as its last flush, which its header describes; it is listed with
     * {@code finished} false and ends the list. The list also ends at a chunk the file cuts short; {@code damage}
     * then says where (null when the whole file was listed).
     */
    public static Listing list(Path file) throws IOException {
        List<ChunkHeader> out = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long fileSize = ch.size();
            ByteBuffer h = ByteBuffer.allocate(SIZE).order(ByteOrder.BIG_ENDIAN);
            long position = 0;
            while (position < fileSize) {
                h.clear();
                if (fileSize - position < SIZE || ch.read(h, position) < SIZE) {
                    return new Listing(out, "the file ends inside a chunk header at byte " + position);
                }
                if (h.getInt(0) != MAGIC) {
                    return new Listing(out, "no JFR chunk at byte " + position);
                }
                int major = h.getShort(4);
                if (major != 2) {
                    return new Listing(out, "unsupported JFR version " + major + "." + h.getShort(6));
                }
                long size = h.getLong(8);
                long cp = h.getLong(16);
                long meta = h.getLong(24);
                boolean readable = size >= SIZE && size <= fileSize - position && cp >= SIZE && meta >= SIZE
                        && cp < size && meta < size;
                if (!readable) {
                    return new Listing(out, "chunk " + out.size() + " at byte " + position
                            + (size > fileSize - position ? " is cut short" : " has no readable header"));
                }
                boolean finished = h.get(64) == 0;
                out.add(new ChunkHeader(file, out.size(), position, size, cp, meta, h.getLong(32),
                        h.getLong(40),
                        h.getLong(48), h.getLong(56), (h.get(67) & 1) != 0, finished));
                if (!finished) {
                    break;
                }
                position += size;
            }
        }
        return new Listing(out, null);
    }

    /** A file's readable chunks, and what ended the list early (null when nothing did). */
    public record Listing(List<ChunkHeader> chunks, String damage) {
    }

    /** Epoch nanoseconds of a tick count, as the JDK's own parser converts it. */
    long nanos(long ticks) {
        return startNanos + (long) ((ticks - startTicks) / divisor());
    }

    /** Nanoseconds of a tick span, as the JDK converts it. */
    long spanNanos(long ticks) {
        return (long) (ticks / divisor());
    }

    private double divisor() {
        return ticksPerSecond / 1_000_000_000.0;
    }
}

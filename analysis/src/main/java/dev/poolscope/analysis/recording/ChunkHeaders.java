package dev.poolscope.analysis.recording;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Whether every chunk of a JFR file was finished by the JVM that wrote it. The JDK's event stream waits, without end,
 * for an unfinished chunk to be finished: the chunk a killed JVM left in its repository never is. The chunk header's
 * layout is JFR's file format (big-endian): the magic {@code FLR\0} at 0, the chunk's size at 8, the file state at 64
 * (0 once the chunk is finished), 68 bytes in all.
 */
final class ChunkHeaders {
    static final int HEADER_SIZE = 68;
    private static final int MAGIC = 0x464c5200;
    private static final int CHUNK_SIZE_POSITION = 8;
    private static final int FILE_STATE_POSITION = 64;

    private ChunkHeaders() {
    }

    /** False when a chunk is unfinished, cut short or not a chunk at all, or the file cannot be read. */
    static boolean allFinished(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer header = ByteBuffer.allocate(HEADER_SIZE).order(ByteOrder.BIG_ENDIAN);
            long position = 0;
            while (position < size) {
                header.clear();
                if (size - position < HEADER_SIZE || ch.read(header, position) < HEADER_SIZE) {
                    return false;
                }
                long chunkSize = header.getLong(CHUNK_SIZE_POSITION);
                if (header.getInt(0) != MAGIC || header.get(FILE_STATE_POSITION) != 0
                        || chunkSize < HEADER_SIZE || chunkSize > size - position) {
                    return false;
                }
                position += chunkSize;
            }
            return size > 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}

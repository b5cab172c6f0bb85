package dev.poolscope.analysis.recording;

import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Where a pass over the chunks puts their events: a listener per chunk, joined back in file order. A sink whose
 * {@link #fork} returns one listener for every chunk is read on one thread.
 */
public interface ChunkSink<P extends RecordingListener> {
    /** The listener for chunk {@code index} (0 is the first chunk of the first file). */
    P fork(int index);

    /** Called in file order, each part once its chunk is read. */
    void join(P part);

    /** Whether forks may be fed on other threads at once. */
    default boolean parallel() {
        return true;
    }

    /** One listener for every chunk, on one thread. */
    static ChunkSink<RecordingListener> of(RecordingListener l) {
        return new ChunkSink<>() {
            @Override
            public RecordingListener fork(int index) {
                return l;
            }

            @Override
            public void join(RecordingListener part) {
            }

            @Override
            public boolean parallel() {
                return false;
            }
        };
    }

    /** A listener per chunk from {@code fork}, each handed to {@code join} in file order. */
    static <P extends RecordingListener> ChunkSink<P> of(IntFunction<P> fork, Consumer<P> join) {
        return new ChunkSink<>() {
            @Override
            public P fork(int index) {
                return fork.apply(index);
            }

            @Override
            public void join(P part) {
                join.accept(part);
            }
        };
    }
}

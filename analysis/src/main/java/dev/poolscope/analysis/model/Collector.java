package dev.poolscope.analysis.model;

import dev.poolscope.analysis.recording.RecordingListener;

/**
 * What one topic keeps of a recording (pools, Redis, requests, threads, ...), fed the events of one chunk at a time.
 * Chunks are read on several threads: each gets a {@link #fork() fork}, and the forks are joined back in file order,
 * so the result is the one a single pass over the file would give.
 */
interface Collector<C extends Collector<C>> extends RecordingListener {
    /** An empty collector with this one's configuration, for one chunk. */
    C fork(Scope scope);

    /** Absorbs {@code later}, a fork fed the events that follow everything absorbed so far. */
    void join(C later);
}

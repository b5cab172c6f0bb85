package dev.poolscope.analysis.model;

import java.util.Arrays;

import dev.poolscope.analysis.recording.ChunkSink;
import dev.poolscope.analysis.recording.RecordingException;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RecordingReader;

/**
 * One read of the recording kept apart at the instants where the steady part may start ({@link SteadyGrid}: whole
 * steps from the first request counted) and where a drain left out would end it (the last request's start), so that
 * both the judged model (every segment) and the steady part's (the segments inside it) come from the one read.
 *
 * <p>
 * Each event goes to a segment by the instant its collector judges it by ({@link Dispatch}): a segment then holds what
 * a read on a window with the same edges would have counted. The segments share their caps ({@link Caps}), so all of
 * them keep no more than one whole read would. Joining only reads a segment, so each can be joined twice: into the
 * judged whole, then into the steady part. Its thread intervals apart: the whole takes those, and the steady part takes
 * back the ones that end inside it ({@link #joinAll}).
 */
final class Segments {
    /** The start edges, ascending: a segment's index is how many of them lie at or before its instants. */
    private final long[] edges;
    /** Where a drain left out would end the steady part: instants after it go to the last segment. */
    private final long drainEnd;
    private final RunCollectors template;
    private final Caps shared = new Caps();
    /** {@code edges.length + 2} segments: before the first edge, one per edge, after the drain's end. */
    private final RunCollectors[] parts;

    /**
     * {@code template}: the run's collectors (their window and sample); {@code firstStart}: the first request counted;
     * {@code stepSeconds} and {@code steps}: the edges from it; {@code drainEnd}: the last request counted's start.
     */
    Segments(RunCollectors template, long firstStart, int stepSeconds, int steps, long drainEnd) {
        this.template = template;
        this.edges = new long[steps];
        for (int i = 0; i < steps; i++) {
            edges[i] = firstStart + i * stepSeconds * 1_000_000_000L;
        }
        this.drainEnd = drainEnd;
        this.parts = new RunCollectors[steps + 2];
    }

    /**
     * The segments for a read of {@code root}'s window, from the first to the last request the passes counted; null
     * without a window or a request in it (nothing to cut).
     */
    static Segments of(RunCollectors root, RequestPasses passes) {
        MeasuredWindow w = root.scope.window;
        if (w == null || passes.counted() == 0) {
            return null;
        }
        int step = SteadyGrid.stepSeconds(w.seconds());
        return new Segments(root, passes.firstStart(), step, SteadyGrid.steps(w.seconds(), step),
                passes.lastStart());
    }

    /** Every event, chunk by chunk, kept apart; then joined into {@code whole} ({@link #joinAll}). */
    RecordingInfo read(RecordingReader reader, RecordingReader.Source source, RunCollectors whole)
            throws RecordingException {
        RecordingInfo info = reader.readAll(source, ChunkSink.of(i -> chunk(), this::join));
        joinAll(whole);
        return info;
    }

    /** The segment of an instant a collector counts by ({@link Dispatch#at}). */
    int at(long nanos) {
        return nanos > drainEnd ? parts.length - 1 : kept(nanos);
    }

    /** The segment of an interval kept by its end ({@link Dispatch#kept}): no drain's end applies to it. */
    int kept(long endNanos) {
        int i = Arrays.binarySearch(edges, endNanos);
        return i >= 0 ? i + 1 : -i - 1;
    }

    /** The listener for one chunk's events: its own collectors per segment, made as its events reach them. */
    Chunk chunk() {
        return new Chunk();
    }

    /** Joins a chunk's segments into the read's, in file order. */
    void join(Chunk c) {
        for (int i = 0; i < parts.length; i++) {
            if (c.parts[i] != null) {
                if (parts[i] == null) {
                    parts[i] = template.segment(shared);
                }
                parts[i].join(c.parts[i]);
            }
        }
    }

    /**
     * Joins every segment into {@code whole}, the judged read's collectors (empty so far). Each segment's thread
     * intervals, most of a large read's memory, go to the whole rather than being copied there: a steady part takes
     * them back from it, those ending inside its window ({@link #joinSteady}).
     */
    private void joinAll(RunCollectors whole) {
        for (RunCollectors p : parts) {
            if (p != null) {
                whole.join(p);
                p.spans.spans.clear();
            }
        }
    }

    /**
     * Whether {@code w}, a window inside the read's, starts at an edge (or at the read's own start) and ends at the
     * drain's end (or at the read's own end), so the segments hold the steady part exactly.
     */
    boolean holds(MeasuredWindow w) {
        MeasuredWindow read = template.scope.window;
        if (read == null) {
            return false;
        }
        boolean start = w.startNanos() == read.startNanos()
                || Arrays.binarySearch(edges, w.startNanos()) >= 0;
        boolean end = w.endNanos() == read.endNanos() || w.endNanos() == drainEnd;
        return start && end;
    }

    /** The steady part's sample: the read's when it chose one (those inside {@code w} are kept), else all of it. */
    RequestSample sample(RequestSample read, MeasuredWindow w) {
        return read.lookup().active() ? read : RequestSample.all(counted(w));
    }

    /**
     * The steady part's collectors on {@code w} ({@link #holds} it), sampled by {@code sample}: {@link #joinSteady}
     * into new ones.
     */
    RunCollectors steady(MeasuredWindow w, RequestSample sample, RunCollectors whole, int maxRequests,
            long maxSpans) {
        RunCollectors steady = new RunCollectors(new Scope(w, sample), maxRequests, maxSpans);
        joinSteady(steady, w, whole);
        return steady;
    }

    /** The requests {@code w} counts ({@link #holds} it). */
    private long counted(MeasuredWindow w) {
        boolean[] inside = inside(w);
        long n = 0;
        for (int i = 0; i < parts.length; i++) {
            if (parts[i] != null && inside[i]) {
                n += parts[i].requests.counted;
            }
        }
        return n;
    }

    /**
     * Joins the segments inside {@code w} ({@link #holds} it) into {@code steady}, and what the others still give; the
     * thread intervals from {@code whole}, the judged read's ({@link #joinAll}).
     */
    private void joinSteady(RunCollectors steady, MeasuredWindow w, RunCollectors whole) {
        boolean[] inside = inside(w);
        for (int i = 0; i < parts.length; i++) {
            if (parts[i] == null) {
                continue;
            }
            if (inside[i]) {
                steady.join(parts[i]);
            } else {
                steady.joinOutside(parts[i]);
            }
        }
        steady.spans.addEndingFrom(whole.spans, w.startNanos());
    }

    /**
     * Which segments lie inside {@code w}: from the one its start opens (all, when it starts where the read does), up to
     * the last but one when it ends at the drain's end.
     */
    private boolean[] inside(MeasuredWindow w) {
        MeasuredWindow read = template.scope.window;
        int first = w.startNanos() == read.startNanos() ? 0 : kept(w.startNanos());
        boolean drainOut = w.endNanos() != read.endNanos() && w.endNanos() == drainEnd;
        boolean[] inside = new boolean[parts.length];
        for (int i = first; i < parts.length; i++) {
            inside[i] = !(drainOut && i == parts.length - 1);
        }
        return inside;
    }

    /** One chunk's events, each to its segment's collectors. */
    final class Chunk extends Dispatch {
        private final RunCollectors[] parts = new RunCollectors[Segments.this.parts.length];
        private final Scope scope = template.scope.fork();

        @Override
        RunCollectors at(long nanos) {
            return part(Segments.this.at(nanos));
        }

        @Override
        RunCollectors kept(long endNanos) {
            return part(Segments.this.kept(endNanos));
        }

        private RunCollectors part(int i) {
            RunCollectors p = parts[i];
            if (p == null) {
                p = template.segment(scope.caps);
                parts[i] = p;
            }
            return p;
        }
    }
}

package dev.poolscope.analysis.model;

/**
 * What decides whether an event counts or is kept, the same for every chunk: the measured window (null: the whole
 * recording) and the request sample the request passes chose. Each chunk's reader gets its own {@link #fork()}, since
 * sample lookups remember where they were.
 */
final class Scope {
    /** Request ids the launcher gives its warm-up requests; they are never measured. */
    static final String WARMUP_PREFIX = "warmup-";

    final MeasuredWindow window;
    final RequestSample.Lookup sample;
    final Caps caps;

    Scope(MeasuredWindow window, RequestSample sample) {
        this(window, sample.lookup(), new Caps());
    }

    private Scope(MeasuredWindow window, RequestSample.Lookup sample, Caps caps) {
        this.window = window;
        this.sample = sample;
        this.caps = caps;
    }

    /** For one chunk's collectors: caps of their own. */
    Scope fork() {
        return new Scope(window, sample.fork(), new Caps());
    }

    /** For one time segment's collectors: caps shared with the other segments of the read ({@link Segments}). */
    Scope sharing(Caps shared) {
        return new Scope(window, sample.fork(), shared);
    }

    /** Whether an instant counts: inside the window, or any when there is none. */
    boolean in(long epochNanos) {
        return window == null || window.contains(epochNanos);
    }

    /** An interval ending before the window cannot overlap a measured request. */
    boolean keep(long endNanos) {
        return window == null || endNanos >= window.startNanos();
    }

    /** Requests the counts cover: not warm-up, started inside the window. */
    boolean counts(String requestId, long startNanos) {
        return !warmup(requestId) && in(startNanos);
    }

    static boolean warmup(String requestId) {
        return requestId != null && requestId.startsWith(WARMUP_PREFIX);
    }

    /** A thread's interval: with a sample of the requests, only where it overlaps a chosen request of its thread. */
    Keep span(long threadId, long startNanos, long endNanos) {
        if (!keep(endNanos)) {
            return Keep.NO;
        }
        if (sample.active() && !sample.overlapsChosen(threadId, startNanos, endNanos)) {
            return Keep.OUTSIDE_SAMPLE;
        }
        return Keep.YES;
    }

    /** A reactive request's own interval: with a sample of the requests, only for a chosen request's id. */
    Keep own(String requestId, long startNanos, long endNanos) {
        if (!keep(endNanos)) {
            return Keep.NO;
        }
        if (sample.active() && !sample.chosenId(requestId)) {
            return Keep.OUTSIDE_SAMPLE;
        }
        return Keep.YES;
    }

    /** Whether an interval is kept, and when not, whether it is counted as outside the sample. */
    enum Keep {
        YES, NO, OUTSIDE_SAMPLE
    }
}

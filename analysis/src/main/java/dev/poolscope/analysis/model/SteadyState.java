package dev.poolscope.analysis.model;

import java.util.List;

/**
 * Whether the run's load settled, judged from its per-second series (package {@code steady}): the verdict rests on the
 * steady part, so a start-up transient found here is left out of the measured window and reported as such.
 * {@code skippedSeconds} were cut by hand ({@code analyze --skip-seconds}) before this was judged, on
 * {@code judgedWindow} (null when nothing was). {@code loadStartNanos}
 * is where the judged series begin (the first measured request), {@code steadyStartNanos} where the steady part
 * begins (the same when nothing was cut). {@code shifts} are the series whose start differed from the rest (for
 * {@link Status#UNSETTLED}: the ones whose level still changed after their start, split where it did).
 */
public record SteadyState(Status status, double skippedSeconds, MeasuredWindow judgedWindow,
        long loadStartNanos,
        long steadyStartNanos, double judgedSeconds, List<Shift> shifts, String sentence) {

    /** Nothing judged: no requests, or a service merged from instances that were each judged on their own. */
    public static final SteadyState NOT_JUDGED = new SteadyState(Status.NOT_JUDGED, 0, null, 0, 0, 0,
            List.of(), null);

    public enum Status {
        /** No series' start differed from its rest. */
        STEADY("steady"),
        /** The first seconds differed and are left out: the figures and the verdict cover the rest. */
        TRANSIENT("transient"),
        /** A level still changed after the start: no steady part, the verdict covers the whole window. */
        UNSETTLED("unsettled"),
        /** Too few seconds of load to tell a level from its noise. */
        TOO_SHORT("too-short"), NOT_JUDGED("not-judged");

        private final String id;

        Status(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    /**
     * One series over the first {@code leadSeconds} of load against the rest: mean milliseconds per request in each
     * part ({@code measure}: a {@link Cause} id, {@code server} for server time or {@code backlog}), and the series'
     * second-to-second noise the judgement used (from its moving ranges).
     */
    public record Shift(String measure, double leadSeconds, double leadMsPerRequest, double restMsPerRequest,
            double noiseMs) {
    }

    /** Whether the measured window was cut to the steady part. */
    public boolean cut() {
        return status == Status.TRANSIENT;
    }

    /** The seconds of load left out as a transient (0 unless {@link #cut()}). */
    public double transientSeconds() {
        return cut() ? (steadyStartNanos - loadStartNanos) / 1e9 : 0;
    }

    /** {@code w} from the steady part's start. */
    public MeasuredWindow steadyWindow(MeasuredWindow w) {
        return new MeasuredWindow(Math.max(w.startNanos(), steadyStartNanos), w.endNanos(), w.source());
    }
}

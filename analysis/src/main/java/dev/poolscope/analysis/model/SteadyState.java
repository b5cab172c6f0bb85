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
 * {@code drainSeconds} were left out at the end ({@code steady} package's {@code Drain}): the seconds after the last
 * request the clients sent, while the sent ones finished; the steady part then ends at {@code steadyEndNanos} (0 when
 * nothing was left out at the end).
 */
public record SteadyState(Status status, double skippedSeconds, MeasuredWindow judgedWindow,
        long loadStartNanos,
        long steadyStartNanos, double judgedSeconds, List<Shift> shifts, String sentence, long steadyEndNanos,
        double drainSeconds) {

    /** Nothing left out at the end. */
    public SteadyState(Status status, double skippedSeconds, MeasuredWindow judgedWindow, long loadStartNanos,
            long steadyStartNanos, double judgedSeconds, List<Shift> shifts, String sentence) {
        this(status, skippedSeconds, judgedWindow, loadStartNanos, steadyStartNanos, judgedSeconds, shifts,
                sentence, 0, 0);
    }

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
        /**
         * The clients sent every request before a mean one was answered (each sent about once, as ab does): a burst
         * whose queue empties, no load that settles; not judged, the verdict covers the whole window.
         */
        BURST("burst"),
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

    /** Whether the measured window was cut to the steady part, at its start, its end or both. */
    public boolean cut() {
        return startCut() || drainSeconds > 0;
    }

    /** Whether a start-up transient was left out: the window starts at {@link #steadyStartNanos}. */
    public boolean startCut() {
        return status == Status.TRANSIENT;
    }

    /** The seconds of load left out as a transient (0 unless {@link #startCut()}). */
    public double transientSeconds() {
        return startCut() ? (steadyStartNanos - loadStartNanos) / 1e9 : 0;
    }

    /** {@code w} from the steady part's start to its end. */
    public MeasuredWindow steadyWindow(MeasuredWindow w) {
        long start = startCut() ? Math.max(w.startNanos(), steadyStartNanos) : w.startNanos();
        long end = drainSeconds > 0 ? Math.min(w.endNanos(), steadyEndNanos) : w.endNanos();
        return new MeasuredWindow(start, Math.max(start, end), w.source());
    }

    /** This state with {@code seconds} of drain left out, the steady part ending at {@code endNanos}. */
    public SteadyState withDrain(long endNanos, double seconds, String drainSentence) {
        return new SteadyState(status, skippedSeconds, judgedWindow, loadStartNanos, steadyStartNanos,
                judgedSeconds, shifts, sentence == null ? drainSentence : sentence + " " + drainSentence,
                endNanos,
                seconds);
    }
}

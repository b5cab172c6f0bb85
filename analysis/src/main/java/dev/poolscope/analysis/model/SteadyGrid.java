package dev.poolscope.analysis.model;

/**
 * The seconds a steady part may start on: whole steps from the first request the server counted, in the first half of
 * the measured window. The detector cuts only there, so one read of the recording can keep its figures apart at those
 * instants and build the steady part's model without reading it again ({@link Segments}). A step is a second until the
 * window's first half holds more than {@link #MAX_STEPS} of them; past that it grows to whole seconds that keep it
 * under, so what one read keeps apart stays bounded however long the run.
 */
public final class SteadyGrid {
    /** At most this many starts: each is a set of collectors kept apart during the read. */
    static final int MAX_STEPS = 64;

    private SteadyGrid() {
    }

    /** The step, in whole seconds, for a measured window of {@code seconds}. */
    public static int stepSeconds(double seconds) {
        double half = Math.max(0, seconds) / 2 + 1;
        return (int) Math.max(1, Math.ceil(half / (MAX_STEPS - 1)));
    }

    /**
     * How many starts a read keeps apart for a window of {@code seconds}: every step to a second past its first half
     * (the detector cuts no later; a request ending after the window can lengthen the judged seconds a little).
     */
    static int steps(double seconds, int step) {
        double half = Math.max(0, seconds) / 2 + 2;
        return (int) Math.min(MAX_STEPS, Math.floor(half / step) + 1);
    }

    /** {@code second} rounded up to a whole step. */
    public static int onStep(int second, int step) {
        return (second + step - 1) / step * step;
    }
}

package dev.poolscope.analysis.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.MeasuredWindow;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SteadyState;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.steady.Drain;
import dev.poolscope.analysis.steady.SteadyDetector;

/**
 * Reads one agent folder onto its steady part: on the measured window (less the first seconds of load left out by
 * hand), judged for a start-up transient ({@link SteadyDetector}), and built again from the steady part's start when
 * one was found or the load ended in a drain worth leaving out ({@link Drain}), so every figure and the verdict rest on
 * it: from the one read's segments ({@link RunReader#steady}), or by reading again when the steady part's edges are
 * not ones it kept apart. Several instances are judged one by one and cut together, read again
 * ({@link InstancesAnalyzer}).
 */
public final class SteadyReader {
    private final double skipSeconds;

    /** {@code skipSeconds}: the first seconds of load to leave out by hand (0: none). */
    public SteadyReader(double skipSeconds) {
        if (!(skipSeconds >= 0) || Double.isInfinite(skipSeconds)) {
            throw new IllegalArgumentException("--skip-seconds takes a number of seconds, 0 or more");
        }
        this.skipSeconds = skipSeconds;
    }

    /** The model on its steady part, its steady state said in a note when something was left out or none found. */
    public RunReader.Result read(Path runDir, Path agent, String name) {
        // The judged read is kept apart at the instants the steady part may start or end: its segments then give the
        // steady part without reading the recording again (RunReader.steady), unless its edges fell elsewhere.
        RunReader reader = RunReader.splitting();
        RunReader.Result r = judged(reader, runDir, agent, name);
        SteadyState steady = r.model() == null
                ? SteadyState.NOT_JUDGED
                : Drain.judge(r.model(), r.model().steady());
        if (steady.cut()) {
            MeasuredWindow window = steady.steadyWindow(r.model().window());
            // The judged model is done with: without this the frame keeps it reachable while the steady part is built,
            // and a large recording's two models together fill the heap (1 GB file, -Xmx512m: 12 full collections).
            r = null;
            RunReader.Result fromSegments = reader.steady(window);
            return fromSegments != null
                    ? withSteady(fromSegments, steady, true)
                    : cut(runDir, agent, name, window, steady);
        }
        return noted(steady) ? withSteady(r, steady, true) : r;
    }

    /**
     * Whether the steady state is worth a note when nothing was cut for it: none found, a burst, or seconds cut by hand.
     */
    static boolean noted(SteadyState s) {
        return s.status() == SteadyState.Status.UNSETTLED || s.status() == SteadyState.Status.BURST
                || s.skippedSeconds() > 0;
    }

    /** The model on the measured window (less the first seconds of load left out by hand), judged, not cut. */
    RunReader.Result judged(Path runDir, Path agent, String name) {
        return judged(new RunReader(), runDir, agent, name);
    }

    private RunReader.Result judged(RunReader reader, Path runDir, Path agent, String name) {
        // With seconds to skip, the first read only finds where load started: not kept apart for a steady part.
        RunReader.Result r = (skipSeconds > 0 ? new RunReader() : reader).read(runDir, agent, name, null);
        if (r.failure() != null) {
            return r;
        }
        if (skipSeconds > 0) {
            // Load starts at the first measured request or sample, known only once read.
            r = reader.read(runDir, agent, name, skip(r.model()));
        }
        return withSteady(r, new SteadyDetector().detect(r.model(), skipSeconds), false);
    }

    /** The model read again on {@code window}, where {@code steady} found the steady part. */
    RunReader.Result cut(Path runDir, Path agent, String name, MeasuredWindow window, SteadyState steady) {
        return withSteady(new RunReader().read(runDir, agent, name, window), steady, true);
    }

    /** The model's window from {@link #skipSeconds} into its load (its first measured request or sample). */
    private MeasuredWindow skip(RunModel m) {
        MeasuredWindow w = m.window();
        long start = m.startNanos() + Math.round(skipSeconds * 1e9);
        if (start >= m.endNanos()) {
            throw new IllegalArgumentException("--skip-seconds " + Messages.num(skipSeconds)
                    + " leaves nothing of the " + Messages.num(m.durationSeconds()) + " s of load");
        }
        return new MeasuredWindow(Math.max(start, w.startNanos()), w.endNanos(), w.source());
    }

    /** {@code r} with {@code s} as its model's steady state, and with its sentence as a note when {@code note}. */
    static RunReader.Result withSteady(RunReader.Result r, SteadyState s, boolean note) {
        if (r.model() == null) {
            return r;
        }
        RunModel m = r.model().withSteady(s);
        if (note && s.sentence() != null) {
            List<String> notes = new ArrayList<>(m.notes());
            notes.add(s.sentence());
            m = RunNotes.withNotes(m, notes);
        }
        return new RunReader.Result(m, r.recording(), r.recordingProblem(), r.jtl(), r.jtlProblem(),
                r.failure(),
                r.stacks());
    }
}

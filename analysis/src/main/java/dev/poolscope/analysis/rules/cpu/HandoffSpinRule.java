package dev.poolscope.analysis.rules.cpu;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * HikariCP's hand-off spin: a thread returning a connection while others wait loops on Thread.yield in
 * ConcurrentBag.requite, so starvation shows up as CPU burn (HikariCP #835). The spin is in Thread.yield's native
 * code, where the JDK's execution sampler never samples a thread: the share is read from async-profiler's CPU samples
 * when the run has them, else from the JDK's execution samples plus its native method samples inside Thread.yield
 * (which count a spinning thread queued for a CPU as well as one on it).
 */
public final class HandoffSpinRule implements Rule {
    static final Threshold YIELD_SHARE = new Threshold("CPU samples in ConcurrentBag.requite yield", 2, 10,
            Unit.PERCENT);
    static final long MIN_SAMPLES = 50;

    @Override
    public String id() {
        return "handoff-spin";
    }

    @Override
    public List<String> requires() {
        return List.of("async-profiler CPU samples, else " + JdkTypes.EXECUTION_SAMPLE + " and "
                + JdkTypes.NATIVE_METHOD_SAMPLE);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(YIELD_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        long samples = run.process().cpuSamples();
        // Too few samples make any share noise.
        if (samples < MIN_SAMPLES) {
            return notEnoughData("fewer than " + MIN_SAMPLES + " CPU samples (" + samples + ", "
                    + run.process().cpuSampleSource() + ")");
        }
        double share = 100.0 * run.process().yieldSpinSamples() / samples;
        List<Evidence> ev = List.of(new Evidence("CPU samples in requite yield", share, Unit.PERCENT),
                new Evidence("CPU samples", samples, Unit.COUNT));
        int score = YIELD_SHARE.score(share);
        return result(score, score < 25 ? "ok" : "found", ev, num(share), samples,
                run.process().cpuSampleSource());
    }
}

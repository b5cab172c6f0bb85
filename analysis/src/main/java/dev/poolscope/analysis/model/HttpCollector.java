package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/**
 * Outbound HTTP calls in the window, by target: each target's call times as a distribution, its failed calls, and how
 * many of its calls (and how much of their time) were made by a thread holding a pooled connection. At most
 * {@link #MAX_TARGETS} targets, the first met in file order; calls to any other are kept together under
 * {@link #OTHER}, so a service that calls thousands of hosts costs no more than one that calls a few.
 */
final class HttpCollector implements Collector<HttpCollector> {
    static final int MAX_TARGETS = 32;
    static final String OTHER = "(other targets)";
    /** A call whose target the agent could not read. */
    static final String UNKNOWN = "?";

    private final Scope scope;
    /** In file order, so the cap keeps the first targets whichever chunk they came from. */
    final Map<String, Target> targets = new LinkedHashMap<>();

    HttpCollector(Scope scope) {
        this.scope = scope;
    }

    /** What is kept of one target's calls. */
    static final class Target {
        final DurationHistogram time = new DurationHistogram();
        long timeNanos;
        long failures;
        long blocking;
        long insideHolds;
        long insideHoldsNanos;

        void addAll(Target o) {
            time.addAll(o.time);
            timeNanos += o.timeNanos;
            failures += o.failures;
            blocking += o.blocking;
            insideHolds += o.insideHolds;
            insideHoldsNanos += o.insideHoldsNanos;
        }
    }

    @Override
    public HttpCollector fork(Scope s) {
        return new HttpCollector(s);
    }

    @Override
    public void join(HttpCollector later) {
        later.targets.forEach((name, t) -> target(name).addAll(t));
    }

    @Override
    public void httpCall(Events.HttpCall e) {
        if (!scope.in(e.startNanos())) {
            return;
        }
        long nanos = Math.max(0, e.endNanos() - e.startNanos());
        Target t = target(e.target());
        t.time.add(nanos);
        t.timeNanos += nanos;
        if (e.unsuccessful()) {
            t.failures++;
        }
        if (e.blocking()) {
            t.blocking++;
        }
        if (e.connectionsHeld() > 0) {
            t.insideHolds++;
            t.insideHoldsNanos += nanos;
        }
    }

    private Target target(String name) {
        String key = name == null || name.isEmpty() ? UNKNOWN : name;
        Target t = targets.get(key);
        if (t != null) {
            return t;
        }
        if (targets.size() >= MAX_TARGETS && !key.equals(OTHER)) {
            key = OTHER;
        }
        return targets.computeIfAbsent(key, k -> new Target());
    }

    /** The model's view: every target, the most time first. */
    RunModel.Http http() {
        List<RunModel.Http.Target> out = new ArrayList<>(targets.size());
        targets.forEach((name, t) -> out.add(new RunModel.Http.Target(name, Distribution.of(t.time),
                t.timeNanos, t.failures, t.blocking, t.insideHolds, t.insideHoldsNanos)));
        out.sort(Comparator.comparingLong(RunModel.Http.Target::timeNanos).reversed()
                .thenComparing(RunModel.Http.Target::target));
        return new RunModel.Http(List.copyOf(out));
    }
}

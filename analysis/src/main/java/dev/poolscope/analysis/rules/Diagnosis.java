package dev.poolscope.analysis.rules;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.poolscope.analysis.model.RunModel;

/** Runs every rule over a run and names the primary cause. */
public final class Diagnosis {
    /** A cause needs at least this score to be named primary; below it the run is called healthy. */
    public static final int PRIMARY_MIN_SCORE = 50;

    private final List<Rule> rules;

    public Diagnosis() {
        this(List.of(new PoolStarvationRule(), new ConnectionHeldRule(), new CpuOversubscriptionRule(),
                new RedisSlowRule(), new LockContentionRule(), new GcPressureRule(),
                new BacklogQueueingRule(),
                new HandoffSpinRule(), new VirtualThreadPinningRule()));
    }

    Diagnosis(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Results in rule order, then {@code healthy}; and the primary cause. */
    public record Result(List<RuleResult> results, String primaryCause, Recommendation recommendation) {
    }

    public Result evaluate(RunModel run) {
        List<RuleResult> results = new ArrayList<>();
        for (Rule r : rules) {
            results.add(r.evaluate(run));
        }
        RuleResult healthy = new HealthyRule().evaluate(run, results);
        String primary = results.stream().filter(r -> r.scoreOrZero() >= PRIMARY_MIN_SCORE)
                .max(Comparator.comparingInt(RuleResult::scoreOrZero)).map(RuleResult::rule)
                .orElse(HealthyRule.ID);
        results.add(healthy);
        return new Result(List.copyOf(results), primary, new ThreadRecommendation().recommend(run));
    }

    public List<Rule> rules() {
        return rules;
    }
}

package dev.poolscope.analysis.diagnosis;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Recommendation;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.cpu.CpuOversubscriptionRule;
import dev.poolscope.analysis.rules.cpu.HandoffSpinRule;
import dev.poolscope.analysis.rules.database.DatabaseSlowRule;
import dev.poolscope.analysis.rules.database.NPlusOneRule;
import dev.poolscope.analysis.rules.gc.GcPressureRule;
import dev.poolscope.analysis.rules.http.DownstreamSlowRule;
import dev.poolscope.analysis.rules.lock.LockContentionRule;
import dev.poolscope.analysis.rules.pool.ConnectionHeldRule;
import dev.poolscope.analysis.rules.pool.DatabaseUnreachableRule;
import dev.poolscope.analysis.rules.pool.PoolStarvationRule;
import dev.poolscope.analysis.rules.reactive.EventLoopBlockedRule;
import dev.poolscope.analysis.rules.reactive.EventLoopSaturatedRule;
import dev.poolscope.analysis.rules.redis.RedisSlowRule;
import dev.poolscope.analysis.rules.vthreads.VirtualThreadPinningRule;
import dev.poolscope.analysis.rules.workers.BacklogQueueingRule;
import dev.poolscope.analysis.rules.workers.WorkerPoolSaturatedRule;

/**
 * Runs every rule over a run, links the findings into a cause chain and names its root as the primary cause; then
 * recommends what fits that cause.
 */
public final class Diagnosis {
    /** A cause needs at least this score to be a finding; with none the run is called healthy. */
    public static final int PRIMARY_MIN_SCORE = 50;

    private final List<Rule> rules;

    public Diagnosis() {
        this(List.of(new PoolStarvationRule(), new ConnectionHeldRule(), new DatabaseUnreachableRule(),
                new DatabaseSlowRule(), new NPlusOneRule(),
                new CpuOversubscriptionRule(),
                new RedisSlowRule(), new DownstreamSlowRule(), new LockContentionRule(), new GcPressureRule(),
                new WorkerPoolSaturatedRule(), new BacklogQueueingRule(),
                new HandoffSpinRule(), new VirtualThreadPinningRule(), new EventLoopBlockedRule(),
                new EventLoopSaturatedRule()));
    }

    public Diagnosis(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * Results in rule order, then {@code healthy}. {@code primaryCause} is null when the run has no requests: no
     * verdict without data. {@code causeChain} holds the links of the primary chain, root first; {@code links}
     * every link between causes worth naming.
     */
    public record Result(List<RuleResult> results, String primaryCause, Recommendation recommendation,
            List<Link> causeChain, List<Link> links, String chainSentence) {
    }

    public Result evaluate(RunModel run) {
        List<RuleResult> results = new ArrayList<>();
        if (run.requests().isEmpty()) {
            for (Rule r : rules) {
                results.add(r.notEnoughData("no " + RequestEvent.NAME + " events"));
            }
            results.add(new HealthyRule().evaluate(run, results));
            return new Result(List.copyOf(results), null,
                    Recommendation.notAvailable("no " + RequestEvent.NAME + " events"), List.of(), List.of(),
                    null);
        }
        for (Rule r : rules) {
            results.add(r.evaluate(run));
        }
        CauseChain chain = CauseChain.of(run, rules, results);
        results.add(new HealthyRule().evaluate(run, results));
        String primary = chain.root() == null ? HealthyRule.ID : chain.root();
        return new Result(List.copyOf(results), primary, new Recommender().recommend(run, primary, chain),
                chain.chain(), chain.links(), chain.sentence());
    }

    public List<Rule> rules() {
        return rules;
    }
}

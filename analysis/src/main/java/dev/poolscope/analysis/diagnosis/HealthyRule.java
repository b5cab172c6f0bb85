package dev.poolscope.analysis.diagnosis;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Unit;

/** The run is healthy when no cause rule reached INFO; its score is the headroom left by the worst one. */
public final class HealthyRule {
    public static final String ID = "healthy";

    RuleResult evaluate(RunModel run, List<RuleResult> causes) {
        if (run.requests().isEmpty()) {
            return new RuleResult(ID, null, RuleResult.Severity.NA,
                    Messages.format("na", "no " + RequestEvent.NAME + " events"),
                    List.of(), List.of(RequestEvent.NAME));
        }
        RuleResult worst = causes.stream().filter(r -> r.score() != null)
                .max(java.util.Comparator.comparingInt(RuleResult::score)).orElse(null);
        int worstScore = worst == null ? 0 : worst.score();
        int score = 100 - worstScore;
        String sentence = worstScore < Diagnosis.PRIMARY_MIN_SCORE
                ? Messages.format("healthy.yes", worstScore)
                : Messages.format("healthy.no", worst.rule(), worstScore);
        return new RuleResult(ID, score, score >= 75 ? RuleResult.Severity.OK : RuleResult.Severity.INFO,
                sentence,
                List.of(new Evidence("highest cause score", worstScore, Unit.COUNT)), List.of("all rules"));
    }
}

package dev.poolscope.analysis.rules;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;

/**
 * One cause, one class. A rule names the recorded data it needs, its thresholds with units, and returns a 0–100
 * score with numeric evidence, or NA when the data is not there.
 */
public interface Rule {
    String id();

    /** Event types (or files) the rule reads. */
    List<String> requires();

    List<Threshold> thresholds();

    RuleResult evaluate(RunModel run);

    default RuleResult notEnoughData(String what) {
        return new RuleResult(id(), null, RuleResult.Severity.NA, Messages.format("na", what), List.of(),
                requires());
    }

    default RuleResult result(int score, String key, List<Evidence> evidence, Object... args) {
        Object[] text = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            // MessageFormat would group digits ("1,234"); numbers are formatted here instead.
            text[i] = args[i] instanceof Number n ? Messages.num(n.doubleValue()) : args[i];
        }
        return new RuleResult(id(), score, RuleResult.Severity.of(score),
                Messages.format(id() + "." + key, text),
                List.copyOf(evidence), requires());
    }
}

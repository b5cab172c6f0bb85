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

    /**
     * Which other causes this rule's finding explains, and what share of each, from the measurements. Called only
     * when the run has requests; a link's share is 0–1.
     */
    default List<Link> explains(RunModel run) {
        return List.of();
    }

    /** A short phrase with the rule's key number, for the cause chain ("pool wait 1400 ms per request"). */
    default String headline(RunModel run) {
        return id();
    }

    /** The {@code <id>.short} template with pre-formatted numbers. */
    default String shortText(Object... args) {
        return Messages.format(id() + ".short", formatted(args));
    }

    default RuleResult notEnoughData(String what) {
        return new RuleResult(id(), null, RuleResult.Severity.NA, Messages.format("na", what), List.of(),
                requires());
    }

    default RuleResult result(int score, String key, List<Evidence> evidence, Object... args) {
        Object[] text = formatted(args);
        return new RuleResult(id(), score, RuleResult.Severity.of(score),
                Messages.format(id() + "." + key, text),
                List.copyOf(evidence), requires());
    }

    private static Object[] formatted(Object... args) {
        Object[] text = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            // MessageFormat would group digits ("1,234"); numbers are formatted here instead.
            text[i] = args[i] instanceof Number n ? Messages.num(n.doubleValue()) : args[i];
        }
        return text;
    }
}

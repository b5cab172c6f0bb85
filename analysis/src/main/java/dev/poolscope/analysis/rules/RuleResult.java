package dev.poolscope.analysis.rules;

import java.util.List;

/**
 * A rule's verdict. {@code score} is null when the rule had not enough data (severity NA): a missing verdict is
 * said, never guessed.
 */
public record RuleResult(String rule, Integer score, Severity severity, String sentence,
        List<Evidence> evidence,
        List<String> requires) {

    public enum Severity {
        NA, OK, INFO, WARNING;

        static Severity of(Integer score) {
            if (score == null) {
                return NA;
            }
            return score >= 75 ? WARNING : score >= 25 ? INFO : OK;
        }
    }

    public int scoreOrZero() {
        return score == null ? 0 : score;
    }
}

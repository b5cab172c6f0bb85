package dev.poolscope.cli.check;

import dev.poolscope.format.summary.Summary;

import java.util.List;

/** A condition of {@code check}: an upper bound on a number, or a diagnosis that must not be made. */
sealed interface Condition permits Condition.Max, Condition.Forbid {

    Outcome evaluate(Summary summary);

    /** {@code --max field=limit}: holds when the measured value is at most the limit. */
    record Max(SummaryField field, Limit limit) implements Condition {
        @Override
        public Outcome evaluate(Summary summary) {
            String name = "max " + field.name() + "=" + limit.text();
            Double v = field.value(summary);
            if (v == null) {
                // A gate that cannot be evaluated must not pass silently.
                return new Outcome(name, false, field.name() + " was not measured in this run");
            }
            String measured = field.name() + " = " + format(v, field.time());
            return v <= limit.value()
                    ? new Outcome(name, true, measured)
                    : new Outcome(name, false, measured + ", above " + limit.text());
        }

        private static String format(double v, boolean time) {
            String n = v == Math.rint(v) && Math.abs(v) < 1e15
                    ? Long.toString((long) v)
                    : String.format(java.util.Locale.ROOT, "%.3f", v).replaceAll("0+$", "");
            return time ? n + " ms" : n;
        }
    }

    /**
     * {@code --forbid rule}: broken when the rule's score reaches 50, the bar summary.json's {@code primary_cause}
     * uses for a finding. A rule without enough data (score null) holds, and says so.
     */
    record Forbid(String rule) implements Condition {

        static final int FINDING_SCORE = 50;

        @Override
        public Outcome evaluate(Summary summary) {
            String name = "forbid " + rule;
            for (Summary.RuleOutcome d : summary.diagnosis() == null
                    ? List.<Summary.RuleOutcome>of()
                    : summary.diagnosis()) {
                if (rule.equals(d.rule())) {
                    if (d.score() == null) {
                        return new Outcome(name, true, rule + " not assessed: not enough data");
                    }
                    int s = d.score();
                    return s >= FINDING_SCORE
                            ? new Outcome(name, false, rule + " diagnosed (score " + s + " of 100, "
                                    + d.severity() + "): " + d.sentence())
                            : new Outcome(name, true,
                                    rule + " score " + s + " of 100, below " + FINDING_SCORE);
                }
            }
            return new Outcome(name, true, rule + " not assessed in this run");
        }
    }
}

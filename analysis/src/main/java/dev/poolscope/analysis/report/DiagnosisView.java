package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.RuleResult;

/** View 8: one row per rule with its score bar, sentence and evidence; then the thread recommendation. */
final class DiagnosisView {
    public record Row(String rule, String score, String severity, double barWidth, String barColor,
            String sentence,
            String evidence, boolean primary) {
    }

    public record Model(String primary, String chain, List<Row> rows, String kind, String recommendation,
            List<String> arithmetic) {
    }

    Model build(Diagnosis.Result d) {
        List<Row> rows = new ArrayList<>();
        for (RuleResult r : d.results()) {
            String color = switch (r.severity()) {
                case WARNING -> "#d62728";
                case INFO -> "#ff7f0e";
                case OK -> "#2ca02c";
                case NA -> "#bbbbbb";
            };
            String evidence = r.evidence().stream().map(DiagnosisView::evidence)
                    .collect(Collectors.joining("; "));
            rows.add(new Row(r.rule(), r.score() == null ? "NA" : r.score().toString(), r.severity().name(),
                    r.scoreOrZero() * 1.2, color, r.sentence(), evidence, r.rule().equals(d.primaryCause())));
        }
        return new Model(d.primaryCause() == null ? "none (not enough data)" : d.primaryCause(),
                d.chainSentence(), rows, d.recommendation().kind(), d.recommendation().sentence(),
                d.recommendation().arithmetic());
    }

    private static String evidence(Evidence e) {
        return e.name() + " " + Plot.tick(e.value())
                + (e.unit().symbol().isEmpty() ? "" : " " + e.unit().symbol());
    }
}

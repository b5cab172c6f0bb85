package dev.poolscope.cli.suite;

import dev.poolscope.format.summary.Summary;

import java.util.List;
import java.util.Map;

/** The suite's results as Markdown: one row per check, then what each run measured. */
final class ScenarioTable {

    private ScenarioTable() {
    }

    static String markdown(List<ScenarioVerdict> verdicts) {
        StringBuilder b = new StringBuilder(
                "| scenario | check | expected | got | result |\n|---|---|---|---|---|\n");
        for (ScenarioVerdict v : verdicts) {
            for (ScenarioVerdict.Check c : v.checks()) {
                b.append("| ").append(cell(v.scenario())).append(" | ").append(c.name()).append(" | ")
                        .append(cell(c.expected())).append(" | ").append(cell(c.got())).append(" | ")
                        .append(c.status() == ScenarioVerdict.Status.NA
                                ? "n/a"
                                : c.status().name().toLowerCase(
                                        java.util.Locale.ROOT))
                        .append(" |\n");
            }
        }
        return b.toString();
    }

    static String document(List<ScenarioVerdict> verdicts, boolean quick, long seconds) {
        long passed = verdicts.stream().filter(ScenarioVerdict::passed).count();
        StringBuilder b = new StringBuilder("# Diagnosis scenarios\n\n");
        b.append(passed).append(" of ").append(verdicts.size()).append(" scenarios passed")
                .append(quick ? " (quick loads)" : "").append(", ").append(seconds).append(" s.\n\n");
        b.append(markdown(verdicts)).append("\n## What each run measured\n\n");
        b.append("| scenario | req/s | client mean ms | server mean ms | pool wait mean ms | hold mean ms |"
                + " backlog mean ms | threads: run → recommended | scores ≥ 25 | chain |\n");
        b.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (ScenarioVerdict v : verdicts) {
            Map<String, Object> f = v.facts();
            StringBuilder scores = new StringBuilder();
            if (f.get("scores") instanceof Map<?, ?> m) {
                m.forEach((rule, score) -> {
                    if (((Number) score).intValue() >= 25) {
                        scores.append(scores.isEmpty() ? "" : ", ").append(rule).append(' ').append(score);
                    }
                });
            }
            b.append("| ").append(cell(v.scenario())).append(" | ").append(f.get(Summary.THROUGHPUT_RPS))
                    .append(" | ")
                    .append(f.get("client_mean_ms")).append(" | ").append(f.get("server_mean_ms"))
                    .append(" | ")
                    .append(f.get("pool_wait_mean_ms")).append(" | ").append(f.get("hold_mean_ms"))
                    .append(" | ")
                    .append(f.get("backlog_mean_ms")).append(" | ").append(f.get(Summary.MAX_THREADS))
                    .append(" → ")
                    .append(f.get(Summary.RECOMMENDED_THREADS)).append(" | ").append(cell(scores.toString()))
                    .append(" | ")
                    .append(cell(String.valueOf(f.get(Summary.CAUSE_CHAIN_SENTENCE)))).append(" |\n");
        }
        return b.toString();
    }

    /** Markdown cells: no pipes or line breaks from the recording's text. */
    static String cell(String s) {
        return s.replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }
}

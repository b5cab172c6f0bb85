package dev.poolscope.cli.check;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A number in summary.json named the way docs/reference/summary-json.md names it: a top-level number ({@code error_rate},
 * {@code throughput_rps}), or a statistic of a distribution with a short name ({@code client_p99} is
 * {@code client_ms.p99}) or a dotted one ({@code client_ms.p99}).
 */
record SummaryField(String name, String group, String stat, boolean time) {

    private static final Pattern SHORT = Pattern.compile("([a-z_]+)_(p50|p95|p99|max|mean|count)");

    /** The field the user named, or null when summary.json has no such number or distribution. */
    static SummaryField resolve(String text, JsonNode summary) {
        String name = text.trim().toLowerCase(Locale.ROOT);
        int dot = name.indexOf('.');
        if (dot > 0) {
            return distribution(name, name.substring(0, dot), name.substring(dot + 1), summary);
        }
        Matcher m = SHORT.matcher(name);
        if (m.matches() && summary.path(m.group(1) + "_ms").isObject()) {
            return distribution(name, m.group(1) + "_ms", m.group(2), summary);
        }
        JsonNode v = summary.get(name);
        if (v != null && (v.isNumber() || v.isNull())) {
            // Names with _ms carry milliseconds (docs/reference/summary-json.md: times are milliseconds); worker_run_delay_ms_per_s too.
            return new SummaryField(name, null, name, name.contains("_ms"));
        }
        return null;
    }

    private static SummaryField distribution(String name, String group, String stat, JsonNode summary) {
        JsonNode g = summary.path(group);
        if (!g.isObject() || !g.has(stat) || !group.endsWith("_ms")) {
            return null;
        }
        return new SummaryField(name, group, stat, !stat.equals("count"));
    }

    /** The measured value, or null when the run did not measure it. */
    Double value(JsonNode summary) {
        JsonNode v = group == null ? summary.get(stat) : summary.path(group).get(stat);
        return v == null || !v.isNumber() ? null : v.doubleValue();
    }
}

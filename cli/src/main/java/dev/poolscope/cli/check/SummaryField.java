package dev.poolscope.cli.check;

import dev.poolscope.format.summary.Summary;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A number in summary.json named the way docs/reference/summary-json.md names it: a top-level number ({@code error_rate},
 * {@code throughput_rps}), or a statistic of a distribution with a short name ({@code client_p99} is
 * {@code client_ms.p99}) or a dotted one ({@code client_ms.p99}). The names are the {@link Summary} record's: its
 * number components, and the statistics of its {@link Summary.Distribution} components, so a figure added to the
 * record can be checked without a change here.
 */
record SummaryField(String name, Method group, Method stat, boolean time) {

    /** Top-level numbers by their JSON name. */
    private static final Map<String, Method> NUMBERS = new LinkedHashMap<>();
    /** Distributions by their JSON name ({@code client_ms}). */
    private static final Map<String, Method> DISTRIBUTIONS = new LinkedHashMap<>();
    /** A distribution's statistics by their JSON name ({@code p99}). */
    private static final Map<String, Method> STATS = new LinkedHashMap<>();
    private static final Pattern SHORT;

    static {
        for (RecordComponent c : Summary.class.getRecordComponents()) {
            if (Number.class.isAssignableFrom(c.getType())) {
                NUMBERS.put(jsonName(c), c.getAccessor());
            } else if (c.getType() == Summary.Distribution.class) {
                DISTRIBUTIONS.put(jsonName(c), c.getAccessor());
            }
        }
        for (RecordComponent c : Summary.Distribution.class.getRecordComponents()) {
            STATS.put(jsonName(c), c.getAccessor());
        }
        SHORT = Pattern.compile("([a-z_]+)_(" + String.join("|", STATS.keySet()) + ")");
    }

    /** The field the user named, or null when summary.json has no such number or distribution. */
    static SummaryField resolve(String text) {
        String name = text.trim().toLowerCase(Locale.ROOT);
        int dot = name.indexOf('.');
        if (dot > 0) {
            return distribution(name, name.substring(0, dot), name.substring(dot + 1));
        }
        Matcher m = SHORT.matcher(name);
        if (m.matches() && DISTRIBUTIONS.containsKey(m.group(1) + "_ms")) {
            return distribution(name, m.group(1) + "_ms", m.group(2));
        }
        Method number = NUMBERS.get(name);
        // Names with _ms carry milliseconds (docs/reference/summary-json.md: times are milliseconds);
        // worker_run_delay_ms_per_s too.
        return number == null ? null : new SummaryField(name, null, number, name.contains("_ms"));
    }

    private static SummaryField distribution(String name, String group, String stat) {
        Method g = DISTRIBUTIONS.get(group);
        Method s = STATS.get(stat);
        if (g == null || s == null || !group.endsWith("_ms")) {
            return null;
        }
        return new SummaryField(name, g, s, !stat.equals(Summary.Distribution.COUNT));
    }

    /** The measured value, or null when the run did not measure it. */
    Double value(Summary summary) {
        Object owner = group == null ? summary : get(group, summary);
        Object v = owner == null ? null : get(stat, owner);
        return v instanceof Number n ? n.doubleValue() : null;
    }

    private static Object get(Method accessor, Object record) {
        try {
            return accessor.invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + accessor.getName(), e);
        }
    }

    /** The component's JSON name: @JsonProperty does not target record components, so it sits on the accessor. */
    private static String jsonName(RecordComponent c) {
        JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
        return p == null ? c.getName() : p.value();
    }
}

package dev.poolscope.analysis.compare;

import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * One setting of a comparison and its repeated runs. {@code median} stands for the setting everywhere a single run
 * is read (tables, the verdict, the flame graph): its summary holds the median of every number over the repeats and
 * the most frequent primary cause, its folder is the repeat nearest the median of the ranking figure.
 */
public record Cell(Map<String, String> setting, String label, List<ComparedRun> runs, ComparedRun median) {

    /** Usable runs grouped by setting, in the runs' order (knob order). */
    public static List<Cell> of(List<ComparedRun> usable) {
        Map<String, List<ComparedRun>> groups = new LinkedHashMap<>();
        for (ComparedRun r : usable) {
            String key = r.setting().isEmpty() ? r.dir().toString() : r.setting().toString();
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        List<Cell> cells = new ArrayList<>();
        for (List<ComparedRun> g : groups.values()) {
            cells.add(of(g, rankBy(usable)));
        }
        return List.copyOf(cells);
    }

    static Cell of(List<ComparedRun> runs, String rankBy) {
        ComparedRun first = runs.getFirst();
        String label = first.label().replaceAll(" #\\d+$", "");
        if (runs.size() == 1) {
            return new Cell(first.setting(), label, List.copyOf(runs), relabel(first, label));
        }
        List<ComparedRun> sorted = new ArrayList<>(runs);
        sorted.sort(
                Comparator.comparing(r -> r.number(rankBy) == null ? Double.MAX_VALUE : r.number(rankBy)));
        ComparedRun representative = sorted.get((sorted.size() - 1) / 2);
        ObjectNode summary = representative.summary().deepCopy();
        medians(summary, "", runs);
        summary.set(Summary.PRIMARY_CAUSE, TextNode.valueOf(mostFrequentCause(runs, representative)));
        ComparedRun median = new ComparedRun(representative.dir(), first.value(), label, summary,
                representative.config(), null, first.setting(), 0);
        return new Cell(first.setting(), label, List.copyOf(runs), median);
    }

    /** The smallest and largest value of a figure over the repeats; null when no run has it. */
    public double[] range(String path) {
        double[] r = null;
        for (ComparedRun run : runs) {
            Double v = run.number(path);
            if (v == null) {
                continue;
            }
            r = r == null ? new double[]{v, v} : new double[]{Math.min(r[0], v), Math.max(r[1], v)};
        }
        return r;
    }

    /** Each repeat's primary cause, in run order. */
    public List<String> causes() {
        return runs.stream()
                .map(r -> r.node(Summary.PRIMARY_CAUSE) == null
                        ? "?"
                        : r.node(Summary.PRIMARY_CAUSE).asText())
                .toList();
    }

    static String rankBy(List<ComparedRun> usable) {
        return usable.stream()
                .allMatch(r -> r.number(SummaryPaths.CLIENT_COUNT) != null
                        && r.number(SummaryPaths.CLIENT_COUNT) > 0)
                                ? SummaryPaths.CLIENT_P99
                                : SummaryPaths.SERVER_P99;
    }

    private static ComparedRun relabel(ComparedRun r, String label) {
        return label.equals(r.label())
                ? r
                : new ComparedRun(r.dir(), r.value(), label, r.summary(), r.config(), r.problem(),
                        r.setting(),
                        r.repeat());
    }

    /** Replaces every number under {@code node} by the median of that path over the runs that have it. */
    private static void medians(ObjectNode node, String prefix, List<ComparedRun> runs) {
        Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
        List<String[]> numbers = new ArrayList<>();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            String path = prefix + f.getKey();
            if (f.getValue() instanceof ObjectNode o && !f.getKey().contains(".")) {
                medians(o, path + ".", runs);
            } else if (f.getValue().isNumber() && !f.getKey().contains(".")) {
                numbers.add(new String[]{f.getKey(), path});
            }
        }
        for (String[] n : numbers) {
            double[] values = runs.stream().map(r -> r.number(n[1])).filter(v -> v != null)
                    .mapToDouble(Double::doubleValue).sorted().toArray();
            if (values.length > 0) {
                node.set(n[0], DoubleNode.valueOf(median(values)));
            }
        }
    }

    static double median(double[] sorted) {
        double[] v = sorted.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }

    private static String mostFrequentCause(List<ComparedRun> runs, ComparedRun representative) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        runs.forEach(r -> {
            if (r.node(Summary.PRIMARY_CAUSE) != null) {
                counts.merge(r.node(Summary.PRIMARY_CAUSE).asText(), 1, Integer::sum);
            }
        });
        String rep = representative.node(Summary.PRIMARY_CAUSE) == null
                ? "?"
                : representative.node(Summary.PRIMARY_CAUSE).asText();
        int best = counts.getOrDefault(rep, 0);
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getValue() > best) {
                rep = e.getKey();
                best = e.getValue();
            }
        }
        return rep;
    }
}

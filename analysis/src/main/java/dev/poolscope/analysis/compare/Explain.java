package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.compare.Sentences.format;
import static dev.poolscope.analysis.rules.Messages.num;

import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The paragraph under an experiment's tables: why the numbers have their shape, from the measurements only. Little's
 * law and the worker cap for thread-bound loads ({@link Capacity}), start-up and idle footprint ({@link Footprint}),
 * where server time went ({@code throughput}); then how ours compare with the seed's and, where they differ most,
 * what dominated there ({@link SeedAgreement}). Sentences are templates in {@code explain.properties}.
 */
public final class Explain {
    /** A machine this busy is CPU-bound. */
    static final double CPU_BOUND = 0.85;

    private final List<String> knobs;
    private final List<Cell> cells;
    private final int cores;

    public Explain(List<String> knobs, List<Cell> cells, int cores) {
        this.knobs = knobs;
        this.cells = cells;
        this.cores = cores;
    }

    public List<String> sentences(String kind, Beside beside) {
        List<String> s = new ArrayList<>();
        switch (kind) {
            case "footprint" -> new Footprint(cells).sentences(s);
            case "throughput" -> cells.forEach(c -> where(c, s));
            default -> new Capacity(knobs, cells).sentences(s);
        }
        if (beside != null) {
            SeedAgreement seed = new SeedAgreement(cores);
            beside.tables().forEach(t -> seed.sentences(t, s));
        }
        return List.copyOf(s);
    }

    /** Where one setting's server time went. */
    static void where(Cell c, List<String> s) {
        JsonNode causes = c.median().node(Summary.SERVER_MS_BY_CAUSE);
        String top = "?";
        double topMs = 0;
        double total = 0;
        if (causes != null) {
            for (Map.Entry<String, JsonNode> e : causes.properties()) {
                total += e.getValue().asDouble();
                if (e.getValue().asDouble() > topMs) {
                    topMs = e.getValue().asDouble();
                    top = e.getKey();
                }
            }
        }
        s.add(format("explain.where", c.label(), num0(n(c, Summary.THROUGHPUT_RPS)),
                num0(n(c, SummaryPaths.CLIENT_MEAN)),
                num0(n(c, SummaryPaths.SERVER_MEAN)), cause(c), top,
                total > 0 ? num(100 * topMs / total) : "?"));
        cpu(c, s);
    }

    /** A sentence when the setting's machine was CPU-bound. */
    static void cpu(Cell c, List<String> s) {
        Double machine = n(c, Summary.CPU_MACHINE);
        if (machine != null && machine >= CPU_BOUND) {
            s.add(format("explain.cpu", c.label(), pct(machine), pct(n(c, Summary.CPU_PROCESS))));
        }
    }

    static String cause(Cell c) {
        JsonNode n = c.median().node(Summary.PRIMARY_CAUSE);
        return n == null ? "?" : n.asText();
    }

    static Double n(Cell c, String path) {
        return c.median().number(path);
    }

    static String pct(Double share) {
        return share == null ? "?" : num(100 * share);
    }

    static String num0(Double v) {
        return v == null ? "?" : num(v);
    }
}

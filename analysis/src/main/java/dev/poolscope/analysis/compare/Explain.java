package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The paragraph under an experiment's tables: why the numbers have their shape, from the measurements only. Little's
 * law and the worker cap for thread-bound loads ({@code capacity}), start-up and idle footprint ({@code footprint}),
 * where server time went ({@code throughput}); then how ours compare with the seed's and, where they differ most,
 * what dominated there. Sentences are templates in {@code explain.properties}.
 */
public final class Explain {
    private static final Properties TEXT = load();
    /** Throughput within this share of a cap means the cap was reached. */
    static final double AT_CAP = 0.8;
    /** A machine this busy is CPU-bound. */
    static final double CPU_BOUND = 0.85;
    /** Ours and the seed's agree when within this share. */
    static final double AGREE = 0.25;

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
            case "footprint" -> footprint(s);
            case "throughput" -> cells.forEach(c -> where(c, s));
            default -> capacity(s);
        }
        if (beside != null) {
            beside.tables().forEach(t -> seed(t, s));
        }
        return List.copyOf(s);
    }

    /** Per line over the concurrency knob its highest level; without one every setting. */
    void capacity(List<String> s) {
        String x = Lines.xKnob(cells, knobs, List.of("vus"));
        List<Cell> shown = new ArrayList<>();
        if (x == null) {
            shown.addAll(cells);
        } else {
            Map<String, List<Cell>> lines = new java.util.LinkedHashMap<>();
            List<String> others = knobs.stream().filter(k -> !k.equals(x)).toList();
            cells.forEach(c -> lines.computeIfAbsent(Pivot.project(c.setting(), others).toString(),
                    k -> new ArrayList<>()).add(c));
            lines.values().forEach(l -> shown.add(l.stream()
                    .max(Comparator.comparingDouble(c -> RunSet.number(c.setting().get(x)))).orElseThrow()));
        }
        for (Cell c : shown) {
            if (virtual(c)) {
                virtualSentence(c, s);
            } else {
                platformSentence(c, s);
            }
            cpu(c, s);
        }
        platformAgainstVirtual(x, s);
    }

    private void platformSentence(Cell c, List<String> s) {
        Double workers = n(c, SummaryPaths.WORKER_POOL_MAX);
        Double server = n(c, SummaryPaths.SERVER_MEAN);
        Double rps = n(c, Summary.THROUGHPUT_RPS);
        if (workers == null || server == null || server <= 0 || rps == null) {
            where(c, s);
            return;
        }
        double cap = workers / (server / 1000);
        Double share = n(c, SummaryPaths.WORKER_POOL_ALL_BUSY_SHARE);
        String busy = share == null ? "" : format("explain.busy", pct(share));
        if (rps >= AT_CAP * cap) {
            s.add(format("explain.capped", c.label(), num(workers), num(server), Beside.sig(server / 1000),
                    num(cap),
                    num(rps), num0(n(c, SummaryPaths.BACKLOG_MEAN)), num0(n(c, SummaryPaths.CLIENT_MEAN)),
                    busy));
            Double samples = n(c, SummaryPaths.CLIENT_COUNT);
            Double took = n(c, Summary.DURATION_S);
            if (samples != null && took != null) {
                s.add(format("explain.capped.total", num(samples), num(samples / cap), num(took)));
            }
        } else {
            s.add(format("explain.room", c.label(), num(rps), num(cap), num(workers), num(server), busy,
                    num0(n(c, SummaryPaths.CLIENT_MEAN)), num(server)));
        }
    }

    private void virtualSentence(Cell c, List<String> s) {
        Double clients = RunSet.number(c.setting().get("vus"));
        Double server = n(c, SummaryPaths.SERVER_MEAN);
        Double rps = n(c, Summary.THROUGHPUT_RPS);
        if (clients == null || server == null || server <= 0 || rps == null) {
            where(c, s);
            return;
        }
        double ideal = clients / (server / 1000);
        s.add(format("explain.virtual", c.label(), num(clients), num(server), num(ideal), num(rps),
                num(100 * rps / ideal), num0(n(c, SummaryPaths.CLIENT_MEAN))));
        Double client = n(c, SummaryPaths.CLIENT_MEAN);
        if (rps < AT_CAP * ideal && client != null) {
            s.add(format("explain.virtual.short", num(server), num0(n(c, SummaryPaths.BACKLOG_MEAN)),
                    num(rps * client / 1000), num(clients), num(rps), Beside.sig(client / 1000),
                    pct(n(c, Summary.CPU_MACHINE)),
                    pct(n(c, Summary.CPU_PROCESS))));
        }
    }

    /** The same setting but the thread model, at the highest level of x. */
    private void platformAgainstVirtual(String x, List<String> s) {
        if (!knobs.contains("virtual-threads")) {
            return;
        }
        for (Cell v : cells) {
            if (!virtual(v) || (x != null && !isTop(v, x))) {
                continue;
            }
            for (Cell p : cells) {
                if (virtual(p) || !sameBut(p, v, "virtual-threads")) {
                    continue;
                }
                Double rp = n(p, SummaryPaths.CLIENT_MEAN);
                Double rv = n(v, SummaryPaths.CLIENT_MEAN);
                if (rp != null && rv != null) {
                    String others = Pivot.text(Pivot.project(v.setting(),
                            knobs.stream().filter(k -> !k.equals("virtual-threads") && !k.equals(x))
                                    .toList()),
                            false);
                    s.add(format("explain.platform-vs-virtual", x == null ? "these" : v.setting().get(x),
                            num(rp),
                            num(rv), others.equals("all") ? "" : " (" + others + ")",
                            num0(n(v, Summary.THROUGHPUT_RPS)),
                            num0(n(p, Summary.THROUGHPUT_RPS))));
                }
            }
        }
    }

    private boolean isTop(Cell c, String x) {
        double max = cells.stream().mapToDouble(o -> RunSet.number(o.setting().get(x))).max().orElse(0);
        return RunSet.number(c.setting().get(x)) == max;
    }

    private static boolean sameBut(Cell a, Cell b, String knob) {
        for (Map.Entry<String, String> e : a.setting().entrySet()) {
            if (!e.getKey().equals(knob) && !e.getValue().equals(b.setting().get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private void cpu(Cell c, List<String> s) {
        Double machine = n(c, Summary.CPU_MACHINE);
        if (machine != null && machine >= CPU_BOUND) {
            s.add(format("explain.cpu", c.label(), pct(machine), pct(n(c, Summary.CPU_PROCESS))));
        }
    }

    /** Where one setting's server time went. */
    void where(Cell c, List<String> s) {
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

    void footprint(List<String> s) {
        Cell fast = min(c -> n(c, Summary.STARTUP_MS));
        Cell slow = max(c -> n(c, Summary.STARTUP_MS));
        if (fast != null && slow != null) {
            s.add(format("explain.startup", num(n(fast, Summary.STARTUP_MS)), fast.label(),
                    num(n(slow, Summary.STARTUP_MS)),
                    slow.label()));
        }
        Cell few = min(c -> n(c, Summary.IDLE_LIVE_THREADS));
        Cell many = max(c -> n(c, Summary.IDLE_LIVE_THREADS));
        if (few != null && many != null) {
            s.add(format("explain.idle", few.label(), num(n(few, Summary.IDLE_LIVE_THREADS)), many.label(),
                    num(n(many, Summary.IDLE_LIVE_THREADS)),
                    mib(range(c -> n(c, Summary.IDLE_HEAP_USED_BYTES))[0]),
                    mib(range(c -> n(c, Summary.IDLE_HEAP_USED_BYTES))[1]),
                    num0(range(c -> n(c, Summary.IDLE_CLASSES_LOADED))[0]),
                    num0(range(c -> n(c, Summary.IDLE_CLASSES_LOADED))[1]),
                    mib(range(c -> n(c, Summary.IDLE_RSS_BYTES))[0]),
                    mib(range(c -> n(c, Summary.IDLE_RSS_BYTES))[1])));
        }
        Cell best = max(c -> n(c, Summary.THROUGHPUT_RPS));
        Cell worst = min(c -> n(c, Summary.THROUGHPUT_RPS));
        if (best != null && worst != null && best != worst) {
            double b = n(best, Summary.THROUGHPUT_RPS);
            double w = n(worst, Summary.THROUGHPUT_RPS);
            s.add(format("explain.fastest", best.label(), num(b), worst.label(), num(w),
                    num(100 * (b - w) / w)));
            Spread spread = Spread.of(cells, Summary.THROUGHPUT_RPS);
            int runs = cells.stream().mapToInt(spread::count).filter(k -> k > 0).min().orElse(1);
            s.add(spread.measured()
                    ? format("explain.spread.runs", num(100 * spread.share()), Integer.toString(runs),
                            num(100 * spread.margin(runs, runs)))
                    : format("explain.spread.single", num(100 * spread.share()),
                            num(100 * spread.margin(1, 1))));
        }
        cpuAll(s);
    }

    /** One sentence for every setting whose machine was CPU-bound. */
    private void cpuAll(List<String> s) {
        List<Cell> bound = cells.stream()
                .filter(c -> n(c, Summary.CPU_MACHINE) != null && n(c, Summary.CPU_MACHINE) >= CPU_BOUND)
                .toList();
        if (bound.size() == 1) {
            cpu(bound.getFirst(), s);
        } else if (bound.size() > 1) {
            double[] m = bound.stream().mapToDouble(c -> n(c, Summary.CPU_MACHINE)).sorted().toArray();
            double[] p = bound.stream().map(c -> n(c, Summary.CPU_PROCESS)).filter(v -> v != null)
                    .mapToDouble(Double::doubleValue).sorted().toArray();
            s.add(format("explain.cpu.all", Integer.toString(bound.size()), Integer.toString(cells.size()),
                    pct(m[0]), pct(m[m.length - 1]), p.length == 0 ? "?" : pct(p[0]),
                    p.length == 0 ? "?" : pct(p[p.length - 1])));
        }
    }

    /** How ours compare with one seed table, and why they differ most where they do. */
    void seed(Beside.Table t, List<String> s) {
        int n = 0;
        int agree = 0;
        Beside.Entry worst = null;
        String worstLabel = null;
        String unit = "";
        double worstRatio = 1;
        for (Beside.Row r : t.rows()) {
            for (int i = 0; i < r.entries().size(); i++) {
                Beside.Entry e = r.entries().get(i);
                if (e.seed() == null || e.ours() == null || e.seed() == 0) {
                    continue;
                }
                n++;
                double ratio = e.ours() / e.seed();
                if (Math.abs(ratio - 1) <= AGREE) {
                    agree++;
                }
                if (Math.abs(Math.log(ratio)) > Math.abs(Math.log(worstRatio))) {
                    worstRatio = ratio;
                    worst = e;
                    worstLabel = r.label()
                            + (t.columns().get(i).isEmpty() ? "" : " at " + t.columns().get(i));
                    unit = r.unit();
                }
            }
        }
        if (n == 0) {
            return;
        }
        s.add(format("explain.seed", t.title(), Integer.toString(agree), Integer.toString(n)));
        if (worst != null && Math.abs(worstRatio - 1) > AGREE && worst.cell() == null) {
            s.add(format("explain.seed.differs.pooled", worstLabel, num(worst.ours()), num(worst.seed()),
                    unit,
                    num(worstRatio)));
        } else if (worst != null && Math.abs(worstRatio - 1) > AGREE) {
            Cell c = worst.cell();
            s.add(format("explain.seed.differs", worstLabel, Beside.sig(worst.ours()), worst.seedText(), unit,
                    Beside.sig(worstRatio), c == null ? "?" : cause(c),
                    c == null ? "?" : pct(n(c, Summary.CPU_MACHINE)),
                    Integer.toString(cores)));
        }
        order(t, s);
    }

    /**
     * Rows ranked at the last column every row has both numbers for (the heaviest load, where settings differ most),
     * the seed's against ours: lower is better for times, higher for rates.
     */
    private void order(Beside.Table t, List<String> s) {
        // Rows that are different workloads (cases) or different figures have no order to compare.
        if (t.rows().size() < 2 || t.rows().stream().map(Beside.Row::unit).distinct().count() > 1
                || t.rows().stream().anyMatch(r -> r.setting().containsKey("case"))) {
            return;
        }
        int col = -1;
        for (int i = t.columns().size() - 1; i >= 0 && col < 0; i--) {
            int at = i;
            long both = t.rows().stream()
                    .filter(r -> r.entries().size() > at && r.entries().get(at).seed() != null
                            && r.entries().get(at).ours() != null)
                    .count();
            if (both >= 2) {
                col = i;
            }
        }
        if (col < 0) {
            return;
        }
        int at = col;
        List<Beside.Row> rows = t.rows().stream().filter(r -> r.entries().get(at).seed() != null
                && r.entries().get(at).ours() != null).toList();
        boolean higherBetter = rows.getFirst().unit().contains("/s");
        Comparator<Double> better = higherBetter ? Comparator.reverseOrder() : Comparator.naturalOrder();
        List<String> seedOrder = rows.stream()
                .sorted(Comparator.comparing((Beside.Row r) -> r.entries().get(at).seed(), better))
                .map(Beside.Row::label).toList();
        List<String> ourOrder = rows.stream()
                .sorted(Comparator.comparing((Beside.Row r) -> r.entries().get(at).ours(), better))
                .map(Beside.Row::label).toList();
        String where = t.columns().get(at).isEmpty() ? "" : " at " + t.columns().get(at);
        s.add(seedOrder.equals(ourOrder)
                ? format("explain.seed.order.same", where, String.join(", ", seedOrder))
                : format("explain.seed.order.differs", where, String.join(", ", seedOrder),
                        String.join(", ", ourOrder)));
    }

    private boolean virtual(Cell c) {
        String v = c.setting().get("virtual-threads");
        if (v == null) {
            v = c.median().config().option("virtual-threads", "virtualThreads");
        }
        return "true".equals(v);
    }

    private static String cause(Cell c) {
        JsonNode n = c.median().node(Summary.PRIMARY_CAUSE);
        return n == null ? "?" : n.asText();
    }

    private static Double n(Cell c, String path) {
        return c.median().number(path);
    }

    private Cell min(java.util.function.Function<Cell, Double> f) {
        return cells.stream().filter(c -> f.apply(c) != null).min(Comparator.comparingDouble(f::apply))
                .orElse(null);
    }

    private Cell max(java.util.function.Function<Cell, Double> f) {
        return cells.stream().filter(c -> f.apply(c) != null).max(Comparator.comparingDouble(f::apply))
                .orElse(null);
    }

    private Double[] range(java.util.function.Function<Cell, Double> f) {
        Cell lo = min(f);
        Cell hi = max(f);
        return new Double[]{lo == null ? null : f.apply(lo), hi == null ? null : f.apply(hi)};
    }

    private static String pct(Double share) {
        return share == null ? "?" : num(100 * share);
    }

    private static String num0(Double v) {
        return v == null ? "?" : num(v);
    }

    private static String mib(Double bytes) {
        return bytes == null ? "?" : num(bytes / 1048576);
    }

    static String format(String key, Object... args) {
        String pattern = TEXT.getProperty(key);
        if (pattern == null) {
            throw new IllegalStateException("no sentence " + key);
        }
        return new MessageFormat(pattern, Locale.ROOT).format(args);
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Explain.class.getResourceAsStream("explain.properties")) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}

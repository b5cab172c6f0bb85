package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.compare.Explain.cpu;
import static dev.poolscope.analysis.compare.Explain.n;
import static dev.poolscope.analysis.compare.Explain.num0;
import static dev.poolscope.analysis.compare.Explain.pct;
import static dev.poolscope.analysis.compare.Explain.where;
import static dev.poolscope.analysis.compare.Sentences.format;
import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

/**
 * An experiment's capacity sentences: by Little's law, the throughput platform workers cap (workers over the server's
 * time per request) or virtual threads allow (clients over it), against what was measured; and platform against
 * virtual threads at the same setting.
 */
final class Capacity {
    /** Throughput within this share of a cap means the cap was reached. */
    static final double AT_CAP = 0.8;

    private final List<String> knobs;
    private final List<Cell> cells;

    Capacity(List<String> knobs, List<Cell> cells) {
        this.knobs = knobs;
        this.cells = cells;
    }

    /** Per line over the concurrency knob its highest level; without one every setting. */
    void sentences(List<String> s) {
        String x = Lines.xKnob(cells, knobs, List.of("vus"));
        List<Cell> shown = new ArrayList<>();
        if (x == null) {
            shown.addAll(cells);
        } else {
            Map<String, List<Cell>> lines = new LinkedHashMap<>();
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

    private static boolean virtual(Cell c) {
        String v = c.setting().get("virtual-threads");
        if (v == null) {
            v = c.median().config().option("virtual-threads", "virtualThreads");
        }
        return "true".equals(v);
    }
}

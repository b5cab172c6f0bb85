package dev.poolscope.analysis.compare;

import dev.poolscope.format.summary.Summary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Writes compare.json: the contract in docs/reference/compare.md. */
public final class CompareJson {
    /** Copied from each run's summary.json under the same names. */
    static final String[] FIGURES = {Summary.THROUGHPUT_RPS, Summary.ERROR_RATE, Summary.CLIENT_MS,
            Summary.SERVER_MS, Summary.POOL_WAIT_MS, Summary.HOLD_MS, Summary.BACKLOG_MS,
            Summary.CONTEXT_SWITCHES_PER_S, Summary.WORKER_RUN_DELAY_SHARE, Summary.WORKER_RUN_DELAY_MS_PER_S,
            Summary.CARRIER_RUN_DELAY_SHARE, Summary.CARRIER_WAITING_SHARE,
            Summary.CPU_PROCESS, Summary.CPU_MACHINE, Summary.GC_PAUSE_MS_TOTAL, Summary.HEAP_USED_MAX_BYTES,
            Summary.LIVE_THREADS_MAX, Summary.PRIMARY_CAUSE, Summary.RECOMMENDED_THREADS, Summary.REQUESTS,
            Summary.CLIENT_SAMPLES, Summary.DURATION_S, Summary.WINDOW_START_MS, Summary.WINDOW_END_MS,
            Summary.SERVER_MS_BY_CAUSE, Summary.STARTUP_MS, Summary.IDLE_HEAP_USED_BYTES,
            Summary.IDLE_CLASSES_LOADED, Summary.IDLE_LIVE_THREADS, Summary.IDLE_RSS_BYTES,
            Summary.WORKER_POOL, Summary.POOL_SIZE};

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public ObjectNode build(RunSet set, Verdict v, String flameDiff, String flameNote) {
        ObjectNode root = mapper.createObjectNode();
        root.put("knob", set.knob());
        ArrayNode knobs = root.putArray("knobs");
        set.knobs().forEach(knobs::add);
        root.put("knob_source", set.knobSource());
        ArrayNode runs = root.putArray("runs");
        for (ComparedRun r : set.runs()) {
            ObjectNode o = runs.addObject();
            setting(o, "setting", r);
            o.put("label", r.label());
            o.put("repeat", r.repeat());
            o.put("dir", r.dir().toString());
            o.put("status", r.usable() ? "ok" : "not compared");
            if (r.problem() == null) {
                o.putNull("problem");
            } else {
                o.put("problem", r.problem());
            }
            if (!r.usable()) {
                continue;
            }
            for (String f : FIGURES) {
                JsonNode n = r.summary().get(f);
                o.set(f, n == null ? mapper.nullNode() : n.deepCopy());
            }
            Long heap = r.config().heapUsedAfterGcBytes();
            if (heap == null) {
                o.putNull("heap_used_after_gc_bytes");
            } else {
                o.put("heap_used_after_gc_bytes", heap);
            }
        }
        root.put("ranked_by", v.rankedBy());
        setting(root, "best", v.best());
        setting(root, "worst", v.worst());
        setting(root, "best_throughput", v.bestThroughput());
        setting(root, "best_server", v.bestServer());
        ObjectNode rec = root.putObject("recommendation");
        if (v.threads() == null) {
            rec.putNull("threads");
            rec.putNull("from");
        } else {
            rec.put("threads", v.threads());
            setting(rec, "from", v.threadsFrom());
        }
        ArrayNode sentences = rec.putArray("sentences");
        v.sentences().forEach(sentences::add);
        ObjectNode spread = root.putObject("spread");
        v.spreads().keySet().stream().sorted().forEach(path -> {
            Spread sp = v.spreads().get(path);
            ObjectNode o = spread.putObject(path);
            o.put("sd_share", round(sp.share()));
            o.put("df", sp.df());
            o.put("runs", sp.runs());
            o.put("settings", sp.settings());
            o.put("source", sp.measured() ? "repeats" : "floor");
            o.put("tie_below_share_single", round(sp.margin(1, 1)));
        });
        ArrayNode rankings = root.putArray("rankings");
        for (Ranking r : v.rankings()) {
            ObjectNode o = rankings.addObject();
            if (r.load() == null) {
                o.putNull("load");
            } else {
                ObjectNode load = o.putObject("load");
                r.load().forEach((k, val) -> typed(load, k, val));
            }
            o.put("figure", r.path());
            setting(o, "best", r.best().median());
            o.put("best_runs", r.spread().count(r.best()));
            ArrayNode tied = o.putArray("tied");
            r.tied().forEach(c -> tied.add(setting(c.median())));
            setting(o, "worst", r.worst() == null ? null : r.worst().median());
        }
        ObjectNode flame = root.putObject("flame_diff");
        if (flameDiff == null) {
            flame.putNull("file");
        } else {
            flame.put("file", flameDiff);
        }
        if (flameNote == null) {
            flame.putNull("note");
        } else {
            flame.put("note", flameNote);
        }
        return root;
    }

    public void write(Path file, ObjectNode node) throws IOException {
        dev.poolscope.analysis.output.AtomicWrite.write(file, out -> mapper.writeValue(out, node));
    }

    /**
     * The settings of a matrix (or of repeated runs): one entry per setting with its knob values, its runs, each
     * matrix figure's median and range, and its primary cause; and the pivot's rows and columns.
     */
    public void addCells(ObjectNode root, RunSet set, List<Cell> cells, List<List<String>> axes) {
        int repeat = cells.stream().mapToInt(c -> c.runs().size()).max().orElse(1);
        root.put("repeat", repeat);
        ObjectNode pivot = root.putObject("pivot");
        ArrayNode rows = pivot.putArray("rows");
        axes.get(0).forEach(rows::add);
        ArrayNode cols = pivot.putArray("cols");
        axes.get(1).forEach(cols::add);
        ArrayNode out = root.putArray("cells");
        for (Cell c : cells) {
            ObjectNode o = out.addObject();
            ObjectNode setting = o.putObject("setting");
            c.setting().forEach((k, v) -> typed(setting, k, v));
            o.put("label", c.label());
            ArrayNode dirs = o.putArray("runs");
            c.runs().forEach(r -> dirs.add(r.dir().toString()));
            JsonNode cause = c.median().node(Summary.PRIMARY_CAUSE);
            if (cause == null) {
                o.putNull(Summary.PRIMARY_CAUSE);
            } else {
                o.put(Summary.PRIMARY_CAUSE, cause.asText());
            }
            ArrayNode causes = o.putArray("primary_causes");
            c.causes().forEach(causes::add);
            ObjectNode figures = o.putObject("figures");
            for (String[] f : Figures.matrixFigures(cells)) {
                Double median = c.median().number(f[1]);
                JsonNode v = Figures.value(c.median(), f[1]);
                if (median == null && v != null && v.isNumber()) {
                    median = v.doubleValue();
                }
                ObjectNode fig = figures.putObject(f[1]);
                if (median == null) {
                    fig.putNull("median");
                    fig.putNull("min");
                    fig.putNull("max");
                    continue;
                }
                double[] range = c.range(f[1]);
                fig.put("median", median);
                fig.put("min", range == null ? median : range[0]);
                fig.put("max", range == null ? median : range[1]);
            }
        }
    }

    /** The seed's tables with ours beside them, what was run, and the explanation. */
    public void addExperiment(ObjectNode root, Beside beside, List<String> explanation) {
        ObjectNode e = root.putObject("experiment");
        for (String f : new String[]{"name", "title", "seed", "source", "seed_setup", "quick", "repeat",
                "scale",
                "ran", "notes"}) {
            JsonNode v = beside.experiment().get(f);
            e.set(f, v == null ? mapper.nullNode() : v.deepCopy());
        }
        ArrayNode tables = e.putArray("tables");
        for (Beside.Table t : beside.tables()) {
            ObjectNode to = tables.addObject();
            to.put("title", t.title());
            ArrayNode cols = to.putArray("columns");
            t.columns().forEach(cols::add);
            ArrayNode rows = to.putArray("rows");
            for (Beside.Row r : t.rows()) {
                ObjectNode ro = rows.addObject();
                ro.put("label", r.label());
                ro.put("unit", r.unit());
                ArrayNode cells = ro.putArray("cells");
                for (Beside.Entry x : r.entries()) {
                    ObjectNode c = cells.addObject();
                    number(c, "seed", x.seed());
                    number(c, "ours", x.ours());
                    number(c, "ours_min", x.range() == null ? null : x.range()[0]);
                    number(c, "ours_max", x.range() == null ? null : x.range()[1]);
                    if (x.cause() == null) {
                        c.putNull(Summary.PRIMARY_CAUSE);
                    } else {
                        c.put(Summary.PRIMARY_CAUSE, x.cause());
                    }
                    if (x.note() == null) {
                        c.putNull("note");
                    } else {
                        c.put("note", x.note());
                    }
                    if (x.cell() == null) {
                        c.putNull("setting");
                    } else {
                        ObjectNode s = c.putObject("setting");
                        x.cell().setting().forEach((k, v) -> typed(s, k, v));
                    }
                }
            }
        }
        ArrayNode ex = e.putArray("explanation");
        explanation.forEach(ex::add);
    }

    private static double round(double v) {
        return Math.round(v * 1e4) / 1e4;
    }

    private static void number(ObjectNode o, String name, Double v) {
        if (v == null) {
            o.putNull(name);
        } else {
            o.put(name, Math.round(v * 1e4) / 1e4);
        }
    }

    /** A knob value: a number when it is one, else text. */
    static void typed(ObjectNode o, String name, String value) {
        Double d = RunSet.number(value);
        if (d != null && d == Math.rint(d) && Math.abs(d) < 1e15) {
            o.put(name, d.longValue());
        } else if (d != null) {
            o.put(name, d);
        } else {
            o.put(name, value);
        }
    }

    /**
     * The knob's value: a number when it is one, else text; an object of every knob's value for a matrix; the folder
     * name when the runs differ in no knob.
     */
    private static void setting(ObjectNode o, String name, ComparedRun r) {
        o.set(name, setting(r));
    }

    private static JsonNode setting(ComparedRun r) {
        ObjectNode holder = JsonNodeFactory.instance.objectNode();
        if (r == null) {
            return holder.nullNode();
        } else if (r.setting().size() > 1) {
            ObjectNode m = holder.putObject("v");
            r.setting().forEach((k, v) -> typed(m, k, v));
        } else if (r.value() == null) {
            holder.put("v", r.name());
        } else {
            typed(holder, "v", r.value());
        }
        return holder.get("v");
    }
}

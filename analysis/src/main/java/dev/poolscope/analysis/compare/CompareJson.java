package dev.poolscope.analysis.compare;

import java.io.IOException;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Writes compare.json: the contract in analysis/README.md. */
public final class CompareJson {
    /** Copied from each run's summary.json under the same names. */
    static final String[] FIGURES = {"throughput_rps", "error_rate", "client_ms", "server_ms", "pool_wait_ms",
            "hold_ms", "backlog_ms", "context_switches_per_s", "worker_run_delay_share",
            "worker_run_delay_ms_per_s", "cpu_process", "cpu_machine", "gc_pause_ms_total",
            "heap_used_max_bytes",
            "live_threads_max", "primary_cause", "recommended_threads", "requests", "client_samples",
            "duration_s",
            "window_start_ms", "window_end_ms", "server_ms_by_cause"};

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public ObjectNode build(RunSet set, Verdict v, String flameDiff, String flameNote) {
        ObjectNode root = mapper.createObjectNode();
        root.put("knob", set.knob());
        root.put("knob_source", set.knobSource());
        ArrayNode runs = root.putArray("runs");
        for (ComparedRun r : set.runs()) {
            ObjectNode o = runs.addObject();
            setting(o, "setting", r);
            o.put("label", r.label());
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

    /** The knob's value: a number when it is one, else text; the folder name when the runs differ in no knob. */
    private static void setting(ObjectNode o, String name, ComparedRun r) {
        if (r == null) {
            o.putNull(name);
        } else if (r.value() == null) {
            o.put(name, r.name());
        } else {
            Double d = RunSet.number(r.value());
            if (d != null && d == Math.rint(d) && Math.abs(d) < 1e15) {
                o.put(name, d.longValue());
            } else if (d != null) {
                o.put(name, d);
            } else {
                o.put(name, r.value());
            }
        }
    }
}

package dev.poolscope.analysis.report;

import java.io.IOException;
import java.nio.file.Path;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.Distribution;
import dev.poolscope.analysis.output.AtomicWrite;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.WorkerOccupancy;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.rules.Diagnosis;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.RuleResult;

/** Writes summary.json: the contract fields (docs/reference/summary-json.md) plus extras for the sweep's comparison table. */
public final class SummaryJson {
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public ObjectNode build(RunModel run, RunSummary s, Diagnosis.Result d) {
        ObjectNode root = mapper.createObjectNode();
        root.put("throughput_rps", round(s.throughputRps()));
        root.put("error_rate", round(s.errorRate()));
        ObjectNode failures = root.putObject("server_failures");
        failures.put("http_5xx", s.failures().server5xx());
        failures.put("redis", s.failures().redis());
        failures.put("get_connection", s.failures().connection());
        dist(root, "client_ms", s.client());
        dist(root, "server_ms", s.server());
        dist(root, "pool_wait_ms", s.poolWait());
        dist(root, "hold_ms", s.hold());
        dist(root, "backlog_ms", s.backlog());
        putNullable(root, "cpu_process", s.cpuProcess());
        putNullable(root, "cpu_machine", s.cpuMachine());
        putNullable(root, "context_switches_per_s", s.contextSwitchesPerSecond());
        root.put("gc_pause_ms_total", round(s.gcPauseMsTotal()));
        ArrayNode diagnosis = root.putArray("diagnosis");
        for (RuleResult r : d.results()) {
            ObjectNode o = diagnosis.addObject();
            o.put("rule", r.rule());
            if (r.score() == null) {
                o.putNull("score");
            } else {
                o.put("score", r.score());
            }
            o.put("severity", r.severity().name());
            o.put("sentence", r.sentence());
            ObjectNode ev = o.putObject("evidence");
            for (Evidence e : r.evidence()) {
                ev.put(e.name() + (e.unit().symbol().isEmpty() ? "" : " (" + e.unit().symbol() + ")"),
                        round(e.value()));
            }
        }
        root.put("primary_cause", d.primaryCause());
        links(root.putArray("cause_chain"), d.causeChain());
        links(root.putArray("cause_links"), d.links());
        root.put("cause_chain_sentence", d.chainSentence());
        root.put("recommendation_kind", d.recommendation().kind());
        root.put("recommendation", d.recommendation().sentence());
        if (d.recommendation().threads() == null) {
            root.putNull("recommended_threads");
        } else {
            root.put("recommended_threads", d.recommendation().threads());
        }
        ArrayNode arithmetic = root.putArray("recommended_threads_arithmetic");
        d.recommendation().arithmetic().forEach(arithmetic::add);

        root.put("duration_s", round(s.durationSeconds()));
        root.put("window_start_ms", run.window().startMillis());
        root.put("window_end_ms", run.window().endMillis());
        root.put("window_source", run.window().source().id());
        root.put("requests", s.requests());
        root.put("client_samples", s.clientSamples());
        putNullable(root, "heap_used_max_bytes",
                s.heapUsedMaxBytes() == null ? null : s.heapUsedMaxBytes() * 1.0);
        putNullable(root, "live_threads_max", s.liveThreadsMax() == null ? null : s.liveThreadsMax() * 1.0);
        putNullable(root, "worker_run_delay_share", s.workerRunDelayShare());
        putNullable(root, "worker_run_delay_ms_per_s",
                run.workers().threads() == 0 ? null : run.workers().runDelayPerSecond() * 1000);
        startup(root, run.startup());
        workerPool(root, WorkerOccupancy.of(run));
        EventLoopsJson.put(root, run.loops());
        ObjectNode causes = root.putObject("server_ms_by_cause");
        s.serverMsByCause().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(e -> causes.put(e.getKey(), round(e.getValue())));
        // The part of each figure above named from async-profiler's wall samples: an estimate, shown apart.
        ObjectNode sampled = root.putObject("server_ms_sampled_by_cause");
        java.util.Arrays.stream(Cause.ALL).sorted(java.util.Comparator.comparing(Cause::id))
                .forEach(c -> sampled.put(c.id(), round(run.requestScale() == 1
                        ? run.serverTotal().sampledMillis(c)
                        : run.serverTotal().sampledMillis(c) * run.requestScale())));
        putNullable(root, "pool_size", run.metadata().maximumPoolSize() == null
                ? null
                : run.metadata().maximumPoolSize() * 1.0);
        putNullable(root, "max_threads", run.metadata().maxThreads() == null
                ? null
                : run.metadata().maxThreads() * 1.0);
        if (run.metadata().serverType() == null) {
            root.putNull("server");
        } else {
            root.put("server", run.metadata().serverType());
        }
        ObjectNode join = root.putObject("join");
        join.put("matched", run.join().matched());
        join.put("matched_by_path_and_time", run.join().matchedByTime());
        join.put("approximate", run.join().approximate());
        putNullable(join, "match_rate", run.join().matchRate(run.client().size()));
        join.put("server_only", run.join().serverOnly());
        join.put("client_only", run.join().clientOnly());
        join.put("client_without_id_unmatched", run.join().clientWithoutIdUnmatched());
        join.put("warmup_excluded", run.join().warmupExcluded());
        join.put("requests_outside_window", run.join().requestsOutsideWindow());
        join.put("client_outside_window", run.join().clientOutsideWindow());
        ObjectNode rec = root.putObject("recording");
        if (run.recording() != null) {
            rec.put("from_repository", run.recording().fromRepository());
            rec.put("partial", run.recording().fromRepository());
            rec.put("last_event_ms", run.recording().lastEventNanos() / 1_000_000L);
            rec.put("last_event_s_into_window",
                    round((run.recording().lastEventNanos() - run.window().startNanos()) / 1e9));
            rec.put("events", run.recording().eventsRead());
            ArrayNode w = rec.putArray("warnings");
            run.recording().warnings().forEach(w::add);
        }
        ArrayNode notes = root.putArray("notes");
        run.notes().forEach(notes::add);
        return root;
    }

    private static void links(ArrayNode out, java.util.List<Link> links) {
        for (Link l : links) {
            ObjectNode o = out.addObject();
            o.put("rule", l.rule());
            o.put("explains", l.explains());
            o.put("share", round(l.share()));
        }
    }

    public void write(Path file, ObjectNode node) throws IOException {
        AtomicWrite.write(file, out -> mapper.writeValue(out, node));
    }

    /** Start-up and idle footprint (docs/reference/summary-json.md): flat figures for tables, and where they came from. */
    private static void startup(ObjectNode root, dev.poolscope.analysis.model.Startup st) {
        putLong(root, "startup_ms", st.toFirstRequestMs());
        putLong(root, "idle_heap_used_bytes", st.heapUsedBytes());
        putLong(root, "idle_classes_loaded", st.classesLoaded());
        putLong(root, "idle_live_threads", st.liveThreads());
        putLong(root, "idle_rss_bytes", st.rssBytes());
        ObjectNode o = root.putObject("startup");
        putLong(o, "jvm_start_epoch_ms", st.jvmStartEpochMs());
        putLong(o, "first_request_start_epoch_ms",
                st.firstRequestStartNanos() == null ? null : st.firstRequestStartNanos() / 1_000_000L);
        putLong(o, "first_request_end_epoch_ms",
                st.firstRequestEndNanos() == null ? null : st.firstRequestEndNanos() / 1_000_000L);
        putLong(o, "idle_sampled_ms_before_first_request",
                st.idleSampleNanos() == null || st.firstRequestStartNanos() == null
                        ? null
                        : (st.firstRequestStartNanos() - st.idleSampleNanos()) / 1_000_000L);
    }

    /** The server's worker pool in the window: its size, the most busy at once, the share of samples with all busy. */
    private static void workerPool(ObjectNode root, WorkerOccupancy occupancy) {
        List<Events.WorkerPoolGauge> g = occupancy.gauges();
        ObjectNode o = root.putObject("worker_pool");
        o.put("samples", g.size());
        if (g.isEmpty()) {
            o.putNull("max");
            o.putNull("busy_max");
            o.putNull("all_busy_share");
            return;
        }
        int max = g.stream().mapToInt(w -> w.max()).max().orElse(0);
        if (max > 0) {
            o.put("max", max);
        } else {
            o.putNull("max");
        }
        // Busy counts the server could not give (-1) and no request spans could fill stay unknown.
        o.put("busy_source", occupancy.derived() ? "requests in flight" : "server");
        List<Events.WorkerPoolGauge> known = g.stream().filter(w -> w.busy() >= 0).toList();
        if (known.isEmpty()) {
            o.putNull("busy_max");
            o.putNull("all_busy_share");
            return;
        }
        o.put("busy_max", known.stream().mapToInt(w -> w.busy()).max().orElse(0));
        long full = known.stream().filter(w -> w.max() > 0 && w.busy() >= w.max()).count();
        o.put("all_busy_share", round((double) full / known.size()));
    }

    private static void putLong(ObjectNode o, String name, Long v) {
        if (v == null) {
            o.putNull(name);
        } else {
            o.put(name, v);
        }
    }

    private static void dist(ObjectNode root, String name, Distribution d) {
        ObjectNode o = root.putObject(name);
        o.put("p50", round(d.p50Ms()));
        o.put("p95", round(d.p95Ms()));
        o.put("p99", round(d.p99Ms()));
        o.put("max", round(d.maxMs()));
        o.put("mean", round(d.meanMs()));
        o.put("count", d.count());
    }

    private static void putNullable(ObjectNode o, String name, Double v) {
        if (v == null || v.isNaN()) {
            o.putNull(name);
        } else {
            o.put(name, round(v));
        }
    }

    private static double round(double v) {
        return Double.isNaN(v) ? 0 : Math.round(v * 1000) / 1000.0;
    }
}

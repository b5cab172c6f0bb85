package dev.poolscope.analysis.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.Distribution;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.Statements;
import dev.poolscope.analysis.model.WorkerOccupancy;
import dev.poolscope.analysis.output.AtomicWrite;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.format.summary.Summary;

/**
 * Writes summary.json (the format module's {@link Summary}; docs/reference/summary-json.md says what each field
 * means): the model's figures, rounded to three decimals, and the diagnosis.
 */
public final class SummaryJson {
    static final int TOP_STATEMENTS = 10;
    static final int TOP_PATHS = 5;
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public Summary summary(RunModel run, RunSummary s, Diagnosis.Result d) {
        List<Summary.RuleOutcome> diagnosis = new ArrayList<>();
        for (RuleResult r : d.results()) {
            Map<String, Double> ev = new LinkedHashMap<>();
            for (Evidence e : r.evidence()) {
                ev.put(e.name() + (e.unit().symbol().isEmpty() ? "" : " (" + e.unit().symbol() + ")"),
                        round(e.value()));
            }
            diagnosis
                    .add(new Summary.RuleOutcome(r.rule(), r.score(), r.severity().name(), r.sentence(), ev));
        }
        dev.poolscope.analysis.model.Startup st = run.startup();
        Map<String, Double> causes = new LinkedHashMap<>();
        s.serverMsByCause().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> causes.put(e.getKey(), round(e.getValue())));
        // The part of each figure above named from async-profiler's wall samples: an estimate, shown apart.
        Map<String, Double> sampled = new LinkedHashMap<>();
        Arrays.stream(Cause.ALL).sorted(Comparator.comparing(Cause::id))
                .forEach(c -> sampled.put(c.id(), round(run.requestScale() == 1
                        ? run.serverTotal().sampledMillis(c)
                        : run.serverTotal().sampledMillis(c) * run.requestScale())));
        return new Summary(round(s.throughputRps()), round(s.errorRate()),
                new Summary.ServerFailures(s.failures().server5xx(), s.failures().redis(),
                        s.failures().connection()),
                dist(s.client()), dist(s.server()), dist(s.poolWait()), dist(s.hold()), dist(s.backlog()),
                nullable(s.cpuProcess()), nullable(s.cpuMachine()), nullable(s.contextSwitchesPerSecond()),
                round(s.gcPauseMsTotal()), diagnosis, d.primaryCause(), links(d.causeChain()),
                links(d.links()),
                d.chainSentence(), d.recommendation().kind(), d.recommendation().sentence(),
                d.recommendation().threads(), List.copyOf(d.recommendation().arithmetic()),
                round(s.durationSeconds()), run.window().startMillis(), run.window().endMillis(),
                run.window().source().id(), steady(run.steady()), s.requests(), s.clientSamples(),
                s.heapUsedMaxBytes(),
                s.liveThreadsMax(),
                nullable(s.workerRunDelayShare()),
                nullable(run.workers().threads() == 0 ? null : run.workers().runDelayPerSecond() * 1000),
                nullable(run.carriers().threads() == 0 ? null : run.carriers().runDelayShare()),
                nullable(run.carriers().threads() == 0 ? null : run.carriers().waitingShare()),
                st.toFirstRequestMs(), st.heapUsedBytes(), st.classesLoaded(), st.liveThreads(),
                st.rssBytes(),
                startup(st), workerPool(WorkerOccupancy.of(run)), EventLoopsJson.of(run.loops()), causes,
                sampled,
                run.metadata().maximumPoolSize(),
                run.metadata().maxThreads(),
                run.metadata().serverType(),
                new Summary.Join(run.join().matched(), run.join().matchedByTime(), run.join().approximate(),
                        nullable(run.join().matchRate(run.client().size())), run.join().serverOnly(),
                        run.join().clientOnly(), run.join().clientWithoutIdUnmatched(),
                        run.join().warmupExcluded(), run.join().requestsOutsideWindow(),
                        run.join().clientOutsideWindow()),
                recording(run), List.copyOf(run.notes()), statements(run.statements()));
    }

    /** Writes one of the format module's summary.json records ({@code SummaryFile}, {@code InstancesFile}). */
    public void write(Path file, Object summary) throws IOException {
        AtomicWrite.write(file, out -> mapper.writeValue(out, summary));
    }

    /** Whether the load settled and what was left out before its steady part (docs/reference/summary-json.md). */
    static Summary.SteadyState steady(dev.poolscope.analysis.model.SteadyState st) {
        List<Summary.SteadyState.Shift> shifts = st.shifts().stream()
                .map(x -> new Summary.SteadyState.Shift(x.measure(), round(x.leadSeconds()),
                        nullable(x.leadMsPerRequest()), nullable(x.restMsPerRequest()),
                        nullable(x.noiseMs())))
                .toList();
        boolean judged = st.status() != dev.poolscope.analysis.model.SteadyState.Status.NOT_JUDGED
                && st.status() != dev.poolscope.analysis.model.SteadyState.Status.TOO_SHORT
                && st.status() != dev.poolscope.analysis.model.SteadyState.Status.BURST;
        return new Summary.SteadyState(st.status().id(), round(st.skippedSeconds()),
                st.status() == dev.poolscope.analysis.model.SteadyState.Status.NOT_JUDGED
                        ? null
                        : round(st.judgedSeconds()),
                judged ? round(st.transientSeconds()) : null,
                st.startCut() ? st.steadyStartNanos() / 1_000_000L : null, shifts, st.sentence(),
                judged ? round(st.drainSeconds()) : null);
    }

    private static List<Summary.CauseLink> links(List<Link> links) {
        return links.stream().map(l -> new Summary.CauseLink(l.rule(), l.explains(), round(l.share())))
                .toList();
    }

    /** Where the start-up and idle footprint figures came from (docs/reference/summary-json.md). */
    private static Summary.Startup startup(dev.poolscope.analysis.model.Startup st) {
        return new Summary.Startup(st.jvmStartEpochMs(),
                st.firstRequestStartNanos() == null ? null : st.firstRequestStartNanos() / 1_000_000L,
                st.firstRequestEndNanos() == null ? null : st.firstRequestEndNanos() / 1_000_000L,
                st.idleSampleNanos() == null || st.firstRequestStartNanos() == null
                        ? null
                        : (st.firstRequestStartNanos() - st.idleSampleNanos()) / 1_000_000L);
    }

    /** The server's worker pool in the window: its size, the most busy at once, the share of samples with all busy. */
    private static Summary.WorkerPool workerPool(WorkerOccupancy occupancy) {
        List<Events.WorkerPoolGauge> g = occupancy.gauges();
        long samples = g.size();
        if (g.isEmpty()) {
            return new Summary.WorkerPool(samples, null, null, null, null);
        }
        int most = g.stream().mapToInt(w -> w.max()).max().orElse(0);
        Integer max = most > 0 ? most : null;
        // Busy counts the server could not give (-1) and no request spans could fill stay unknown.
        String source = occupancy.derived() ? "requests in flight" : "server";
        List<Events.WorkerPoolGauge> known = g.stream().filter(w -> w.busy() >= 0).toList();
        if (known.isEmpty()) {
            return new Summary.WorkerPool(samples, max, source, null, null);
        }
        long full = known.stream().filter(w -> w.max() > 0 && w.busy() >= w.max()).count();
        return new Summary.WorkerPool(samples, max, source,
                known.stream().mapToInt(w -> w.busy()).max().orElse(0),
                round((double) full / known.size()));
    }

    /** The statements with the most time, as the statements view ranks them; null without any recorded. */
    static Summary.Statements statements(Statements st) {
        if (!st.recorded()) {
            return null;
        }
        double hold = st.inRequests().holdMs();
        List<Summary.Statements.Statement> top = st.ranked().stream().limit(TOP_STATEMENTS)
                .map(s -> new Summary.Statements.Statement(s.sql(), s.count(), s.failures(),
                        round(s.totalMs()),
                        round(s.time().meanMs()), round(s.fastestMs()), round(s.time().p99Ms()),
                        s.rowsKnown() == 0 ? null : s.rows(),
                        hold <= 0 ? null : round(Math.min(1, s.use().inHoldMs() / hold)),
                        s.use().requests() == 0 ? null : round(s.use().perRequest()),
                        s.use().requests() == 0 ? null : s.use().maxPerRequest(),
                        s.use().paths().stream().map(Statements.PathUse::path).limit(TOP_PATHS).toList(),
                        s.load().growth() == null ? null : round(s.load().growth()),
                        s.load().measured() ? s.load().saturated() : null))
                .toList();
        return new Summary.Statements(st.executions(), st.texts(), round(st.totalMs()),
                hold <= 0 ? null : round(st.inRequests().holdShare()), top);
    }

    private static Summary.Recording recording(RunModel run) {
        if (run.recording() == null) {
            return Summary.Recording.NONE;
        }
        return new Summary.Recording(run.recording().fromRepository(), run.recording().fromRepository(),
                run.recording().lastEventNanos() / 1_000_000L,
                round((run.recording().lastEventNanos() - run.window().startNanos()) / 1e9),
                run.recording().eventsRead(), List.copyOf(run.recording().warnings()));
    }

    private static Summary.Distribution dist(Distribution d) {
        return new Summary.Distribution(round(d.p50Ms()), round(d.p95Ms()), round(d.p99Ms()),
                round(d.maxMs()),
                round(d.meanMs()), d.count());
    }

    /** Null when unmeasured (null or NaN), else rounded. */
    private static Double nullable(Double v) {
        return v == null || v.isNaN() ? null : round(v);
    }

    private static double round(double v) {
        return Double.isNaN(v) ? 0 : Math.round(v * 1000) / 1000.0;
    }
}

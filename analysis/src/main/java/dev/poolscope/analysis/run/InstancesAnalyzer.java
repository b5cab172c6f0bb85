package dev.poolscope.analysis.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.InstanceMerge;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SteadyState;
import dev.poolscope.analysis.steady.Drain;
import dev.poolscope.analysis.output.OneLine;
import dev.poolscope.analysis.report.FlameInput;
import dev.poolscope.analysis.report.Instance;
import dev.poolscope.analysis.report.InstanceSummary;
import dev.poolscope.analysis.report.InstancesJson;
import dev.poolscope.analysis.report.ReportWriter;
import dev.poolscope.analysis.report.RunSummary;
import dev.poolscope.analysis.report.SummaryJson;
import dev.poolscope.analysis.report.TimelineJson;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.diagnosis.InstancesDiagnosis;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.folder.RunFolder;

/**
 * A run of several instances of one service ({@code agent-1/}, {@code agent-2/}, …, one agent folder per JVM, and one
 * .jtl for all of them): each instance is analysed on its own against the client samples it served, into its own
 * report, then merged into the run's report.html and summary.json.
 */
final class InstancesAnalyzer {
    private static final Pattern FOLDER = RunFolder.INSTANCE_AGENT;

    private final SteadyReader steady;

    InstancesAnalyzer(SteadyReader steady) {
        this.steady = steady;
    }

    /** The {@code agent-N} folders by N; none when the run has an {@code agent/} folder (one instance). */
    static List<Path> agentFolders(Path runDir) {
        if (Files.isDirectory(runDir.resolve(RunFolder.AGENT))) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(runDir)) {
            return entries.filter(Files::isDirectory)
                    .filter(p -> FOLDER.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparingLong(InstancesAnalyzer::number)).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static long number(Path p) {
        Matcher m = FOLDER.matcher(p.getFileName().toString());
        return m.matches() ? Long.parseLong(m.group(1).substring(0, Math.min(18, m.group(1).length()))) : 0;
    }

    RunAnalyzer.Outcome analyze(Path runDir, List<Path> agents) {
        List<Instance> instances = new ArrayList<>();
        List<List<String>> notesOf = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<JtlSample> client = null;
        String run = runDir.getFileName().toString();
        try {
            List<RunReader.Result> read = steadyParts(runDir, agents);
            for (int k = 0; k < agents.size(); k++) {
                Path agent = agents.get(k);
                String name = agent.getFileName().toString();
                RunReader.Result b = read.get(k);
                if (b.failure() != null) {
                    failures.add(name + ": " + b.failure());
                    continue;
                }
                if (client == null) {
                    client = b.model().client();
                }
                RunModel m = InstanceMerge.restrict(b.model());
                Diagnosis.Result d = new Diagnosis().evaluate(m);
                RunSummary s = RunSummary.of(m);
                String report = RunFolder.instanceReport(name);
                List<FlameInput> flames = new RunFlames().write(runDir, agent, m, b, name + "-");
                AgentCost cost = AgentCost.of(agent, m);
                new ReportWriter().write(runDir.resolve(report), run + " / " + name, m, s, d, flames,
                        cost.cpu(),
                        cost.why());
                instances.add(new Instance(name, m, s, d, report));
                notesOf.add(m.notes());
            }
            if (instances.isEmpty()) {
                return new RunAnalyzer.Outcome(false, "nothing to analyze: " + String.join("; ", failures),
                        null,
                        null);
            }
            List<String> notes = mergedNotes(instances, notesOf);
            notes.addAll(failures);
            RunModel merged = InstanceMerge.merge(instances.stream().map(Instance::model).toList(), client,
                    notes);
            RunSummary summary = InstanceSummary.of(merged,
                    instances.stream().map(Instance::summary).toList());
            InstancesDiagnosis.Overall overall = InstancesDiagnosis.of(instances.stream()
                    .map(i -> new InstancesDiagnosis.Input(i.name(), i.diagnosis(),
                            (long) (i.model().requests().stream().mapToLong(RequestTimeline::serverNanos)
                                    .sum()
                                    * i.model().requestScale())))
                    .toList());
            new TimelineJson().write(runDir, merged);
            SummaryJson json = new SummaryJson();
            json.write(runDir.resolve(RunFolder.SUMMARY_JSON),
                    new InstancesJson().build(merged, summary, overall.result(), overall.sentence(),
                            instances));
            List<FlameInput> flames = List.of(new FlameInput("Flame graphs", null,
                    "one set per instance (each JVM has its own recording): "
                            + String.join(", ", instances.stream().map(Instance::report).toList())));
            new ReportWriter().write(runDir.resolve(RunFolder.REPORT_HTML), run, merged, summary,
                    overall.result(),
                    flames,
                    overall.sentence(), instances);
            Path report = runDir.resolve(RunFolder.REPORT_HTML);
            if (merged.requests().isEmpty()) {
                return new RunAnalyzer.Outcome(false,
                        "no instance recorded " + RequestEvent.NAME
                                + " events, so there is no diagnosis; wrote a partial report "
                                + report,
                        merged, overall.result());
            }
            return new RunAnalyzer.Outcome(true, "wrote " + report + " (" + instances.size() + " instances"
                    + (failures.isEmpty() ? "" : "; " + String.join("; ", failures)) + "); primary cause: "
                    + overall.result().primaryCause() + "; recommended worker threads per instance: "
                    + overall.result().recommendation().threads(), merged, overall.result());
        } catch (IOException | RuntimeException e) {
            return new RunAnalyzer.Outcome(false,
                    "cannot write the report into " + runDir + ": " + OneLine.of(e), null, null);
        }
    }

    /**
     * Every instance's model on one window, so the service's figures cover one span: each instance judged on its own,
     * then all cut at the latest steady start among them; none cut when one never settled (the whole window is then
     * the only span every instance's verdict can rest on).
     */
    private List<RunReader.Result> steadyParts(Path runDir, List<Path> agents) {
        List<RunReader.Result> judged = new ArrayList<>();
        for (Path agent : agents) {
            judged.add(steady.judged(runDir, agent, agent.getFileName().toString()));
        }
        boolean unsettled = judged.stream().filter(r -> r.failure() == null)
                .anyMatch(r -> r.model().steady().status() == SteadyState.Status.UNSETTLED);
        int setter = -1;
        for (int k = 0; k < judged.size(); k++) {
            RunReader.Result r = judged.get(k);
            if (r.failure() == null && r.model().steady().cut() && (setter < 0 || r.model().steady()
                    .steadyStartNanos() > judged.get(setter).model().steady().steadyStartNanos())) {
                setter = k;
            }
        }
        Drain.Cut[] drains = drains(judged);
        List<RunReader.Result> out = new ArrayList<>();
        for (int k = 0; k < agents.size(); k++) {
            RunReader.Result r = judged.get(k);
            String name = agents.get(k).getFileName().toString();
            SteadyState own = r.failure() == null ? r.model().steady() : SteadyState.NOT_JUDGED;
            if (r.failure() != null) {
                out.add(r);
            } else if (!unsettled && setter >= 0) {
                SteadyState cut = judged.get(setter).model().steady();
                if (k != setter) {
                    // Cut where the last instance settled: say whose transient that was.
                    cut = new SteadyState(SteadyState.Status.TRANSIENT, own.skippedSeconds(),
                            own.judgedWindow(),
                            own.loadStartNanos(), cut.steadyStartNanos(), own.judgedSeconds(), cut.shifts(),
                            agents.get(setter).getFileName() + ": " + cut.sentence());
                }
                cut = Drain.Cut.on(cut, drains[k]);
                out.add(steady.cut(runDir, agents.get(k), name, cut.steadyWindow(r.model().window()), cut));
            } else if (drains[k] != null) {
                SteadyState cut = Drain.Cut.on(own, drains[k]);
                out.add(steady.cut(runDir, agents.get(k), name, cut.steadyWindow(r.model().window()), cut));
            } else {
                out.add(SteadyReader.noted(own) ? SteadyReader.withSteady(r, own, true) : r);
            }
        }
        return out;
    }

    /**
     * Each instance's drain, all ending at the latest of their ends, or none when one instance had none to leave out:
     * the service's figures cover one span. With JMeter samples every instance read the same .jtl, so the end, where
     * the clients sent their last request, is one instant.
     */
    private static Drain.Cut[] drains(List<RunReader.Result> judged) {
        Drain.Cut[] cuts = new Drain.Cut[judged.size()];
        long end = Long.MIN_VALUE;
        for (int k = 0; k < judged.size(); k++) {
            RunReader.Result r = judged.get(k);
            if (r.failure() == null) {
                cuts[k] = Drain.of(r.model(), r.model().steady());
                if (cuts[k] == null) {
                    return new Drain.Cut[judged.size()];
                }
                end = Math.max(end, cuts[k].endNanos());
            }
        }
        for (int k = 0; k < cuts.length; k++) {
            if (cuts[k] != null) {
                cuts[k] = new Drain.Cut(end, cuts[k].seconds(), cuts[k].sentence());
            }
        }
        return cuts;
    }

    /** A note every instance has (about the .jtl or run.json, say) once; an instance's own note with its name. */
    private static List<String> mergedNotes(List<Instance> instances, List<List<String>> notesOf) {
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i < instances.size(); i++) {
            for (String n : notesOf.get(i)) {
                boolean everywhere = notesOf.stream().allMatch(l -> l.contains(n));
                out.add(everywhere ? n : instances.get(i).name() + ": " + n);
            }
        }
        return new ArrayList<>(out);
    }
}

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
            for (Path agent : agents) {
                String name = agent.getFileName().toString();
                RunReader.Result b = new RunReader().read(runDir, agent, name);
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

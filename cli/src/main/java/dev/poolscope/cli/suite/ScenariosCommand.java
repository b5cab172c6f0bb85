package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Layout;
import dev.poolscope.cli.run.RunCommand;
import dev.poolscope.cli.run.RunExecutor;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.metadata.AgentMetadata;
import dev.poolscope.format.summary.Summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "scenarios", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "The diagnosis suite: known-cause scenarios (scenarios/*.properties), each one run, then its "
                + RunFolder.SUMMARY_JSON + " held"
                + " against the expected primary cause, cause chain, recommendation kind and direction.",
        "Writes OUT/NAME/ (one run each), OUT/scenarios.json and OUT/scenarios.md; exits 1 when an expectation fails."})
public final class ScenariosCommand implements Callable<Integer> {

    @Parameters(paramLabel = "NAME", arity = "0..*", description = "scenarios to run (default: all)")
    List<String> names = new ArrayList<>();

    @Option(names = "--list", description = "list the scenarios and what each expects, run nothing")
    boolean list;

    @Option(names = "--quick", description = "each scenario's short load (quick.duration, quick.props): the CI form")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR", description = "suite folder (default: runs/scenarios-TIMESTAMP)")
    Path out;

    @Option(names = "--evaluate", paramLabel = "DIR", description = "run nothing: analyse the runs of an earlier suite"
            + " folder again with the current analysis and rewrite its table")
    Path evaluate;

    @Option(names = "--scenario-dir", paramLabel = "DIR", description = "where the scenario files are (default: scenarios/ of the checkout)")
    Path scenarioDir;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public Integer call() throws Exception {
        Layout layout = Layout.detect();
        List<Scenario> all = Scenario
                .all(scenarioDir != null ? scenarioDir : layout.home().resolve("scenarios"));
        List<Scenario> chosen = choose(all);
        if (list) {
            for (Scenario s : chosen) {
                System.out.printf("%-26s %s%n%26s expects %s, chain %s, %s threads (%s)%s%n", s.name(),
                        s.description(), "", s.expect().primary(),
                        s.expect().chainText(),
                        String.join("|", s.expect().directions()), String.join("|", s.expect().kinds()),
                        (s.expect().recommendation() == null
                                ? ""
                                : ", a sentence with /" + s.expect().recommendation().pattern() + "/")
                                + (s.expect().threadsPerCore() == null
                                        ? ""
                                        : ", at most " + s.expect().threadsPerCore() + " per CPU"));
            }
            return 0;
        }
        boolean reuse = evaluate != null;
        Path dir = (reuse
                ? evaluate
                : out != null
                        ? out
                        : layout.home().resolve("runs").resolve("scenarios-" + RunCommand.stamp()))
                .toAbsolutePath();
        if (reuse && !Files.isDirectory(dir)) {
            throw new UserError("no suite folder " + dir);
        }
        if (!reuse) {
            RunExecutor.requireEmpty(dir);
        }
        long start = System.nanoTime();
        List<Map<String, Object>> rows = new ArrayList<>();
        List<ScenarioVerdict> verdicts = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            Scenario s = chosen.get(i);
            String label = "[scenario " + (i + 1) + "/" + chosen.size() + " " + s.name() + "]";
            Path runDir = dir.resolve(s.name());
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", s.name());
            row.put("description", s.description());
            row.put("dir", runDir.toString());
            long t0 = System.nanoTime();
            try {
                if (reuse) {
                    if (!Files.isRegularFile(runDir.resolve(RunFolder.RUN_JSON))) {
                        throw new UserError("no run in " + runDir);
                    }
                    System.err.println(label + " analyse: " + runDir + " (heap " + Analysis.heap() + ")");
                    int exit = new Analysis(layout).analyze(runDir);
                    row.put("status", exit == 0 ? "ok" : "analysis-failed");
                } else {
                    System.err.println(label + " " + s.description());
                    RunExecutor.Outcome o = new RunExecutor(layout,
                            (phase, detail) -> System.err.println(label + " " + phase + ": " + detail))
                            .execute(s.spec(quick, runDir));
                    row.put("status", o.analysisExit() == 0 ? "ok" : "analysis-failed");
                }
            } catch (IOException | RuntimeException e) {
                System.err.println(label + " FAILED: " + e.getMessage() + " (the suite goes on)");
                row.put("status", "failed");
                row.put("error", String.valueOf(e.getMessage()));
            }
            row.put("seconds", (System.nanoTime() - t0) / 1_000_000_000L);
            Path summaryFile = runDir.resolve(RunFolder.SUMMARY_JSON);
            Summary summary = Files.isRegularFile(summaryFile)
                    ? JSON.readValue(summaryFile.toFile(), Summary.class)
                    : null;
            ScenarioVerdict v = ScenarioVerdict.of(s.expect(), s.name(), summary, cores(runDir));
            verdicts.add(v);
            row.put("passed", v.passed());
            row.put("checks", v.checks());
            row.put("facts", v.facts());
            rows.add(row);
            System.err.println(
                    label + " " + (v.passed() ? "PASS" : "FAIL") + " in " + row.get("seconds") + " s");
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        Map<String, Object> suite = new LinkedHashMap<>();
        suite.put("quick", quick);
        suite.put("evaluatedOnly", reuse);
        suite.put("finishedAt", Instant.now().toString());
        suite.put("seconds", seconds);
        suite.put("passed", verdicts.stream().filter(ScenarioVerdict::passed).count());
        suite.put("total", verdicts.size());
        suite.put("scenarios", rows);
        JSON.writeValue(dir.resolve("scenarios.json").toFile(), suite);
        String table = ScenarioTable.markdown(verdicts);
        Files.writeString(dir.resolve("scenarios.md"), ScenarioTable.document(verdicts, quick, seconds));
        System.out.print(table);
        System.out.printf("%d of %d scenarios passed in %d s: %s%n", suite.get("passed"), verdicts.size(),
                seconds,
                dir.resolve("scenarios.md"));
        return verdicts.stream().allMatch(ScenarioVerdict::passed) ? 0 : 1;
    }

    private List<Scenario> choose(List<Scenario> all) {
        if (names.isEmpty()) {
            return all;
        }
        List<Scenario> chosen = new ArrayList<>();
        for (String n : names) {
            chosen.add(all.stream().filter(s -> s.name().equals(n)).findFirst()
                    .orElseThrow(
                            () -> new UserError("no scenario '" + n + "' (./poolscope scenarios --list)")));
        }
        return chosen;
    }

    /** The CPUs the run's app had, from its agent's metadata.json; null when it does not say. */
    private static Integer cores(Path runDir) {
        Path f = runDir.resolve(RunFolder.METADATA_PATH);
        if (!Files.isRegularFile(f)) {
            return null;
        }
        try {
            AgentMetadata m = JSON.readValue(f.toFile(), AgentMetadata.class);
            return m.os() == null ? null : m.os().availableProcessors();
        } catch (IOException e) {
            return null;
        }
    }
}

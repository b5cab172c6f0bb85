package dev.poolscope.cli.check;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.summary.Summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "A gate for CI: checks a run's " + RunFolder.SUMMARY_JSON + " against limits.",
        "Exit 0 when every condition holds, 1 with one line per broken condition, 2 for bad usage.",
        "Fields are " + RunFolder.SUMMARY_JSON
                + "'s names (docs/reference/summary-json.md): client_p99 is client_ms.p99, error_rate, pool_wait_p99, ..."})
public final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "a run folder with "
            + RunFolder.SUMMARY_JSON)
    Path runDir;

    @Option(names = "--max", paramLabel = "FIELD=LIMIT", description = "upper bound, e.g. client_p99=800ms, error_rate=0.01, error_rate=1%%, pool_wait_p99=50ms (times need ms or s)")
    List<String> max = new ArrayList<>();

    @Option(names = "--forbid", paramLabel = "RULE", split = ",", description = "diagnoses that must not be made (score >= 50), e.g. pool-starvation,connection-held")
    List<String> forbid = new ArrayList<>();

    @Option(names = "--junit", paramLabel = "FILE", description = "also write the outcomes as JUnit XML, one testcase per condition")
    Path junit;

    @Override
    public Integer call() throws IOException {
        Summary summary = readSummary();
        List<Condition> conditions = conditions(summary);
        List<Outcome> outcomes = conditions.stream().map(c -> c.evaluate(summary)).toList();
        if (junit != null) {
            JunitXml.write(junit, "poolscope check " + runDir.getFileName(), outcomes);
        }
        List<Outcome> broken = outcomes.stream().filter(o -> !o.holds()).toList();
        if (broken.isEmpty()) {
            System.out.println("poolscope check: all " + outcomes.size() + " conditions hold");
            return 0;
        }
        broken.forEach(o -> System.out.println(o.line()));
        return 1;
    }

    private Summary readSummary() {
        if (!Files.isDirectory(runDir)) {
            throw usage("no run folder " + runDir);
        }
        Path file = runDir.resolve(RunFolder.SUMMARY_JSON);
        if (!Files.isRegularFile(file)) {
            throw usage("no " + RunFolder.SUMMARY_JSON + " in " + runDir
                    + ": analyse the run first (./poolscope analyze "
                    + runDir + ")");
        }
        try {
            ObjectMapper json = new ObjectMapper();
            JsonNode node = json.readTree(file.toFile());
            if (node == null || !node.isObject()) {
                throw usage(file + " is not a " + RunFolder.SUMMARY_JSON + " (no JSON object)");
            }
            return json.treeToValue(node, Summary.class);
        } catch (IOException e) {
            throw usage(file + " is not readable JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private List<Condition> conditions(Summary summary) {
        if (max.isEmpty() && forbid.isEmpty()) {
            throw usage("give at least one --max FIELD=LIMIT or --forbid RULE");
        }
        List<Condition> list = new ArrayList<>();
        for (String m : max) {
            int eq = m.indexOf('=');
            if (eq <= 0 || eq == m.length() - 1) {
                throw usage("--max must look like FIELD=LIMIT (client_p99=800ms), got '" + m + "'");
            }
            String name = m.substring(0, eq);
            SummaryField field = SummaryField.resolve(name);
            if (field == null) {
                throw usage("unknown field '" + name
                        + "' for --max: use a " + RunFolder.SUMMARY_JSON + " number such as client_p99,"
                        + " error_rate, pool_wait_p99 (docs/reference/summary-json.md lists them)");
            }
            try {
                list.add(new Condition.Max(field, Limit.parse(m.substring(eq + 1), field)));
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        Set<String> known = new LinkedHashSet<>();
        if (summary.diagnosis() != null) {
            summary.diagnosis().forEach(d -> known.add(d.rule()));
        }
        for (String rule : forbid) {
            String r = rule.trim();
            if (!known.contains(r)) {
                throw usage("unknown rule '" + r + "' for --forbid: this run's rules are "
                        + String.join(", ", known));
            }
            list.add(new Condition.Forbid(r));
        }
        return list;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}

package dev.poolscope.analysis.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.recording.RecordingException;
import dev.poolscope.analysis.recording.RunConfig;

/**
 * The runs of a comparison, each with its setting of the one knob that differs between them, ordered by it. The knob
 * comes from OUT/sweep.json when there is one, else from the runs' run.json (the app options asked for, or the
 * values the app reported when ready).
 */
public record RunSet(String knob, String knobSource, List<ComparedRun> runs) {

    /** Knobs the launcher can set: the app option name, and the field the app reports in run.json's "app". */
    static final String[][] KNOBS = {{"threads", "workers"}, {"pool-size", "poolSize"}, {"server", "server"},
            {"virtual-threads", "virtualThreads"}, {"open-in-view", "openInView"},
            {"connection-timeout", "connectionTimeoutMs"}};
    public static final String NO_KNOB = "run";

    public List<ComparedRun> usable() {
        return runs.stream().filter(ComparedRun::usable).toList();
    }

    public static RunSet load(List<Path> dirs, Path out) {
        ObjectMapper mapper = new ObjectMapper();
        Map<Path, String> sweepValues = new LinkedHashMap<>();
        Map<Path, String> sweepProblems = new LinkedHashMap<>();
        String sweepKnob = readSweep(mapper, out, sweepValues, sweepProblems);
        Set<Path> all = new LinkedHashSet<>();
        dirs.forEach(d -> all.add(normal(d)));
        all.addAll(sweepValues.keySet());
        List<Loaded> loaded = new ArrayList<>();
        for (Path dir : all) {
            loaded.add(Loaded.read(mapper, dir, sweepProblems.get(dir)));
        }
        String knob = sweepKnob;
        String source = "sweep.json";
        if (knob == null) {
            knob = detect(loaded);
            source = NO_KNOB.equals(knob) ? "no run option differs" : "run.json";
        }
        List<ComparedRun> runs = new ArrayList<>();
        for (Loaded l : loaded) {
            String value = sweepKnob != null ? sweepValues.get(l.dir) : valueOf(l.config, knob);
            if (value == null && sweepKnob != null) {
                value = valueOf(l.config, knob);
            }
            String label = value == null || NO_KNOB.equals(knob) ? l.name() : knob + "=" + value;
            runs.add(new ComparedRun(l.dir, NO_KNOB.equals(knob) ? null : value, label, l.summary, l.config,
                    l.problem));
        }
        runs.sort(ORDER);
        return new RunSet(knob, source, List.copyOf(runs));
    }

    /** Numbers in numeric order, then other values as text, then runs without a value, each by folder. */
    static final Comparator<ComparedRun> ORDER = Comparator
            .comparing((ComparedRun r) -> r.value() == null ? 2 : number(r.value()) == null ? 1 : 0)
            .thenComparing(r -> number(r.value()) == null ? 0 : number(r.value()))
            .thenComparing(r -> r.value() == null ? "" : r.value()).thenComparing(ComparedRun::name);

    static Double number(String v) {
        if (v == null) {
            return null;
        }
        try {
            return Double.valueOf(v);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String valueOf(RunConfig c, String knob) {
        for (String[] k : KNOBS) {
            if (k[0].equals(knob)) {
                return c.option(k[0], k[1]);
            }
        }
        return null;
    }

    /** The first knob with at least two different values among the comparable runs. */
    private static String detect(List<Loaded> runs) {
        for (String[] k : KNOBS) {
            Set<String> values = new LinkedHashSet<>();
            runs.stream().filter(r -> r.summary != null).map(r -> r.config.option(k[0], k[1]))
                    .filter(Objects::nonNull).forEach(values::add);
            if (values.size() >= 2) {
                return k[0];
            }
        }
        return NO_KNOB;
    }

    private static String readSweep(ObjectMapper mapper, Path out, Map<Path, String> values,
            Map<Path, String> problems) {
        Path file = out.resolve("sweep.json");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        JsonNode root;
        try {
            root = mapper.readTree(file.toFile());
        } catch (IOException e) {
            return null;
        }
        String knob = root.path("knob").asText(null);
        if (knob == null) {
            return null;
        }
        for (JsonNode r : root.path("runs")) {
            String dir = r.path("dir").asText(null);
            if (dir == null) {
                continue;
            }
            Path p = normal(out.resolve(dir));
            values.put(p,
                    r.path(knob).isMissingNode() || r.path(knob).isNull() ? null : r.path(knob).asText());
            String status = r.path("status").asText("ok");
            if (!"ok".equals(status)) {
                String error = r.path("error").asText("");
                problems.put(p, "the sweep marked it " + status + (error.isEmpty() ? "" : ": " + error));
            }
        }
        return knob;
    }

    private static Path normal(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /** What one folder holds; summary null when it cannot be compared. */
    private record Loaded(Path dir, JsonNode summary, RunConfig config, String problem) {
        String name() {
            return dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
        }

        static Loaded read(ObjectMapper mapper, Path dir, String sweepProblem) {
            RunConfig config = RunConfig.EMPTY;
            String configProblem = null;
            try {
                config = RunConfig.read(dir.resolve("run.json"));
            } catch (RecordingException e) {
                configProblem = e.getMessage();
            }
            if (sweepProblem != null) {
                return new Loaded(dir, null, config, sweepProblem);
            }
            if (!Files.isDirectory(dir)) {
                return new Loaded(dir, null, config,
                        "the run folder does not exist");
            }
            Path file = dir.resolve("summary.json");
            if (!Files.isRegularFile(file)) {
                return new Loaded(dir, null, config, "no summary.json (the analysis was not run or failed)");
            }
            try {
                JsonNode summary = mapper.readTree(file.toFile());
                if (summary == null || !summary.isObject()) {
                    return new Loaded(dir, null, config, "summary.json is not a JSON object");
                }
                return new Loaded(dir, summary, config, configProblem);
            } catch (IOException e) {
                String m = e.getMessage() == null
                        ? e.toString()
                        : e.getMessage().lines().findFirst().orElse("");
                return new Loaded(dir, null, config, "cannot parse summary.json: " + m);
            }
        }
    }
}

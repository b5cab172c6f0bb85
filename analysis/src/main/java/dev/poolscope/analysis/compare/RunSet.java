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
import dev.poolscope.format.folder.RunFolder;

/**
 * The runs of a comparison, each with its setting of the knobs that differ between them, ordered by them. The knobs
 * come from OUT/sweep.json when there is one (a matrix: {@code knobs} and each run's {@code setting}; or the older
 * single {@code knob}), else from the runs' run.json (the app options asked for, or the values the app reported when
 * ready): every launcher option with at least two values.
 */
public record RunSet(List<String> knobs, String knobSource, List<ComparedRun> runs) {

    /** Knobs the launcher can set: the app option name, and the field the app reports in run.json's "app". */
    static final String[][] KNOBS = {{"threads", "workers"}, {"pool-size", "poolSize"}, {"server", "server"},
            {"virtual-threads", "virtualThreads"}, {"open-in-view", "openInView"},
            {"connection-timeout", "connectionTimeoutMs"}};
    public static final String NO_KNOB = "run";

    public RunSet {
        knobs = List.copyOf(knobs);
        runs = List.copyOf(runs);
    }

    /** The one knob, the knobs joined by " × " for a matrix, or {@link #NO_KNOB}. */
    public String knob() {
        return knobs.isEmpty() ? NO_KNOB : String.join(" × ", knobs);
    }

    public boolean matrix() {
        return knobs.size() > 1;
    }

    public List<ComparedRun> usable() {
        return runs.stream().filter(ComparedRun::usable).toList();
    }

    public static RunSet load(List<Path> dirs, Path out) {
        ObjectMapper mapper = new ObjectMapper();
        Sweep sweep = Sweep.read(mapper, out);
        Set<Path> all = new LinkedHashSet<>();
        dirs.forEach(d -> all.add(normal(d)));
        if (sweep != null) {
            all.addAll(sweep.settings.keySet());
        }
        List<Loaded> loaded = new ArrayList<>();
        for (Path dir : all) {
            loaded.add(Loaded.read(mapper, dir, sweep == null ? null : sweep.problems.get(dir)));
        }
        List<String> knobs;
        String source;
        if (sweep != null) {
            knobs = sweep.knobs;
            source = RunFolder.SWEEP_JSON;
        } else {
            knobs = detect(loaded);
            source = knobs.isEmpty() ? "no run option differs" : RunFolder.RUN_JSON;
        }
        List<ComparedRun> runs = new ArrayList<>();
        for (Loaded l : loaded) {
            Map<String, String> setting = new LinkedHashMap<>();
            for (String k : knobs) {
                String v = sweep != null && sweep.settings.containsKey(l.dir)
                        ? sweep.settings.get(l.dir).get(k)
                        : null;
                if (v == null) {
                    v = valueOf(l.config, k);
                }
                if (v != null) {
                    setting.put(k, v);
                }
            }
            int repeat = sweep == null ? 1 : sweep.repeats.getOrDefault(l.dir, 1);
            String value = knobs.size() == 1 ? setting.get(knobs.getFirst()) : null;
            String label = label(knobs, setting, l.name());
            if (knobs.size() > 1 && sweep != null && sweep.repeat > 1) {
                label = label + " #" + repeat;
            }
            runs.add(new ComparedRun(l.dir, value, label, l.summary, l.config, l.problem, setting, repeat));
        }
        runs.sort(order(knobs, sweep == null ? Map.of() : sweep.declared));
        return new RunSet(knobs, source, runs);
    }

    /** {@code threads=32}; {@code server=jetty, vus=900} for a matrix; the folder name without a value. */
    static String label(List<String> knobs, Map<String, String> setting, String folder) {
        if (knobs.isEmpty() || setting.size() < knobs.size()) {
            return knobs.size() == 1 && setting.containsKey(knobs.getFirst())
                    ? knobs.getFirst() + "=" + setting.get(knobs.getFirst())
                    : folder;
        }
        List<String> parts = new ArrayList<>();
        knobs.forEach(k -> parts.add(k + "=" + setting.get(k)));
        return String.join(", ", parts);
    }

    /** Knob by knob: numbers in numeric order, then other values as text, then runs without a value; then the repeat. */
    static Comparator<ComparedRun> order(List<String> knobs, Map<String, List<String>> declared) {
        Comparator<ComparedRun> c = Comparator.comparingInt(r -> r.setting().size() == knobs.size() ? 0 : 1);
        for (String k : knobs) {
            List<String> given = declared.get(k);
            // The order the sweep gave the values in (tomcat, jetty, undertow), else numbers, then text.
            Comparator<String> values = given == null
                    ? VALUE_ORDER
                    : Comparator
                            .<String>comparingInt(v -> given.contains(v) ? given.indexOf(v) : given.size())
                            .thenComparing(VALUE_ORDER);
            c = c.thenComparing(r -> r.setting().get(k), values);
        }
        return c.thenComparingInt(ComparedRun::repeat).thenComparing(ComparedRun::name);
    }

    /** Numbers in numeric order, then other values as text, then no value. */
    public static final Comparator<String> VALUE_ORDER = Comparator
            .comparingInt((String v) -> v == null ? 2 : number(v) == null ? 1 : 0)
            .thenComparingDouble(v -> v == null || number(v) == null ? 0 : number(v))
            .thenComparing(v -> v == null ? "" : v);

    public static Double number(String v) {
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
        return c.option(knob, knob);
    }

    /** Every knob with at least two different values among the comparable runs. */
    private static List<String> detect(List<Loaded> runs) {
        List<String> knobs = new ArrayList<>();
        for (String[] k : KNOBS) {
            Set<String> values = new LinkedHashSet<>();
            runs.stream().filter(r -> r.summary != null).map(r -> r.config.option(k[0], k[1]))
                    .filter(Objects::nonNull).forEach(values::add);
            if (values.size() >= 2) {
                knobs.add(k[0]);
            }
        }
        return knobs;
    }

    private static Path normal(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /** What OUT/sweep.json says: the knobs, each run folder's setting, repeat and failure. */
    private record Sweep(List<String> knobs, int repeat, Map<Path, Map<String, String>> settings,
            Map<Path, Integer> repeats, Map<Path, String> problems, Map<String, List<String>> declared) {

        static Sweep read(ObjectMapper mapper, Path out) {
            Path file = out.resolve(RunFolder.SWEEP_JSON);
            if (!Files.isRegularFile(file)) {
                return null;
            }
            JsonNode root;
            try {
                root = mapper.readTree(file.toFile());
            } catch (IOException e) {
                return null;
            }
            List<String> knobs = new ArrayList<>();
            root.path("knobs").forEach(k -> knobs.add(k.asText()));
            if (knobs.isEmpty() && root.path("knob").isTextual()) {
                knobs.add(root.path("knob").asText());
            }
            if (knobs.isEmpty()) {
                return null;
            }
            Map<Path, Map<String, String>> settings = new LinkedHashMap<>();
            Map<Path, Integer> repeats = new LinkedHashMap<>();
            Map<Path, String> problems = new LinkedHashMap<>();
            for (JsonNode r : root.path("runs")) {
                // A sweep folder that was moved or copied keeps its runs beside sweep.json, under their names.
                String name = r.path("name").asText(null);
                String dir = r.path("dir").asText(null);
                Path p;
                if (name != null && Files.isDirectory(out.resolve(name))) {
                    p = normal(out.resolve(name));
                } else if (dir != null) {
                    p = normal(out.resolve(dir));
                } else {
                    continue;
                }
                Map<String, String> setting = new LinkedHashMap<>();
                for (String k : knobs) {
                    JsonNode v = r.path("setting").has(k) ? r.path("setting").path(k) : r.path(k);
                    if (!v.isMissingNode() && !v.isNull()) {
                        setting.put(k, v.asText());
                    }
                }
                settings.put(p, setting);
                repeats.put(p, r.path("repeat").asInt(1));
                String status = r.path("status").asText("ok");
                if (!"ok".equals(status)) {
                    String error = r.path("error").asText("");
                    problems.put(p, "the sweep marked it " + status + (error.isEmpty() ? "" : ": " + error));
                }
            }
            Map<String, List<String>> declared = new LinkedHashMap<>();
            root.path("vary").properties().forEach(e -> {
                List<String> values = new ArrayList<>();
                e.getValue().forEach(v -> values.add(v.asText()));
                declared.put(e.getKey(), values);
            });
            return new Sweep(List.copyOf(knobs), root.path("repeat").asInt(1), settings, repeats, problems,
                    declared);
        }
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
                config = RunConfig.read(dir.resolve(RunFolder.RUN_JSON));
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
            Path file = dir.resolve(RunFolder.SUMMARY_JSON);
            if (!Files.isRegularFile(file)) {
                return new Loaded(dir, null, config,
                        "no " + RunFolder.SUMMARY_JSON + " (the analysis was not run or failed)");
            }
            try {
                JsonNode summary = mapper.readTree(file.toFile());
                if (summary == null || !summary.isObject()) {
                    return new Loaded(dir, null, config, RunFolder.SUMMARY_JSON + " is not a JSON object");
                }
                return new Loaded(dir, summary, config, configProblem);
            } catch (IOException e) {
                String m = e.getMessage() == null
                        ? e.toString()
                        : e.getMessage().lines().findFirst().orElse("");
                return new Loaded(dir, null, config, "cannot parse " + RunFolder.SUMMARY_JSON + ": " + m);
            }
        }
    }
}

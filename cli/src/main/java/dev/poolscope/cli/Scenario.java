package dev.poolscope.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One known-cause scenario, read from {@code scenarios/NAME.properties}: the app's knobs, the plan and its
 * properties, the load's length (full and {@code quick.}), and what the diagnosis must say.
 */
record Scenario(String name, String description, List<String> appArgs, List<String> jvmOptions, String plan,
        Map<String, String> props, Map<String, String> quickProps, int durationSeconds,
        int quickDurationSeconds,
        int warmupSeconds, boolean primeCache, Expectations expect) {

    /**
     * What the issues define as the right answer. {@code chain} is the set of links "cause>effect" the primary chain must
     * have (empty: the primary cause stands alone); {@code optionalChain} links it may have as well, written "a>b?": a
     * symptom downstream of the root that shows only when the machine is pushed hard enough (a backlog behind busy
     * workers). {@code kinds} and {@code directions} list the acceptable values. {@code threadsPerCore}: at most this
     * many recommended worker threads per CPU the app had, or null when not checked.
     */
    record Expectations(String primary, Set<String> chain, Set<String> optionalChain, Set<String> kinds,
            Set<String> directions, Integer threadsPerCore) {

        Expectations(String primary, Set<String> chain, Set<String> optionalChain, Set<String> kinds,
                Set<String> directions) {
            this(primary, chain, optionalChain, kinds, directions, null);
        }

        String chainText() {
            if (chain.isEmpty() && optionalChain.isEmpty()) {
                return "none";
            }
            List<String> all = new ArrayList<>(chain);
            optionalChain.forEach(l -> all.add(l + "?"));
            return String.join(", ", all);
        }
    }

    static final Set<String> KINDS = Set.of("pool", "cpu", "lock", "workers", "virtual", "none");
    static final Set<String> DIRECTIONS = Set.of("more", "fewer", "none", "virtual");
    /** Longest load a scenario may ask for: the suite must stay a few minutes. */
    static final int MAX_SECONDS = 30;

    private static final Set<String> KEYS = Set.of("description", "why", "app", "jvm", "plan", "props",
            "quick.props",
            "duration", "quick.duration", "warmup", "prime-cache", "expect.primary", "expect.chain",
            "expect.kind",
            "expect.direction", "expect.threads-per-core");

    RunSpec spec(boolean quick, Path out) {
        Map<String, String> p = new LinkedHashMap<>(props);
        if (quick) {
            p.putAll(quickProps);
        }
        return new RunSpec(appArgs, plan, p, warmupSeconds, primeCache,
                quick ? quickDurationSeconds : durationSeconds, true, null, false, true, out, null,
                jvmOptions);
    }

    /** Every scenario in {@code dir}, by name. */
    static List<Scenario> all(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new UserError("no scenario folder " + dir);
        }
        List<Scenario> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".properties")).sorted()
                    .toList()) {
                out.add(read(f));
            }
        }
        return out;
    }

    static Scenario read(Path file) throws IOException {
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - ".properties".length());
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        Set<String> unknown = new TreeSet<>(p.stringPropertyNames());
        unknown.removeAll(KEYS);
        if (!unknown.isEmpty()) {
            throw new UserError(file + ": unknown keys " + unknown + " (known: " + new TreeSet<>(KEYS) + ")");
        }
        String where = file.toString();
        int duration = Durations.seconds(required(p, "duration", where), where + ": duration");
        int quick = Durations.seconds(p.getProperty("quick.duration", p.getProperty("duration")),
                where + ": quick.duration");
        if (duration < 1 || duration > MAX_SECONDS || quick < 1 || quick > duration) {
            throw new UserError(
                    where + ": duration must be 1.." + MAX_SECONDS + " s and quick.duration at most that");
        }
        Expectations e = new Expectations(required(p, "expect.primary", where),
                chain(required(p, "expect.chain", where), where, false),
                chain(required(p, "expect.chain", where), where, true),
                oneOf(required(p, "expect.kind", where), KINDS, where + ": expect.kind"),
                oneOf(required(p, "expect.direction", where), DIRECTIONS, where + ": expect.direction"),
                positive(p.getProperty("expect.threads-per-core"), where + ": expect.threads-per-core"));
        return new Scenario(name, required(p, "description", where), words(p.getProperty("app", "")),
                words(p.getProperty("jvm", "")), required(p, "plan", where),
                pairs(p.getProperty("props", ""), where),
                pairs(p.getProperty("quick.props", ""), where), duration, quick,
                Durations.seconds(p.getProperty("warmup", "3s"), where + ": warmup"),
                Boolean.parseBoolean(p.getProperty("prime-cache", "false")), e);
    }

    private static String required(Properties p, String key, String where) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new UserError(where + ": '" + key + "' is required");
        }
        return v.trim();
    }

    private static Integer positive(String s, String where) {
        if (s == null || s.isBlank()) {
            return null;
        }
        try {
            int n = Integer.parseInt(s.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UserError(where + " must be a whole number of at least 1, got '" + s.trim() + "'");
    }

    private static List<String> words(String s) {
        return s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }

    private static Map<String, String> pairs(String s, String where) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String w : words(s)) {
            int eq = w.indexOf('=');
            if (eq < 1) {
                throw new UserError(where + ": plan properties are k=v, got '" + w + "'");
            }
            out.put(w.substring(0, eq), w.substring(eq + 1));
        }
        return out;
    }

    /** "a>b, b>c?" as a set of links, the required or the optional ones ("?"); "none" for a cause that stands alone. */
    static Set<String> chain(String s, String where, boolean optional) {
        Set<String> links = new TreeSet<>();
        if (s.trim().equals("none")) {
            return links;
        }
        for (String l : s.split(",")) {
            String link = l.trim();
            if (!link.matches("[a-z-]+>[a-z-]+\\??")) {
                throw new UserError(
                        where + ": expect.chain is 'none' or links like 'connection-held>pool-starvation',"
                                + " got '" + link + "'");
            }
            if (link.endsWith("?") == optional) {
                links.add(optional ? link.substring(0, link.length() - 1) : link);
            }
        }
        return links;
    }

    private static Set<String> oneOf(String s, Set<String> allowed, String where) {
        Set<String> values = new TreeSet<>(Arrays.stream(s.split("\\|")).map(String::trim).toList());
        if (!allowed.containsAll(values)) {
            throw new UserError(
                    where + " must be one or more of " + new TreeSet<>(allowed) + " joined by |, got '"
                            + s + "'");
        }
        return values;
    }
}

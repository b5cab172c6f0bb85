package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.run.RunSpec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
     * workers); a required "a>>b" asks only that the chain lead from a to b, through whatever the host's measurements
     * put between (the mechanism fixes the ends; what lies between can depend on the host, e.g. its CPUs). {@code kinds} and {@code directions} list the acceptable values. {@code recommendation}, when given, is
     * a regular expression the recommendation's sentence must contain (what a lever without a thread count names).
     * {@code threadsPerCore}: at most this many recommended worker threads per CPU the app had, or null when not
     * checked.
     */
    record Expectations(String primary, Set<String> chain, Set<String> optionalChain, Set<String> kinds,
            Set<String> directions, java.util.regex.Pattern recommendation, Integer threadsPerCore) {

        Expectations(String primary, Set<String> chain, Set<String> optionalChain, Set<String> kinds,
                Set<String> directions, java.util.regex.Pattern recommendation) {
            this(primary, chain, optionalChain, kinds, directions, recommendation, null);
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

    static final Set<String> KINDS = Set.of("pool", "cpu", "lock", "workers", "virtual", "heap", "none");
    static final Set<String> DIRECTIONS = Set.of("more", "fewer", "none", "virtual");
    /** Longest load a scenario may ask for: the suite must stay a few minutes. */
    static final int MAX_SECONDS = 30;

    private static final Set<String> KEYS = Set.of("description", "why", "app", "jvm", "plan", "props",
            "quick.props",
            "duration", "quick.duration", "warmup", "prime-cache", "expect.primary", "expect.chain",
            "expect.kind",
            "expect.direction", "expect.recommendation", "expect.threads-per-core");

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
        return SuiteFile.all(dir, "scenario", Scenario::of);
    }

    static Scenario read(Path file) throws IOException {
        return of(SuiteFile.read(file));
    }

    private static Scenario of(SuiteFile f) {
        f.allowOnly(KEYS, null, null);
        String where = f.where();
        int duration = f.seconds("duration", null);
        int quick = f.seconds("quick.duration", f.get("duration", null));
        if (duration < 1 || duration > MAX_SECONDS || quick < 1 || quick > duration) {
            throw new UserError(
                    where + ": duration must be 1.." + MAX_SECONDS + " s and quick.duration at most that");
        }
        String chain = f.required("expect.chain");
        Expectations e = new Expectations(f.required("expect.primary"), chain(chain, where, false),
                chain(chain, where, true), oneOf(f.required("expect.kind"), KINDS, where + ": expect.kind"),
                oneOf(f.required("expect.direction"), DIRECTIONS, where + ": expect.direction"),
                pattern(f.get("expect.recommendation", ""), where),
                positive(f.get("expect.threads-per-core", ""), where + ": expect.threads-per-core"));
        return new Scenario(f.name(), f.required("description"), f.words("app"), f.words("jvm"),
                f.required("plan"),
                f.pairs("props"), f.pairs("quick.props"), duration, quick, f.seconds("warmup", "3s"),
                Boolean.parseBoolean(f.get("prime-cache", "false")), e);
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

    private static java.util.regex.Pattern pattern(String regex, String where) {
        if (regex == null || regex.isBlank()) {
            return null;
        }
        try {
            return java.util.regex.Pattern.compile(regex.trim());
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new UserError(where + ": expect.recommendation is not a regular expression: "
                    + e.getDescription());
        }
    }

    /** "a>b, b>c?" as a set of links, the required or the optional ones ("?"); "none" for a cause that stands alone. */
    static Set<String> chain(String s, String where, boolean optional) {
        Set<String> links = new TreeSet<>();
        if (s.trim().equals("none")) {
            return links;
        }
        for (String l : s.split(",")) {
            String link = l.trim();
            if (!link.matches("[a-z-]+>>?[a-z-]+\\??") || link.contains(">>") && link.endsWith("?")) {
                throw new UserError(
                        where + ": expect.chain is 'none' or links like 'connection-held>pool-starvation'"
                                + " (optional: 'a>b?'; leading there through any causes: 'a>>b'), got '"
                                + link
                                + "'");
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

package dev.poolscope.cli.suite;

import dev.poolscope.format.summary.Summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A scenario's summary.json held against its expectations: the primary cause, the links of the cause chain, the
 * recommendation's kind and the direction of its thread count against the run's, and, where the scenario asks, what
 * its sentence names. A field the analysis does not
 * write is "n/a": not verified, so not a pass.
 */
record ScenarioVerdict(String scenario, List<Check> checks, Map<String, Object> facts) {

    enum Status {
        PASS, FAIL, NA
    }

    record Check(String name, String expected, String got, Status status) {
    }

    static final String NA = "n/a";

    boolean passed() {
        return checks.stream().allMatch(c -> c.status() == Status.PASS);
    }

    static ScenarioVerdict of(Scenario.Expectations e, String scenario, Summary summary) {
        return of(e, scenario, summary, null);
    }

    /** {@code cores}: the CPUs the app's JVM had (agent/metadata.json), null when unknown. */
    static ScenarioVerdict of(Scenario.Expectations e, String scenario, Summary summary, Integer cores) {
        List<Check> checks = new ArrayList<>();
        Summary s = summary == null ? Summary.NONE : summary;
        checks.add(check("primary", e.primary(), text(s.primaryCause()), Set.of(e.primary())));
        checks.add(chainCheck(e, s.causeChain()));
        checks.add(check("kind", String.join("|", e.kinds()), text(s.recommendationKind()), e.kinds()));
        checks.add(check("direction", String.join("|", e.directions()), direction(s), e.directions()));
        if (e.recommendation() != null) {
            String sentence = text(s.recommendation());
            checks.add(new Check("recommendation", e.recommendation().pattern(), sentence,
                    sentence.equals(NA)
                            ? Status.NA
                            : e.recommendation().matcher(sentence).find() ? Status.PASS : Status.FAIL));
        }
        if (e.threadsPerCore() != null) {
            checks.add(threadsCheck(e.threadsPerCore(), s, cores));
        }
        return new ScenarioVerdict(scenario, List.copyOf(checks), facts(s));
    }

    /**
     * At most {@code perCore} recommended worker threads per CPU: a count for a CPU-bound run past a few per core only
     * adds run delay. No count at all passes (nothing was sized).
     */
    private static Check threadsCheck(int perCore, Summary s, Integer cores) {
        String expected = "at most " + perCore + " per CPU";
        if (s.recommendationKind() == null || cores == null || cores < 1) {
            return new Check("threads", expected, NA, Status.NA);
        }
        Integer n = s.recommendedThreads();
        if (n == null) {
            return new Check("threads", expected, "none", Status.PASS);
        }
        return new Check("threads", expected, n + " on " + cores + " CPUs",
                n <= perCore * cores ? Status.PASS : Status.FAIL);
    }

    /**
     * Every required link on the chain, and nothing on it that is neither required nor optional. A required "a>>b"
     * holds when the chain leads from a to b, directly or through other causes; the links on the way are allowed.
     */
    private static Check chainCheck(Scenario.Expectations e, List<Summary.CauseLink> links) {
        String got = chain(links);
        if (got.equals(NA)) {
            return new Check("chain", e.chainText(), got, Status.NA);
        }
        Set<String> have = new TreeSet<>();
        links.forEach(l -> have.add(l.rule() + ">" + l.explains()));
        Set<String> allowed = new TreeSet<>(e.optionalChain());
        boolean pass = true;
        for (String link : e.chain()) {
            int reach = link.indexOf(">>");
            if (reach < 0) {
                pass &= have.contains(link);
                allowed.add(link);
                continue;
            }
            Set<String> way = way(links, link.substring(0, reach), link.substring(reach + 2));
            pass &= !way.isEmpty();
            allowed.addAll(way);
        }
        pass &= allowed.containsAll(have);
        return new Check("chain", e.chainText(), got, pass ? Status.PASS : Status.FAIL);
    }

    /** The links on every way along {@code links} from cause {@code from} to cause {@code to}; empty when none. */
    private static Set<String> way(List<Summary.CauseLink> links, String from, String to) {
        Set<String> afterFrom = reachable(links, from, true);
        Set<String> beforeTo = reachable(links, to, false);
        Set<String> way = new TreeSet<>();
        for (Summary.CauseLink l : links) {
            if (afterFrom.contains(l.rule()) && beforeTo.contains(l.explains())) {
                way.add(l.rule() + ">" + l.explains());
            }
        }
        return afterFrom.contains(to) ? way : Set.of();
    }

    /** {@code start} and the causes it leads to ({@code forward}) or that lead to it. */
    private static Set<String> reachable(List<Summary.CauseLink> links, String start, boolean forward) {
        Set<String> seen = new TreeSet<>(Set.of(start));
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Summary.CauseLink l : links) {
                String a = forward ? l.rule() : l.explains();
                String b = forward ? l.explains() : l.rule();
                if (seen.contains(a) && seen.add(b)) {
                    grew = true;
                }
            }
        }
        return seen;
    }

    private static Check check(String name, String expected, String got, Set<String> accepted) {
        Status status = got.equals(NA) ? Status.NA : accepted.contains(got) ? Status.PASS : Status.FAIL;
        return new Check(name, expected, got, status);
    }

    private static String text(String s) {
        return s == null ? NA : s;
    }

    /** The primary chain's links as "cause>effect", sorted; "none" when the root stands alone. */
    static String chain(List<Summary.CauseLink> links) {
        if (links == null) {
            return NA;
        }
        Set<String> out = new TreeSet<>();
        links.forEach(l -> out.add(l.rule() + ">" + l.explains()));
        return out.isEmpty() ? "none" : String.join(", ", out);
    }

    /**
     * Which way the recommendation moves the worker count: virtual threads (no count), none (no count, or the
     * same count), more or fewer than the run's {@code max_threads}.
     */
    static String direction(Summary s) {
        if (s.recommendationKind() == null) {
            return NA;
        }
        if (s.recommendationKind().equals("virtual")) {
            return "virtual";
        }
        if (s.recommendedThreads() == null) {
            return "none";
        }
        if (s.maxThreads() == null) {
            return NA;
        }
        int cmp = Integer.compare(s.recommendedThreads(), s.maxThreads());
        return cmp > 0 ? "more" : cmp < 0 ? "fewer" : "none";
    }

    /** What the run measured, beside the verdict, so a failure can be read without opening the report. */
    private static Map<String, Object> facts(Summary s) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put(Summary.THROUGHPUT_RPS, number(s.throughputRps()));
        f.put(Summary.ERROR_RATE, number(s.errorRate()));
        f.put("client_mean_ms", mean(s.clientMs()));
        f.put("server_mean_ms", mean(s.serverMs()));
        f.put("pool_wait_mean_ms", mean(s.poolWaitMs()));
        f.put("hold_mean_ms", mean(s.holdMs()));
        f.put("backlog_mean_ms", mean(s.backlogMs()));
        f.put(Summary.MAX_THREADS, number(s.maxThreads()));
        f.put(Summary.RECOMMENDED_THREADS, number(s.recommendedThreads()));
        Map<String, Object> scores = new LinkedHashMap<>();
        if (s.diagnosis() != null) {
            s.diagnosis().forEach(r -> {
                if (r.score() != null) {
                    scores.put(r.rule(), r.score());
                }
            });
        }
        f.put("scores", scores);
        f.put(Summary.CAUSE_CHAIN_SENTENCE, text(s.causeChainSentence()));
        f.put(Summary.RECOMMENDATION, text(s.recommendation()));
        return f;
    }

    private static Object mean(Summary.Distribution d) {
        return d == null ? NA : number(d.mean());
    }

    private static Object number(Number n) {
        return n == null ? NA : n;
    }
}

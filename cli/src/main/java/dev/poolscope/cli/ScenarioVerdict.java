package dev.poolscope.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A scenario's summary.json held against its expectations: the primary cause, the links of the cause chain, the
 * recommendation's kind and the direction of its thread count against the run's. A field the analysis does not
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

    static ScenarioVerdict of(Scenario.Expectations e, String scenario, JsonNode summary) {
        List<Check> checks = new ArrayList<>();
        JsonNode s = summary == null
                ? com.fasterxml.jackson.databind.node.MissingNode.getInstance()
                : summary;
        checks.add(check("primary", e.primary(), text(s.path("primary_cause")), Set.of(e.primary())));
        checks.add(chainCheck(e, s.path("cause_chain")));
        checks.add(
                check("kind", String.join("|", e.kinds()), text(s.path("recommendation_kind")), e.kinds()));
        checks.add(check("direction", String.join("|", e.directions()), direction(s), e.directions()));
        return new ScenarioVerdict(scenario, List.copyOf(checks), facts(s));
    }

    /** Every required link on the chain, and nothing on it that is neither required nor optional. */
    private static Check chainCheck(Scenario.Expectations e, JsonNode links) {
        String got = chain(links);
        if (got.equals(NA)) {
            return new Check("chain", e.chainText(), got, Status.NA);
        }
        Set<String> have = new TreeSet<>();
        links.forEach(l -> have.add(l.path("rule").asText() + ">" + l.path("explains").asText()));
        Set<String> allowed = new TreeSet<>(e.chain());
        allowed.addAll(e.optionalChain());
        boolean pass = have.containsAll(e.chain()) && allowed.containsAll(have);
        return new Check("chain", e.chainText(), got, pass ? Status.PASS : Status.FAIL);
    }

    private static Check check(String name, String expected, String got, Set<String> accepted) {
        Status status = got.equals(NA) ? Status.NA : accepted.contains(got) ? Status.PASS : Status.FAIL;
        return new Check(name, expected, got, status);
    }

    private static String text(JsonNode n) {
        return n.isMissingNode() || n.isNull() ? NA : n.asText();
    }

    /** The primary chain's links as "cause>effect", sorted; "none" when the root stands alone. */
    static String chain(JsonNode links) {
        if (!links.isArray()) {
            return NA;
        }
        Set<String> out = new TreeSet<>();
        links.forEach(l -> out.add(l.path("rule").asText() + ">" + l.path("explains").asText()));
        return out.isEmpty() ? "none" : String.join(", ", out);
    }

    /**
     * Which way the recommendation moves the worker count: virtual threads (no count), none (no count, or the
     * same count), more or fewer than the run's {@code max_threads}.
     */
    static String direction(JsonNode s) {
        JsonNode kind = s.path("recommendation_kind");
        if (kind.isMissingNode()) {
            return NA;
        }
        if (kind.asText().equals("virtual")) {
            return "virtual";
        }
        JsonNode threads = s.path("recommended_threads");
        if (threads.isMissingNode()) {
            return NA;
        }
        if (threads.isNull()) {
            return "none";
        }
        JsonNode current = s.path("max_threads");
        if (!current.isNumber()) {
            return NA;
        }
        int cmp = Integer.compare(threads.asInt(), current.asInt());
        return cmp > 0 ? "more" : cmp < 0 ? "fewer" : "none";
    }

    /** What the run measured, beside the verdict, so a failure can be read without opening the report. */
    private static Map<String, Object> facts(JsonNode s) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("throughput_rps", number(s.path("throughput_rps")));
        f.put("error_rate", number(s.path("error_rate")));
        f.put("client_mean_ms", number(s.path("client_ms").path("mean")));
        f.put("server_mean_ms", number(s.path("server_ms").path("mean")));
        f.put("pool_wait_mean_ms", number(s.path("pool_wait_ms").path("mean")));
        f.put("hold_mean_ms", number(s.path("hold_ms").path("mean")));
        f.put("backlog_mean_ms", number(s.path("backlog_ms").path("mean")));
        f.put("max_threads", number(s.path("max_threads")));
        f.put("recommended_threads", number(s.path("recommended_threads")));
        Map<String, Object> scores = new LinkedHashMap<>();
        s.path("diagnosis").forEach(r -> {
            if (r.path("score").isNumber()) {
                scores.put(r.path("rule").asText(), r.path("score").asInt());
            }
        });
        f.put("scores", scores);
        f.put("cause_chain_sentence", text(s.path("cause_chain_sentence")));
        f.put("recommendation", text(s.path("recommendation")));
        return f;
    }

    private static Object number(JsonNode n) {
        return n.isNumber() ? n.numberValue() : NA;
    }
}

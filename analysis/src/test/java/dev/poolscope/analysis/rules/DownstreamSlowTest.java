package dev.poolscope.analysis.rules;

import static dev.poolscope.analysis.rules.Scenario.Kind.CLIENT_PARK;
import static dev.poolscope.analysis.rules.Scenario.Kind.CONNECTION_WAIT;
import static dev.poolscope.analysis.rules.Scenario.Kind.HOLD;
import static dev.poolscope.analysis.rules.Scenario.Kind.HTTP_CALL;
import static dev.poolscope.analysis.rules.Scenario.Kind.HTTP_CALL_HELD;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.StepProfile;
import dev.poolscope.analysis.rules.http.DownstreamSlowRule;

/**
 * Outbound HTTP calls are their own wait, named by their target: the park the JDK's client waits in is the call's, not
 * a lock wait; a slow downstream inside connection holds is the root of the pool starvation behind it.
 */
class DownstreamSlowTest {

    /**
     * A transaction that holds its connection across a 40-ms call to the pricing service (the worker parked inside
     * {@code HttpClient.send} for it); half of each request waits for one of 2 connections.
     */
    static Scenario heldAcrossHttpCall() {
        Scenario s = new Scenario().each(0, 50, CONNECTION_WAIT).each(50, 100, HOLD)
                .each(55, 95, HTTP_CALL_HELD)
                .each(56, 95, CLIENT_PARK).saturatedPoolGauges();
        s.poolSize = 2;
        return s;
    }

    @Test
    void aSlowDownstreamInsideHoldsIsTheRootOfPoolStarvationNamedByItsHost() {
        RunModel run = heldAcrossHttpCall().model();
        Diagnosis.Result d = new Diagnosis().evaluate(run);
        assertThat(d.primaryCause()).isEqualTo("downstream-slow");
        assertThat(d.causeChain()).containsExactly(new Link("downstream-slow", "connection-held", 1.0),
                new Link("connection-held", "pool-starvation", 0.8));
        assertThat(d.chainSentence()).isEqualTo("Cause chain: pool wait 50 ms per request (pool-starvation)"
                + " ← 80%: holds of 50 ms, 80% of them spent waiting for non-database work (connection-held)"
                + " ← 100%: outbound HTTP to http://pricing.internal:8080: 40 ms per call, p99 40 ms"
                + " (downstream-slow).");
        assertThat(sentence(d, "downstream-slow")).isEqualTo("Slow downstream inside connection holds: 80% of"
                + " the time connections were borrowed went to outbound HTTP calls, most of it to"
                + " http://pricing.internal:8080: 10 calls, mean 40 ms, p99 40 ms, 0 failed, 100% of them made"
                + " while holding a pooled connection (40 ms per request). Each such call keeps its connection"
                + " idle until it returns, and requests queue for the pool behind it: call before or after the"
                + " transaction, or make the call faster.");
        assertThat(d.recommendation().kind()).isEqualTo("pool");
        assertThat(d.recommendation().sentence()).contains("the lever is the hold time");
    }

    @Test
    void theParkInsideTheClientIsTheCallsTimeNotALockWait() {
        RunModel run = heldAcrossHttpCall().model();
        assertThat(run.serverTotal().millis(Cause.HTTP_WAIT)).isEqualTo(400);
        assertThat(run.serverTotal().millis(Cause.LOCK_WAIT)).isZero();
        assertThat(run.locks()).as("no lock site for a park inside a call").isEmpty();
        assertThat(run.pools().holdHttpNanos()).isEqualTo(400 * Scenario.MS);
        assertThat(run.pools().holdOtherWaitNanos()).as("the park is counted once, as the call").isZero();
        Diagnosis.Result d = new Diagnosis().evaluate(run);
        assertThat(score(d, "lock-contention")).isZero();
    }

    @Test
    void theStepProfileShowsTheCallWithItsTarget() {
        StepProfile slowest = heldAcrossHttpCall().model().slowest().getFirst();
        assertThat(slowest.steps()).extracting(StepProfile.Step::name).containsExactly("request start",
                "getConnection", "SQL / connection held", "HTTP", "request end");
        StepProfile.Step call = slowest.steps().get(3);
        assertThat(call.detail()).isEqualTo(Scenario.DOWNSTREAM);
        assertThat(call.durationNanos()).isEqualTo(40 * Scenario.MS);
    }

    @Test
    void aSlowDownstreamOutsideHoldsIsNamedWithItsHostAndNoThreadCount() {
        Scenario s = new Scenario().each(10, 90, HTTP_CALL).each(11, 90, CLIENT_PARK);
        Diagnosis.Result d = new Diagnosis().evaluate(s.model());
        assertThat(d.primaryCause()).isEqualTo("downstream-slow");
        assertThat(sentence(d, "downstream-slow")).isEqualTo("Slow downstream: 80% of server time waiting for"
                + " outbound HTTP calls (80 ms per request), most of it for http://pricing.internal:8080: 10 calls,"
                + " mean 80 ms, p99 80 ms, 0 failed.");
        assertThat(d.recommendation().kind()).isEqualTo("none");
        assertThat(d.recommendation().sentence()).isEqualTo("No thread-count change: the downstream"
                + " http://pricing.internal:8080 is the lever. Its 10 calls took 80 ms on average (p99 80 ms); callers"
                + " waited for outbound HTTP 80% of server time. Make it answer faster, call it less (cache or batch"
                + " its answers) or off the request path; more threads only wait longer for it.");
        assertThat(score(d, "lock-contention")).isZero();
    }

    @Test
    void callsOfAFewMillisecondsAreNoFinding() {
        // 3 ms of every 100-ms request: the cost of a call inside one network.
        Scenario s = new Scenario().each(10, 13, HTTP_CALL);
        RuleResult r = Scenario.run(new DownstreamSlowRule(), s);
        assertThat(r.scoreOrZero()).isLessThan(25);
        assertThat(r.sentence()).isEqualTo(
                "Outbound HTTP calls are not a bottleneck: 3% of server time waiting for them (mean 3 ms per request).");
    }

    @Test
    void noCallsNoVerdict() {
        RuleResult r = Scenario.run(new DownstreamSlowRule(), new Scenario());
        assertThat(r.severity()).isEqualTo(RuleResult.Severity.NA);
        assertThat(r.sentence()).isEqualTo("Not enough data: no poolscope.HttpCall events.");
    }

    @Test
    void ruleOrderNeverDecides() {
        List<Rule> rules = new ArrayList<>(new Diagnosis().rules());
        Random random = new Random(11);
        for (int i = 0; i < 20; i++) {
            Collections.shuffle(rules, random);
            assertThat(new Diagnosis(rules).evaluate(heldAcrossHttpCall().model()).primaryCause())
                    .isEqualTo("downstream-slow");
        }
    }

    private static int score(Diagnosis.Result d, String rule) {
        return d.results().stream().filter(r -> r.rule().equals(rule)).findFirst().orElseThrow()
                .scoreOrZero();
    }

    private static String sentence(Diagnosis.Result d, String rule) {
        return d.results().stream().filter(r -> r.rule().equals(rule)).findFirst().orElseThrow().sentence();
    }
}

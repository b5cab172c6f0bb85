package dev.poolscope.analysis.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.diagnosis.InstancesDiagnosis;

class InstancesDiagnosisTest {

    private static Diagnosis.Result result(String primary, int starvation, int cpu, Integer threads) {
        return new Diagnosis.Result(
                List.of(new RuleResult("pool-starvation", starvation, RuleResult.Severity.of(starvation),
                        "starved " + starvation, List.of(), List.of()),
                        new RuleResult("cpu-oversubscription", cpu, RuleResult.Severity.of(cpu), "cpu " + cpu,
                                List.of(), List.of())),
                primary, new Recommendation("pool", threads, "use " + threads, List.of()), List.of(),
                List.of(),
                primary + " chain");
    }

    @Test
    void theCauseOfMostServerTimeIsTheOverallOneAndEachRuleTakesItsHighestScore() {
        InstancesDiagnosis.Overall o = InstancesDiagnosis.of(List.of(
                new InstancesDiagnosis.Input("agent-1", result("pool-starvation", 90, 10, 10), 300_000_000L),
                new InstancesDiagnosis.Input("agent-2", result("cpu-oversubscription", 40, 80, 4),
                        600_000_000L),
                new InstancesDiagnosis.Input("agent-3", result("pool-starvation", 85, 20, 12),
                        100_000_000L)));
        assertThat(o.result().primaryCause()).isEqualTo("cpu-oversubscription");
        assertThat(o.result().recommendation().threads()).isEqualTo(4);
        assertThat(o.result().chainSentence()).isEqualTo("cpu-oversubscription chain");
        assertThat(o.result().results()).extracting(RuleResult::sentence).containsExactly("starved 90",
                "cpu 80");
        assertThat(o.sentence())
                .isEqualTo("The instances differ: pool-starvation on agent-1 (30% of the server"
                        + " time); cpu-oversubscription on agent-2 (60% of the server time); pool-starvation on agent-3 (10%"
                        + " of the server time). Overall: cpu-oversubscription, the primary cause of the instances that"
                        + " served 60% of the server time.");
    }

    @Test
    void instancesThatAgreeSaySo() {
        InstancesDiagnosis.Overall o = InstancesDiagnosis.of(List.of(
                new InstancesDiagnosis.Input("agent-1", result("pool-starvation", 90, 10, 10), 300),
                new InstancesDiagnosis.Input("agent-2", result("pool-starvation", 70, 10, 12), 500)));
        assertThat(o.result().primaryCause()).isEqualTo("pool-starvation");
        assertThat(o.result().recommendation().threads()).isEqualTo(12);
        assertThat(o.sentence()).isEqualTo("All 2 instances have the same primary cause: pool-starvation.");
    }
}

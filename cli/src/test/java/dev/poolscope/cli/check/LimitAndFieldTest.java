package dev.poolscope.cli.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.format.summary.Summary;

class LimitAndFieldTest {

    private final Summary summary = json(
            """
                    {"error_rate": 0.02, "throughput_rps": 40.5, "gc_pause_ms_total": 12.0, "heap_used_max_bytes": null,
                     "client_ms": {"p50": 10, "p99": 900.5, "count": 100},
                     "pool_wait_ms": {"p99": 49.0},
                     "diagnosis": [{"rule": "pool-starvation", "score": 80, "severity": "WARNING", "sentence": "S."},
                                   {"rule": "gc-pressure", "score": null, "severity": "NA", "sentence": "N."},
                                   {"rule": "redis-slow", "score": 49, "severity": "INFO", "sentence": "R."}]}
                    """);

    private static Summary json(String text) {
        try {
            return new ObjectMapper().readValue(text, Summary.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void shortAndDottedNamesReachTheDistribution() {
        SummaryField f = SummaryField.resolve("client_p99");
        assertThat(f.time()).isTrue();
        assertThat(f.value(summary)).isEqualTo(900.5);
        assertThat(SummaryField.resolve("client_ms.p99").value(summary)).isEqualTo(900.5);
        assertThat(SummaryField.resolve("client_count").time()).isFalse();
        assertThat(SummaryField.resolve("gc_pause_ms_total").time()).isTrue();
        assertThat(SummaryField.resolve("error_rate").time()).isFalse();
        assertThat(SummaryField.resolve("client_p90")).isNull();
        assertThat(SummaryField.resolve("nope")).isNull();
        assertThat(SummaryField.resolve("diagnosis")).isNull();
    }

    /**
     * Every name check accepted before the record, read off a real summary.json (main at 0be4d12, ./poolscope run
     * --plan vu500 --vus 50 --duration 10s): its top-level numbers, and each statistic of its *_ms objects, dotted
     * and short.
     */
    @Test
    void everyNumberOfARealSummaryIsAField() throws Exception {
        JsonNode real;
        try (var in = getClass().getResourceAsStream("/summary/run-main-0be4d12.json")) {
            real = new ObjectMapper().readTree(in);
        }
        Summary typed = new ObjectMapper().treeToValue(real, Summary.class);
        int fields = 0;
        for (var e : real.properties()) {
            String name = e.getKey();
            JsonNode v = e.getValue();
            if (v.isNumber()) {
                assertThat(SummaryField.resolve(name)).as(name).isNotNull();
                assertThat(SummaryField.resolve(name).value(typed)).as(name).isEqualTo(v.doubleValue());
                fields++;
            } else if (v.isObject() && name.endsWith("_ms")) {
                for (var stat : v.properties()) {
                    String dotted = name + "." + stat.getKey();
                    String shortName = name.substring(0, name.length() - 3) + "_" + stat.getKey();
                    assertThat(SummaryField.resolve(dotted).value(typed)).as(dotted)
                            .isEqualTo(stat.getValue().doubleValue());
                    assertThat(SummaryField.resolve(shortName).value(typed)).as(shortName)
                            .isEqualTo(stat.getValue().doubleValue());
                    fields += 2;
                }
            }
        }
        assertThat(fields).as("23 numbers, 5 distributions of 6 statistics").isEqualTo(23 + 5 * 6 * 2);
    }

    @Test
    void unitsBecomeSummaryUnits() {
        SummaryField time = SummaryField.resolve("client_p99");
        SummaryField share = SummaryField.resolve("error_rate");
        assertThat(Limit.parse("800ms", time).value()).isEqualTo(800);
        assertThat(Limit.parse("1.5s", time).value()).isEqualTo(1500);
        assertThat(Limit.parse("0.01", share).value()).isEqualTo(0.01);
        assertThat(Limit.parse("1%", share).value()).isEqualTo(0.01);
        assertThatThrownBy(() -> Limit.parse("800", time)).hasMessage(
                "client_p99 is a time: write its limit with ms or s (800ms, 1.5s), got '800'");
        assertThatThrownBy(() -> Limit.parse("5ms", share))
                .hasMessage("error_rate is not a time: write a plain number or a percent, got '5ms'");
        assertThatThrownBy(() -> Limit.parse("fast", time))
                .hasMessage("limit 'fast' for client_p99 must be a number with ms or s (800ms, 1.5s)");
    }

    @Test
    void maxHoldsAtTheLimitAndBreaksAbove() {
        SummaryField pool = SummaryField.resolve("pool_wait_p99");
        assertThat(new Condition.Max(pool, Limit.parse("49ms", pool)).evaluate(summary))
                .isEqualTo(new Outcome("max pool_wait_p99=49ms", true, "pool_wait_p99 = 49 ms"));
        SummaryField client = SummaryField.resolve("client_p99");
        assertThat(new Condition.Max(client, Limit.parse("0.8s", client)).evaluate(summary).line())
                .isEqualTo("BROKEN  max client_p99=0.8s: client_p99 = 900.5 ms, above 0.8s");
        SummaryField heap = SummaryField.resolve("heap_used_max_bytes");
        assertThat(new Condition.Max(heap, Limit.parse("1000", heap)).evaluate(summary).line())
                .isEqualTo(
                        "BROKEN  max heap_used_max_bytes=1000: heap_used_max_bytes was not measured in this run");
    }

    @Test
    void forbidBreaksFromScoreFifty() {
        assertThat(new Condition.Forbid("pool-starvation").evaluate(summary).line())
                .isEqualTo(
                        "BROKEN  forbid pool-starvation: pool-starvation diagnosed (score 80 of 100, WARNING): S.");
        assertThat(new Condition.Forbid("redis-slow").evaluate(summary))
                .isEqualTo(new Outcome("forbid redis-slow", true, "redis-slow score 49 of 100, below 50"));
        assertThat(new Condition.Forbid("gc-pressure").evaluate(summary))
                .isEqualTo(
                        new Outcome("forbid gc-pressure", true, "gc-pressure not assessed: not enough data"));
    }
}

package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.run.RunSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.format.summary.Summary;

/** The scenario files of the checkout, and how a summary.json is held against them. */
class ScenarioTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Path SUITE = Path.of("..", "scenarios");

    @Test
    void everyScenarioOfTheSuiteReadsAndKeepsItsLoadShort() throws Exception {
        List<Scenario> all = Scenario.all(SUITE);
        assertThat(all).hasSizeGreaterThanOrEqualTo(10);
        for (Scenario s : all) {
            assertThat(s.durationSeconds()).as(s.name()).isBetween(1, 30);
            assertThat(s.quickDurationSeconds()).as(s.name()).isBetween(1, s.durationSeconds());
            assertThat(Path.of("..", "jmeter-plans", "plans", s.plan() + ".jmx")).as(s.name())
                    .isRegularFile();
        }
        assertThat(all).extracting(s -> s.expect().primary()).contains("healthy", "pool-starvation",
                "connection-held", "redis-slow", "cpu-oversubscription", "lock-contention",
                "worker-pool-saturated", "database-slow", "n-plus-one", "gc-pressure");
        assertThat(all).filteredOn(s -> s.expect().chain().size() >= 2).as("a chain of three causes")
                .isNotEmpty();
        // Issue 25: a root found where two causes overlap, and a CPU-only run held to a few threads a core.
        Scenario alloc = all.stream().filter(s -> s.name().equals("alloc-in-lock")).findFirst().orElseThrow();
        assertThat(alloc.expect().primary()).isEqualTo("gc-pressure");
        assertThat(alloc.spec(false, Path.of("x")).jvmOptions()).containsExactly("-Xmx104m");
        Scenario cpu = all.stream().filter(s -> s.name().equals("cpu-many-workers")).findFirst()
                .orElseThrow();
        assertThat(cpu.expect().threadsPerCore()).isEqualTo(4);
    }

    @Test
    void aCpuBoundRunPassesTheThreadsCheckOnlyAtAFewThreadsPerCore() throws Exception {
        Scenario.Expectations e = new Scenario.Expectations("cpu-oversubscription", java.util.Set.of(),
                java.util.Set.of(), java.util.Set.of("cpu"), java.util.Set.of("fewer"), null, 4);
        Summary three = summary("""
                {"primary_cause":"cpu-oversubscription","recommendation_kind":"cpu","recommended_threads":3,
                 "max_threads":400,"cause_chain":[]}""");
        ScenarioVerdict ok = ScenarioVerdict.of(e, "s", three, 2);
        assertThat(ok.checks().getLast())
                .isEqualTo(new ScenarioVerdict.Check("threads", "at most 4 per CPU", "3 on 2 CPUs",
                        ScenarioVerdict.Status.PASS));
        assertThat(ok.passed()).isTrue();
        Summary eighteen = summary("""
                {"primary_cause":"cpu-oversubscription","recommendation_kind":"cpu","recommended_threads":18,
                 "max_threads":400,"cause_chain":[]}""");
        assertThat(ScenarioVerdict.of(e, "s", eighteen, 2).checks().getLast().status())
                .isEqualTo(ScenarioVerdict.Status.FAIL);
        // Without the CPU count the check cannot be made: not a pass.
        assertThat(ScenarioVerdict.of(e, "s", three, null).checks().getLast().status())
                .isEqualTo(ScenarioVerdict.Status.NA);
    }

    @Test
    void aFileBecomesARunSpec(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("demo.properties");
        Files.writeString(f, """
                description = demo
                app = --threads=20 --pool-size=4
                plan = greetings
                props = vus=90 path=/api/sleep?ms=1000
                quick.props = vus=30
                duration = 20s
                quick.duration = 5s
                expect.primary = worker-pool-saturated
                expect.chain = worker-pool-saturated>backlog-queueing
                expect.kind = workers
                expect.direction = more|virtual
                """);
        Scenario s = Scenario.read(f);
        assertThat(s.name()).isEqualTo("demo");
        RunSpec full = s.spec(false, dir.resolve("full"));
        assertThat(full.appArgs()).containsExactly("--threads=20", "--pool-size=4");
        assertThat(full.jmeterProps()).isEqualTo(Map.of("vus", "90", "path", "/api/sleep?ms=1000"));
        assertThat(full.durationSeconds()).isEqualTo(20);
        assertThat(full.warmupSeconds()).isEqualTo(3);
        RunSpec quick = s.spec(true, dir.resolve("quick"));
        assertThat(quick.jmeterProps()).isEqualTo(Map.of("vus", "30", "path", "/api/sleep?ms=1000"));
        assertThat(quick.durationSeconds()).isEqualTo(5);
        assertThat(s.expect().directions()).containsExactly("more", "virtual");
    }

    @Test
    void aScenarioSizesTheAppsJvmAndChecksWhatTheSentenceNames(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("heap.properties");
        Files.writeString(f,
                """
                        description = heap
                        app = --retain-mb=100
                        jvm = -Xmx160m -XX:+UseG1GC
                        plan = ping-1000
                        duration = 10s
                        expect.primary = gc-pressure
                        expect.chain = none
                        expect.kind = heap
                        expect.direction = none
                        expect.recommendation = the heap is the lever[.] After collections it still held [0-9.]+ MB of its [0-9.]+ MB maximum
                        """);
        Scenario s = Scenario.read(f);
        assertThat(s.spec(false, dir.resolve("run")).jvmOptions()).containsExactly("-Xmx160m",
                "-XX:+UseG1GC");
        assertThat(s.spec(false, dir.resolve("run")).appArgs()).containsExactly("--retain-mb=100");
        ScenarioVerdict named = ScenarioVerdict.of(s.expect(), "heap",
                summary("""
                        {"primary_cause":"gc-pressure","recommendation_kind":"heap","cause_chain":[],
                         "recommendation":"No thread-count change: the heap is the lever. After collections it still held 150 MB of its 160 MB maximum (93.8%), so ..."}
                        """));
        assertThat(named.checks()).extracting(ScenarioVerdict.Check::name, ScenarioVerdict.Check::status)
                .contains(org.assertj.core.groups.Tuple.tuple("recommendation", ScenarioVerdict.Status.PASS));
        assertThat(named.passed()).isTrue();
        ScenarioVerdict vague = ScenarioVerdict.of(s.expect(), "heap",
                summary("""
                        {"primary_cause":"gc-pressure","recommendation_kind":"heap","cause_chain":[],
                         "recommendation":"No thread-count change: the root cause is gc-pressure, which more or fewer threads do not fix."}
                        """));
        assertThat(vague.passed()).isFalse();
    }

    @Test
    void badFilesAreOneClearLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.properties");
        Files.writeString(f, "description = x\nplan = vu500\nduration = 90s\nexpect.primary = healthy\n"
                + "expect.chain = none\nexpect.kind = none\nexpect.direction = none\n");
        assertThatThrownBy(() -> Scenario.read(f)).isInstanceOf(UserError.class)
                .hasMessage(f + ": duration must be 1..30 s and quick.duration at most that");
        Files.writeString(f, "description = x\nplan = vu500\nduration = 9s\nexpect.primary = healthy\n"
                + "expect.chain = pool starvation\nexpect.kind = none\nexpect.direction = none\n");
        assertThatThrownBy(() -> Scenario.read(f)).isInstanceOf(UserError.class)
                .hasMessage(
                        f + ": expect.chain is 'none' or links like 'connection-held>pool-starvation'"
                                + " (optional: 'a>b?'; leading there through any causes: 'a>>b'), got"
                                + " 'pool starvation'");
        Files.writeString(f, "description = x\nplan = vu500\nduration = 9s\nexpect.primary = healthy\n"
                + "expect.chain = none\nexpect.kind = none\nexpect.direction = none\n"
                + "expect.threads-per-core = few\n");
        assertThatThrownBy(() -> Scenario.read(f)).isInstanceOf(UserError.class)
                .hasMessage(f + ": expect.threads-per-core must be a whole number of at least 1, got 'few'");
        Files.writeString(f, "descripton = x\n");
        assertThatThrownBy(() -> Scenario.read(f)).isInstanceOf(UserError.class)
                .hasMessageStartingWith(
                        f + ": unknown key 'descripton' (known: app, description, duration, ");
    }

    static Scenario.Expectations expect(String primary, String chain, String kind, String direction) {
        return new Scenario.Expectations(primary, Scenario.chain(chain, "test", false),
                Scenario.chain(chain, "test", true), java.util.Set.of(kind.split("\\|")),
                java.util.Set.of(direction.split("\\|")), null);
    }

    @Test
    void aSummaryThatSaysWhatTheIssuesExpectPasses() throws Exception {
        Summary summary = summary("""
                {"primary_cause":"redis-slow","recommendation_kind":"pool","recommended_threads":12,
                 "max_threads":200,"throughput_rps":38.5,
                 "cause_chain":[{"rule":"redis-slow","explains":"connection-held","share":0.98},
                                {"rule":"connection-held","explains":"pool-starvation","share":0.9}],
                 "diagnosis":[{"rule":"redis-slow","score":60},{"rule":"gc-pressure","score":null}]}
                """);
        ScenarioVerdict v = ScenarioVerdict.of(
                expect("redis-slow", "redis-slow>connection-held, connection-held>pool-starvation", "pool",
                        "fewer"),
                "s", summary);
        assertThat(v.checks()).extracting(ScenarioVerdict.Check::got).containsExactly("redis-slow",
                "connection-held>pool-starvation, redis-slow>connection-held", "pool", "fewer");
        assertThat(v.passed()).isTrue();
        assertThat(v.facts()).containsEntry("throughput_rps", 38.5).containsEntry("pool_wait_mean_ms", "n/a")
                .containsEntry("scores", Map.of("redis-slow", 60));
    }

    @Test
    void aSymptomAsPrimaryOrTheWrongDirectionFails() throws Exception {
        Summary summary = summary("""
                {"primary_cause":"backlog-queueing","recommendation_kind":"workers","recommended_threads":16,
                 "max_threads":20,"cause_chain":[]}
                """);
        ScenarioVerdict v = ScenarioVerdict.of(
                expect("worker-pool-saturated", "worker-pool-saturated>backlog-queueing", "workers", "more"),
                "s",
                summary);
        assertThat(v.checks()).extracting(ScenarioVerdict.Check::status).containsExactly(
                ScenarioVerdict.Status.FAIL, ScenarioVerdict.Status.FAIL, ScenarioVerdict.Status.PASS,
                ScenarioVerdict.Status.FAIL);
        assertThat(v.checks().get(1).got()).isEqualTo("none");
        assertThat(v.checks().get(3).got()).isEqualTo("fewer");
        assertThat(v.passed()).isFalse();
    }

    @Test
    void aRootThatMustLeadToACauseMayGoThroughOthers() throws Exception {
        Scenario.Expectations e = expect("n-plus-one",
                "n-plus-one>>pool-starvation, pool-starvation>backlog-queueing?",
                "none", "none");
        assertThat(e.chainText()).isEqualTo("n-plus-one>>pool-starvation, pool-starvation>backlog-queueing?");
        String through = """
                {"primary_cause":"n-plus-one","recommendation_kind":"none","recommended_threads":null,
                 "max_threads":200,
                 "cause_chain":[{"rule":"n-plus-one","explains":"cpu-oversubscription","share":0.64},
                                {"rule":"cpu-oversubscription","explains":"pool-starvation","share":0.87}]}
                """;
        assertThat(ScenarioVerdict.of(e, "s", summary(through)).passed()).isTrue();
        String direct = """
                {"primary_cause":"n-plus-one","recommendation_kind":"none","recommended_threads":null,
                 "max_threads":200,
                 "cause_chain":[{"rule":"n-plus-one","explains":"pool-starvation","share":0.9}]}
                """;
        assertThat(ScenarioVerdict.of(e, "s", summary(direct)).passed()).as(direct).isTrue();
        // The way must end at pool-starvation, and nothing beside the way is allowed.
        String elsewhere = through.replace("\"explains\":\"pool-starvation\"",
                "\"explains\":\"gc-pressure\"");
        assertThat(ScenarioVerdict.of(e, "s", summary(elsewhere)).passed()).isFalse();
        String beside = through.replace("]}\n", ",{\"rule\":\"gc-pressure\",\"explains\":\"pool-starvation\","
                + "\"share\":0.6}]}\n");
        assertThat(ScenarioVerdict.of(e, "s", summary(beside)).passed()).as(beside).isFalse();
    }

    @Test
    void aSymptomDownstreamOfTheRootMayJoinTheChain() throws Exception {
        String withBacklogJson = """
                {"primary_cause":"cpu-oversubscription","recommendation_kind":"cpu","recommended_threads":16,
                 "max_threads":200,
                 "cause_chain":[{"rule":"cpu-oversubscription","explains":"backlog-queueing","share":0.73}]}
                """;
        Summary withBacklog = summary(withBacklogJson);
        Scenario.Expectations optional = expect("cpu-oversubscription",
                "cpu-oversubscription>backlog-queueing?",
                "cpu", "fewer");
        assertThat(optional.chainText()).isEqualTo("cpu-oversubscription>backlog-queueing?");
        assertThat(ScenarioVerdict.of(optional, "s", withBacklog).passed()).isTrue();
        Summary alone = summary(withBacklogJson.replaceAll("\\[\\{.*\\}\\]", "[]"));
        assertThat(ScenarioVerdict.of(optional, "s", alone).passed()).isTrue();
        ScenarioVerdict strict = ScenarioVerdict.of(expect("cpu-oversubscription", "none", "cpu", "fewer"),
                "s",
                withBacklog);
        assertThat(strict.checks().get(1).status()).isEqualTo(ScenarioVerdict.Status.FAIL);
        assertThat(strict.checks().get(1).got()).isEqualTo("cpu-oversubscription>backlog-queueing");
    }

    @Test
    void fieldsTheAnalysisDoesNotWriteAreNotApplicableAndNotAPass() throws Exception {
        Summary old = summary(
                "{\"primary_cause\":\"healthy\",\"recommended_threads\":244,\"max_threads\":200}");
        ScenarioVerdict v = ScenarioVerdict.of(expect("healthy", "none", "none", "none"), "s", old);
        assertThat(v.checks()).extracting(ScenarioVerdict.Check::got).containsExactly("healthy", "n/a", "n/a",
                "n/a");
        assertThat(v.passed()).isFalse();
        assertThat(ScenarioVerdict.of(expect("healthy", "none", "none", "none"), "s", null).checks())
                .allMatch(c -> c.status() == ScenarioVerdict.Status.NA);
        assertThat(ScenarioTable.markdown(List.of(v))).contains("| s | kind | none | n/a | n/a |");
    }

    private static Summary summary(String json) throws Exception {
        return JSON.readValue(json, Summary.class);
    }

    @Test
    void virtualThreadsAndNoCountAreTheirOwnDirections() throws Exception {
        assertThat(ScenarioVerdict.direction(summary(
                "{\"recommendation_kind\":\"virtual\",\"recommended_threads\":null,\"max_threads\":200}")))
                .isEqualTo("virtual");
        assertThat(ScenarioVerdict.direction(summary(
                "{\"recommendation_kind\":\"none\",\"recommended_threads\":null,\"max_threads\":200}")))
                .isEqualTo("none");
        assertThat(ScenarioVerdict.direction(summary(
                "{\"recommendation_kind\":\"workers\",\"recommended_threads\":95,\"max_threads\":20}")))
                .isEqualTo("more");
    }
}

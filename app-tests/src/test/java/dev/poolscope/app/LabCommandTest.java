package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

class LabCommandTest {

    private final StringWriter err = new StringWriter();

    private LabCommand parse(String... args) {
        LabCommand command = new LabCommand();
        CommandLine cli = new CommandLine(command);
        cli.setErr(new PrintWriter(err));
        cli.setParameterExceptionHandler((e, a) -> {
            err.write(e.getMessage());
            return 2;
        });
        int exit = cli.execute(args);
        return exit == 0 ? command : null;
    }

    @Test
    void optionsBecomeSpringProperties() {
        LabCommand c = parse("--port", "0", "--server", "undertow", "--threads", "32", "--virtual-threads",
                "--pool-size", "4",
                "--connection-timeout", "1500", "--open-in-view=false", "--redis-pool", "8", "--tx-work-ms",
                "50", "--access-log",
                "--redis-url", "redis://127.0.0.1:6390", "--db-url", "jdbc:postgresql://127.0.0.1:5433/lab",
                "--spring.jpa.show-sql=true");
        assertThat(c.springArgs()).containsExactlyInAnyOrder("--spring.jpa.show-sql=true", "--server.port=0",
                "--server.address=127.0.0.1",
                "--lab.server=undertow", "--lab.threads=32", "--spring.threads.virtual.enabled=true",
                "--spring.datasource.hikari.maximum-pool-size=4",
                "--spring.datasource.hikari.connection-timeout=1500",
                "--spring.jpa.open-in-view=false",
                "--spring.datasource.url=jdbc:postgresql://127.0.0.1:5433/lab",
                "--spring.data.redis.url=redis://127.0.0.1:6390", "--lab.redis-pool=8",
                "--lab.checkout.tx-work-ms=50",
                "--lab.access-log=true");
    }

    @Test
    void scenarioKnobsBecomeLabProperties() {
        assertThat(parse("--tx-call-ms", "80", "--redis-stall-ms", "200", "--retain-mb", "16").springArgs())
                .contains("--lab.checkout.tx-call-ms=80", "--lab.redis.stall-ms=200",
                        "--lab.heap.retain-mb=16");
    }

    @Test
    void theSlowQueryKnobsBecomeLabProperties() {
        assertThat(parse("--slow-query-rows", "500000", "--slow-query-index").springArgs()).contains(
                "--lab.slow-query.rows=500000", "--lab.slow-query.index=true");
        assertThat(parse().springArgs()).noneMatch(a -> a.startsWith("--lab.slow-query"));
        assertThat(parse("--slow-query-rows", "50000001")).isNull();
        assertThat(err.toString()).contains("--slow-query-rows must be between 0 and 50000000, got 50000001");
    }

    @Test
    void defaultsListenOnLoopback() {
        assertThat(parse().springArgs()).contains("--server.port=8080", "--server.address=127.0.0.1",
                "--lab.server=tomcat");
    }

    @Test
    void badValuesAreOneClearLine() {
        assertThat(parse("--server", "netty")).isNull();
        assertThat(err.toString()).contains("Invalid value for option '--server'").contains("netty");
        assertThat(parse("--threads", "0")).isNull();
        assertThat(err.toString()).contains("--threads must be between 1 and 10000, got 0");
        assertThat(parse("--thread=3")).isNull();
        assertThat(err.toString()).contains("unknown option '--thread=3'");
        assertThat(parse("--db-url", "mysql://x")).isNull();
        assertThat(err.toString()).contains("--db-url must be a jdbc:postgresql: URL");
        assertThat(parse("--redis-stall-ms", "1500")).isNull();
        assertThat(err.toString()).contains("--redis-stall-ms must be between 0 and 1000, got 1500");
        assertThat(parse("--tx-call-ms", "-1")).isNull();
        assertThat(err.toString()).contains("--tx-call-ms must be between 0 and 60000, got -1");
        // More than the JVM's heap could hold: refused before Spring starts, not an OutOfMemoryError after.
        long tooMuch = Runtime.getRuntime().maxMemory() / (1 << 20) + 1;
        assertThat(parse("--retain-mb", String.valueOf(tooMuch))).isNull();
        assertThat(err.toString()).contains("--retain-mb must be between 0 and ")
                .contains(", got " + tooMuch);
    }
}

package dev.poolscope.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

class ReactiveCommandTest {

    private static String[] parse(String... args) {
        ReactiveCommand command = new ReactiveCommand();
        CommandLine cli = new CommandLine(command);
        cli.setErr(new PrintWriter(new StringWriter()));
        assertThat(cli.execute(args)).isZero();
        return command.springArgs();
    }

    private static String refuse(String... args) {
        ReactiveCommand command = new ReactiveCommand();
        CommandLine cli = new CommandLine(command);
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute(args)).isNotZero();
        assertThat(command.springArgs()).isNull();
        return err.toString();
    }

    @Test
    void knobsMapToOneSpringPropertyEach() {
        assertThat(
                parse("--port", "0", "--event-loops", "2", "--pool-size", "3", "--connection-timeout", "500",
                        "--cpu-on", "parallel", "--blocking-calls", "--tx-work-ms", "5", "--slow-query-rows",
                        "500000", "--slow-query-index"))
                .containsExactly(
                        "--server.port=0", "--server.address=127.0.0.1", "--lab.event-loops=2",
                        "--lab.r2dbc.pool-size=3", "--lab.r2dbc.acquire-timeout-ms=500",
                        "--lab.cpu-on=parallel",
                        "--lab.blocking-calls=true", "--lab.checkout.tx-work-ms=5",
                        "--lab.slow-query.rows=500000",
                        "--lab.slow-query.index=true");
    }

    @Test
    void badValuesAreRefusedWithOneLine() {
        assertThat(refuse("--event-loops", "0")).contains("--event-loops must be between 1 and 1024, got 0");
        assertThat(refuse("--cpu-on", "gpu")).contains("--cpu-on");
        assertThat(refuse("--db-url", "mysql://x")).contains("--db-url must be a jdbc:postgresql: URL");
        assertThat(refuse("--nonsense")).contains("unknown option '--nonsense'");
        assertThat(refuse("--slow-query-rows", "-1"))
                .contains("--slow-query-rows must be between 0 and 50000000, got -1");
    }
}

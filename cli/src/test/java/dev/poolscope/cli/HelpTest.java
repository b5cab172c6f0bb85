package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** What --help prints: placeholders the user types stay as written (picocli would fill in ${...} itself). */
class HelpTest {

    private static String help(String... command) {
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertThat(PoolscopeCli.execute(command)).isZero();
        } finally {
            System.setOut(saved);
        }
        // One line per option, as wrapped text would break the sentences apart.
        return out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
    }

    @Test
    void runAndSweepShowThePortAndJavaPlaceholders() {
        for (String command : new String[]{"run", "sweep"}) {
            String text = help(command, "--help");
            assertThat(text).as(command).contains(
                    "--app-cmd=CMD your app instead of the lab app: a command starting with java, with ${port} where"
                            + " the port goes, e.g. 'java -jar my.jar --server.port=${port}' (${java}: the JDK"
                            + " poolscope runs on); the agent is inserted after java",
                    "--ready-url=URL with --app-cmd: ready when this answers 2xx, e.g."
                            + " http://127.0.0.1:${port}/actuator/health (default: ready when the port answers any"
                            + " HTTP request)")
                    .doesNotContain("null");
        }
    }

    /** A plan added to jmeter-plans/plans is named where users look for it. */
    @Test
    void runNamesEveryShippedPlan() throws IOException {
        String text = help("run", "--help");
        try (Stream<Path> plans = Files.list(Path.of("..", "jmeter-plans", "plans"))) {
            List<String> names = plans.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".jmx")).map(n -> n.substring(0, n.length() - ".jmx".length()))
                    .toList();
            assertThat(names).isNotEmpty();
            for (String name : names) {
                assertThat(text).as(name)
                        .containsPattern("--plan=NAME a plan in jmeter-plans/plans \\([^)]*\\b"
                                + Pattern.quote(name) + "\\b");
            }
        }
    }

    @Test
    void checkShowsItsPercentExample() {
        assertThat(help("check", "--help")).contains(
                "--max=FIELD=LIMIT upper bound, e.g. client_p99=800ms, error_rate=0.01, error_rate=1%, pool_wait_p99=50ms"
                        + " (times need ms or s)");
    }
}

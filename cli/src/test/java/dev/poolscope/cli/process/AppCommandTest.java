package dev.poolscope.cli.process;

import dev.poolscope.cli.UserError;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

/** --app-cmd: split without a shell, the port filled in, the agent after java and nowhere else. */
class AppCommandTest {

    private static final List<String> AGENT = List.of("-javaagent:/p/poolscope-agent.jar=out=/r/agent",
            "--enable-native-access=ALL-UNNAMED");

    @Test
    void theAgentGoesRightAfterJavaAndTheSweepsPropertiesAtTheEnd() {
        AppCommand c = new AppCommand("java -Xmx256m -jar 'my app.jar' --server.port=${port}", null, 180);
        assertThat(c.command(41234, "/jdk/bin/java", AGENT, List.of("--server.tomcat.threads.max=50")))
                .containsExactly("java", "-javaagent:/p/poolscope-agent.jar=out=/r/agent",
                        "--enable-native-access=ALL-UNNAMED", "-Xmx256m", "-jar", "my app.jar",
                        "--server.port=41234", "--server.tomcat.threads.max=50");
    }

    @Test
    void javaPlaceholderIsTheJdkPoolscopeRunsOn() {
        AppCommand c = new AppCommand("${java} -cp \"a b\":c\\ d Main --port ${port}", null, 180);
        assertThat(c.command(9, "/jdk/bin/java", List.of(), List.of()))
                .containsExactly("/jdk/bin/java", "-cp", "a b:c d", "Main", "--port", "9");
        assertThat(new AppCommand("/opt/jdk-21/bin/java -jar a.jar --server.port=${port}", null, 1)
                .command(1, "x", AGENT, List.of()).get(1)).startsWith("-javaagent:");
    }

    @Test
    void readyIsAnyAnswerOnThePortUnlessAUrlIsGiven() {
        assertThat(new AppCommand("java -jar a.jar --server.port=${port}", null, 180).readyUri(8123))
                .hasToString("http://127.0.0.1:8123/");
        assertThat(new AppCommand("java -jar a.jar --server.port=${port}",
                "http://127.0.0.1:${port}/actuator/health", 180).readyUri(8123))
                .hasToString("http://127.0.0.1:8123/actuator/health");
    }

    @Test
    void knowsWhatTheCommandSetsItself() {
        AppCommand c = new AppCommand("java -Dspring.profiles.active=x -jar a.jar --server.port=${port}"
                + " --server.tomcat.threads.max=20", null, 180);
        assertThat(c.sets("server.tomcat.threads.max")).isTrue();
        assertThat(c.sets("spring.profiles.active")).isTrue();
        assertThat(c.sets("server.tomcat.accept-count")).isFalse();
    }

    @Test
    void refusesWhatCannotWork() {
        assertThatThrownBy(() -> new AppCommand("./gradlew bootRun", null, 180)).isInstanceOf(UserError.class)
                .hasMessage(
                        "--app-cmd must start with java (or a path to it, or ${java}), not './gradlew': the"
                                + " agent is added to that JVM's options; run your app's jar or classes with java");
        assertThatThrownBy(() -> new AppCommand("java -jar a.jar", null, 180))
                .hasMessageStartingWith("--app-cmd has no ${port}: ");
        assertThatThrownBy(() -> new AppCommand("  ", null, 180))
                .hasMessageStartingWith("--app-cmd is empty");
        assertThatThrownBy(() -> new AppCommand("java -jar 'a.jar --server.port=${port}", null, 180))
                .hasMessage("--app-cmd has an unclosed ' quote");
        assertThatThrownBy(
                () -> new AppCommand("java -jar a.jar --server.port=${port}", "127.0.0.1:${port}", 180))
                .hasMessage("--ready-url must be an http:// URL, got '127.0.0.1:${port}'");
    }
}

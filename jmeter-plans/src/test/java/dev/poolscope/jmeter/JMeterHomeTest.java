package dev.poolscope.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JMeter home ./jmeter builds, and the wrapper's first-use build. */
class JMeterHomeTest {
    private static final String VERSION = System.getProperty("jmeter.version");

    @Test
    void homeIsAGenuineJMeterLayoutWithOurResultSettings() throws Exception {
        Path home = JMeterWrapper.home();
        assertThat(home.resolve("bin/ApacheJMeter.jar")).isNotEmptyFile();
        assertThat(home.resolve("bin/jmeter.properties")).isNotEmptyFile();
        assertThat(home.resolve("bin/saveservice.properties")).isNotEmptyFile();
        assertThat(home.resolve("bin/report-template/index.html.fmkr")).isNotEmptyFile();
        for (String module : List.of("core", "http", "components", "functions")) {
            assertThat(home.resolve("lib/ext/ApacheJMeter_" + module + "-" + VERSION + ".jar"))
                    .isNotEmptyFile();
        }
        assertThat(home.resolve("lib/jorphan-" + VERSION + ".jar")).isNotEmptyFile();
        assertThat(home.resolve("lib/junit")).isDirectory();

        Properties user = new Properties();
        try (var in = Files.newInputStream(home.resolve("bin/user.properties"))) {
            user.load(in);
        }
        assertThat(user).containsEntry("sample_variables", "requestId")
                .containsEntry("jmeter.save.saveservice.output_format", "csv")
                .containsEntry("jmeter.save.saveservice.print_field_names", "true")
                .containsEntry("jmeter.save.saveservice.timestamp_format", "ms")
                .containsEntry("jmeter.save.saveservice.thread_counts", "true")
                .containsEntry("jmeter.save.saveservice.latency", "true")
                .containsEntry("jmeter.save.saveservice.connect_time", "true");
    }

    @Test
    void homePomBuildsTheJMeterVersionTheRootPomPins() throws Exception {
        String pom = Files.readString(JMeterWrapper.MODULE.resolve("home/pom.xml"));
        Matcher m = Pattern.compile("<jmeter.version>([^<]+)</jmeter.version>").matcher(pom);
        assertThat(m.find()).isTrue();
        assertThat(m.group(1)).isEqualTo(VERSION);
    }

    @Test
    void firstRunBuildsTheHomeAndLaterRunsReuseIt(@TempDir Path dir) throws Exception {
        JMeterWrapper.home(); // the dependencies are in the local repository now, as after any first run
        Path home = dir.resolve("home");
        JMeterWrapper.Result first = JMeterWrapper.run(dir, List.of("-v"), 300, home);
        assertThat(first.exitCode()).as(first.output()).isZero();
        assertThat(first.output()).contains("jmeter: first run, building Apache JMeter " + VERSION)
                .contains("jmeter: JMeter home ready")
                .contains(VERSION);
        assertThat(home.resolve(".poolscope-complete")).exists();
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no build leftovers")
                    .containsExactlyInAnyOrder("home", "jmeter.log");
        }

        JMeterWrapper.Result second = JMeterWrapper.run(dir, List.of("-v"), 60, home);
        assertThat(second.exitCode()).as(second.output()).isZero();
        assertThat(second.output()).doesNotContain("building").contains(VERSION);
    }
}

package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.AppCommand;
import dev.poolscope.cli.run.RunSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A sweep's settings: the product of the varied knobs, their folder names, the interleaved schedule. */
class MatrixTest {

    @Test
    void theProductChangesTheFirstKnobSlowest() {
        Matrix m = SweepCommand.matrix(null,
                List.of("server=tomcat,jetty", "virtual-threads=false,true", "vus=100,900"), 1);
        assertThat(m.settings()).extracting(Matrix.Setting::label).containsExactly(
                "server=tomcat virtual-threads=false vus=100", "server=tomcat virtual-threads=false vus=900",
                "server=tomcat virtual-threads=true vus=100", "server=tomcat virtual-threads=true vus=900",
                "server=jetty virtual-threads=false vus=100", "server=jetty virtual-threads=false vus=900",
                "server=jetty virtual-threads=true vus=100", "server=jetty virtual-threads=true vus=900");
    }

    @Test
    void foldersAreNamedByTheirValues() {
        Matrix m = SweepCommand.matrix(List.of("8", "200"),
                List.of("server=jetty", "virtual-threads=true", "vus=900", "prop:path=/api/sleep?ms=3000",
                        "plan=ab-300"),
                1);
        assertThat(m.settings()).extracting(Matrix.Setting::folder).containsExactly(
                "threads-0008_server-jetty_vt-true_vus-0900_path-api-sleep-ms-3000_plan-ab-300",
                "threads-0200_server-jetty_vt-true_vus-0900_path-api-sleep-ms-3000_plan-ab-300");
        assertThat(Knob.folderValue("15000")).isEqualTo("15000");
        assertThat(Knob.folderValue("0")).isEqualTo("0000");
    }

    @Test
    void anAppPropertyReachesTheAppAsASpringArgumentAndNamesItsFolder() {
        Matrix m = SweepCommand.matrix(null, List.of("app:server.tomcat.threads.max=50,200"), 1);
        assertThat(m.settings()).extracting(Matrix.Setting::folder)
                .containsExactly("server.tomcat.threads.max-0050", "server.tomcat.threads.max-0200");
        AppCommand own = new AppCommand("java -jar my.jar --server.port=${port}", null, 180);
        RunSpec base = new RunSpec(List.of(), "/plans/my.jmx", Map.of("users", "20"), 0, false, 10, true,
                null,
                false, true, Path.of("base"), own);
        RunSpec s = m.settings().get(0).apply(base, Path.of("out"));
        assertThat(s.appArgs()).containsExactly("--server.tomcat.threads.max=50");
        assertThat(s.appCommand()).isSameAs(own);
        assertThat(s.plan()).isEqualTo("/plans/my.jmx");
        assertThat(own.command(8080, "java", List.of(), s.appArgs())).containsExactly("java", "-jar",
                "my.jar",
                "--server.port=8080", "--server.tomcat.threads.max=50");
        SweepCommand.checkOwnApp(m, own);
    }

    @Test
    void withYourOwnAppTheLabAppsOptionsAndFixedPropertiesCannotBeVaried() {
        AppCommand own = new AppCommand(
                "java -jar my.jar --server.port=${port} --server.tomcat.threads.max=20",
                null, 180);
        assertThatThrownBy(
                () -> SweepCommand.checkOwnApp(SweepCommand.matrix(List.of("8", "16"), List.of(), 1),
                        own))
                .isInstanceOf(UserError.class)
                .hasMessage("--vary threads is an option of the lab app; for your app vary its property, e.g."
                        + " --vary app:server.tomcat.threads.max=50,200");
        assertThatThrownBy(() -> SweepCommand.checkOwnApp(
                SweepCommand.matrix(null, List.of("app:server.tomcat.threads.max=50,200"), 1), own))
                .hasMessage(
                        "--app-cmd sets server.tomcat.threads.max and --vary app:server.tomcat.threads.max"
                                + " varies it: drop one");
        assertThatThrownBy(() -> Knob.parse("app:")).hasMessageStartingWith("unknown knob 'app:'");
        assertThatThrownBy(() -> Knob.parse("app:a b")).hasMessageStartingWith("unknown knob 'app:a b'");
    }

    @Test
    void withoutAnythingVariedTheThreadCountsOfSeed000Run() {
        assertThat(SweepCommand.matrix(null, List.of(), 1).settings()).extracting(Matrix.Setting::folder)
                .containsExactly("threads-0008", "threads-0016", "threads-0200");
    }

    @Test
    void repeatsInterleave() {
        Matrix m = SweepCommand.matrix(null, List.of("server=tomcat,jetty,undertow"), 2);
        assertThat(m.schedule()).extracting(Matrix.Planned::folder).containsExactly("server-tomcat_rep-1",
                "server-jetty_rep-1", "server-undertow_rep-1", "server-tomcat_rep-2", "server-jetty_rep-2",
                "server-undertow_rep-2");
        assertThat(m.schedule()).extracting(Matrix.Planned::repeat).containsExactly(1, 1, 1, 2, 2, 2);
    }

    @Test
    void aSettingReplacesAppOptionsThePlanAndItsProperties() {
        RunSpec base = new RunSpec(List.of("--server=tomcat", "--pool-size=10"), "vu500",
                Map.of("vus", "500", "thinktime", "5"), 5, false, 60, true, null, false, true, Path.of("x"));
        Matrix m = SweepCommand.matrix(List.of("16"),
                List.of("server=undertow", "plan=greetings", "vus=300", "prop:path=/api/sleep?ms=1000"), 1);
        RunSpec s = m.settings().getFirst().apply(base, Path.of("out"));
        assertThat(s.appArgs()).containsExactly("--pool-size=10", "--threads=16", "--server=undertow");
        assertThat(s.plan()).isEqualTo("greetings");
        assertThat(s.jmeterProps()).containsEntry("vus", "300").containsEntry("thinktime", "5")
                .containsEntry("path", "/api/sleep?ms=1000");
        assertThat(s.out()).isEqualTo(Path.of("out"));
        assertThat(s.durationSeconds()).isEqualTo(60);
    }

    @Test
    void eachStackGetsOnlyTheOptionsItsAppTakes() {
        RunSpec base = new RunSpec(
                List.of("--server=jetty", "--threads=64", "--pool-size=4", "--event-loops=2"),
                "vu500", Map.of(), 5, false, 20, true, null, false, true, Path.of("x"));
        Matrix m = SweepCommand.matrix(null, List.of("stack=servlet,reactive"), 1);
        List<Matrix.Setting> settings = m.settings();
        assertThat(settings.get(0).apply(base, Path.of("a")).appArgs()).containsExactly("--server=jetty",
                "--threads=64", "--pool-size=4", "--stack=servlet");
        assertThat(settings.get(1).apply(base, Path.of("b")).appArgs()).containsExactly("--pool-size=4",
                "--event-loops=2", "--stack=reactive");
        assertThat(Stacks.dropped(base.appArgs(), List.of("servlet", "reactive"))).containsExactly(
                "--server=jetty (not for stack=reactive)", "--threads=64 (not for stack=reactive)",
                "--event-loops=2 (not for stack=servlet)");
    }

    @Test
    void varyingAKnobTheStackDoesNotTakeIsRefused() {
        RunSpec base = new RunSpec(List.of(), "vu500", Map.of(), 5, false, 20, true, null, false, true,
                Path.of("x"));
        Matrix m = SweepCommand.matrix(List.of("8", "200"), List.of("stack=servlet,reactive"), 1);
        assertThat(m.settings().get(0).apply(base, Path.of("a")).appArgs()).containsExactly("--threads=8",
                "--stack=servlet");
        assertThatThrownBy(() -> m.settings().get(1).apply(base, Path.of("b"))).isInstanceOf(UserError.class)
                .hasMessage(
                        "--vary threads does not apply to stack=reactive: the reactive app has event loops,"
                                + " not worker threads or servers (vary event-loops, pool-size, cpu-on or"
                                + " blocking-calls); put the stacks in separate sweeps or cases");
        Matrix loops = SweepCommand.matrix(null, List.of("event-loops=1,2"), 1);
        assertThatThrownBy(() -> loops.settings().getFirst().apply(base, Path.of("c")))
                .isInstanceOf(UserError.class).hasMessageStartingWith(
                        "--vary event-loops does not apply to stack=servlet: event-loops, cpu-on and"
                                + " blocking-calls are the reactive app's");
        assertThatThrownBy(() -> SweepCommand.matrix(null, List.of("stack=servlet,webflux"), 1).settings()
                .get(1).apply(base, Path.of("d"))).isInstanceOf(UserError.class)
                .hasMessage("stack must be servlet or reactive, got 'webflux'");
    }

    @Test
    void settingsThatWouldShareAFolderAreRefused() {
        assertThatThrownBy(() -> SweepCommand.matrix(null, List.of("prop:path=/a/b,/a-b"), 1).settings())
                .isInstanceOf(UserError.class).hasMessage("two settings would share the folder path-a-b"
                        + " (prop:path=/a/b and prop:path=/a-b): make the values differ in letters or digits");
    }

    @Test
    void badKnobsAndValuesAreNamed() {
        assertThatThrownBy(() -> Matrix.parse("threads"))
                .hasMessage("--vary expects KNOB=V1,V2,..., got 'threads'");
        assertThatThrownBy(() -> Matrix.parse("vus=0"))
                .hasMessage("--vary vus: 0 is out of range (at least 1)");
        assertThatThrownBy(() -> Matrix.parse("prop:=1")).hasMessageStartingWith("unknown knob 'prop:'");
        assertThatThrownBy(() -> SweepCommand.matrix(null, List.of("vus=1,2", "vus=3"), 1))
                .hasMessage("--vary vus is given twice");
    }
}

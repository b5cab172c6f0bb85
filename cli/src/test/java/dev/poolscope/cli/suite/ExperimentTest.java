package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.run.RunSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiment files of the checkout: their matrices, cases, caps and the seeds' published tables. */
class ExperimentTest {
    static final Path DIR = Path.of("..", "experiments");

    static Experiment named(String name) throws Exception {
        return Experiment.read(DIR.resolve(name + ".properties"));
    }

    @Test
    void everySeedHasAnExperiment() throws Exception {
        assertThat(Experiment.all(DIR)).extracting(Experiment::name).containsExactly("seed-001", "seed-002",
                "seed-003", "seed-004");
        for (Experiment e : Experiment.all(DIR)) {
            assertThat(ExperimentCommand.minutes(e, true)).as(e.name() + " --quick").isLessThanOrEqualTo(10);
            assertThat(e.tables()).as(e.name()).isNotEmpty();
            assertThat(e.source()).as(e.name()).isNotBlank();
        }
    }

    @Test
    void seed003sTablesAreThePublishedOnes() throws Exception {
        Experiment e = named("seed-003");
        Experiment.SeedTable mean = e.tables().getFirst();
        assertThat(mean.figure()).isEqualTo("client_ms.mean");
        assertThat(mean.unit()).isEqualTo("s");
        assertThat(mean.columns()).extracting(Experiment.Column::label).containsExactly("100", "300", "900",
                "2700");
        assertThat(mean.columns().get(3).setting()).isEqualTo(Map.of("vus", "2700"));
        assertThat(mean.rows()).extracting(Experiment.Row::label).containsExactly("Tomcat", "Jetty",
                "Undertow",
                "Tomcat-VT", "Jetty-VT", "Undertow-VT");
        assertThat(mean.rows().getFirst().setting()).containsExactly(Map.entry("server", "tomcat"),
                Map.entry("virtual-threads", "false"));
        assertThat(mean.rows().getFirst().values()).containsExactly(1.40, 2.21, 5.26, 14.40);
        assertThat(mean.rows().get(5).values()).containsExactly(1.33, 1.42, 2.13, 4.26);
        Experiment.SeedTable startup = e.tables().get(1);
        assertThat(startup.figure()).isEqualTo("startup_ms");
        assertThat(startup.columns()).containsExactly(new Experiment.Column("", Map.of()));
        assertThat(startup.rows()).extracting(r -> r.values().getFirst()).containsExactly(2.83, 2.75, 2.99,
                2.99,
                3.05, 2.98);
    }

    @Test
    void seed001RowsCarryTheirOwnFigures() throws Exception {
        Experiment.SeedTable t = named("seed-001").tables().getFirst();
        assertThat(t.rows()).extracting(Experiment.Row::figure).containsExactly("idle_heap_used_bytes",
                "idle_classes_loaded", "idle_live_threads", "throughput_rps", "client_ms.mean");
        assertThat(t.rows().getFirst().label()).isEqualTo("jvm.memory.used (MB)");
        assertThat(t.rows().getFirst().unit()).isEqualTo("MB");
        assertThat(t.rows().get(3).values()).containsExactly(1542.0, 1627.0, 1650.0);
        assertThat(t.rows().get(4).values()).containsExactly(6.483, 6.148, 6.059);
    }

    @Test
    void seed002RunsEveryCaseOnBothStacks() throws Exception {
        Experiment e = named("seed-002");
        Experiment.SeedTable t = e.tables().getFirst();
        assertThat(t.rows()).hasSize(6);
        assertThat(t.rows().get(3).values()).containsExactly(4.06, 661.13);
        assertThat(t.unavailable()).isEmpty();
        Matrix m = e.matrix(true, 1);
        assertThat(m.knobNames()).containsExactly("case", "stack");
        assertThat(m.settings()).hasSize(12);
        assertThat(m.settings().get(1).folder()).isEqualTo("case-ping-10_stack-reactive");
    }

    @Test
    void theQuickFormOfSeed003IsAtLeastTwoByTwoByTwo() throws Exception {
        Matrix m = named("seed-003").matrix(true, 1);
        assertThat(m.knobNames()).containsExactly("server", "virtual-threads", "vus");
        assertThat(m.settings()).hasSize(8);
        assertThat(m.settings().getFirst().folder()).isEqualTo("server-tomcat_vt-false_vus-0100");
        assertThat(named("seed-003").matrix(false, 1).settings()).hasSize(24);
    }

    @Test
    void casesExpandAndCapsShrinkUsersAndRequestsAlike() throws Exception {
        Experiment e = named("seed-004");
        ExperimentCommand quick = new ExperimentCommand();
        quick.quick = true;
        Matrix m = e.matrix(true, 1);
        RunSpec base = new RunSpec(e.app(), e.plan(), e.props(), 3, false, 60, true, null, false, true,
                Path.of("x"));
        Matrix.Setting ping = m.settings().get(3);
        assertThat(ping.folder()).isEqualTo("case-ping-200t");
        List<String> changes = new ArrayList<>();
        RunSpec s = quick.spec(e, new Matrix.Planned(ping, 1, ping.folder()), base, Path.of("out"), changes);
        assertThat(s.appArgs()).containsExactly("--server=tomcat", "--threads=200");
        assertThat(s.jmeterProps()).containsEntry("vus", "1000").containsEntry("requests", "1000")
                .containsEntry("path", "/api/ping");
        assertThat(changes).containsExactly(
                "vus 15000 ran as 1000, requests 15000 as 1000 (cap 1000 in the quick form)");
        Matrix.Setting one = m.settings().getFirst();
        changes.clear();
        RunSpec t = quick.spec(e, new Matrix.Planned(one, 1, one.folder()), base, Path.of("out"), changes);
        assertThat(t.jmeterProps()).containsEntry("vus", "10").containsEntry("requests", "10");
        assertThat(changes).isEmpty();
        ExperimentCommand scaled = new ExperimentCommand();
        scaled.scale = 0.5;
        changes.clear();
        RunSpec u = scaled.spec(e, new Matrix.Planned(m.settings().get(1), 1, "x"), base, Path.of("out"),
                changes);
        assertThat(u.jmeterProps()).containsEntry("vus", "500").containsEntry("requests", "500");
        assertThat(changes).containsExactly("vus 1000 ran as 500, requests 1000 as 500 (--scale 0.5)");
    }

    @Test
    void aBrokenFileIsNamedInOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.properties");
        Files.writeString(f,
                "title = t\nseed = 9\nsource = s\nplan = greetings\nvary = vus=1,2\nduration = 5s\n"
                        + "table.1.title = t\ntable.1.columns = vus=1 | vus=2\ntable.1.row.1 = label=a | 1\n");
        assertThatThrownBy(() -> Experiment.read(f)).isInstanceOf(UserError.class)
                .hasMessage(f + ": table.1.row 'label=a | 1' has 1 values for 2 columns");
        Files.writeString(f,
                "title = t\nseed = 9\nsource = s\nplan = greetings\nvary = case=nope\nduration = 5s\n");
        assertThatThrownBy(() -> Experiment.read(f))
                .hasMessage("x: case 'nope' is not defined (case.nope = ...)");
        Files.writeString(f,
                "title = t\nseed = 9\nsource = s\nplan = greetings\nvary = vus=1\nduration = 5s\ncolour = red\n");
        assertThatThrownBy(() -> Experiment.read(f)).hasMessage(f
                + ": unknown key 'colour' (known: app, cap.vus, cap.why,"
                + " cols, duration, explain, plan, props, quick.cap.vus, quick.duration, quick.props, quick.vary,"
                + " quick.warmup, quick.why, rows, seed, seed.setup, source, title, vary, warmup, case.NAME,"
                + " quick.case.NAME, note.N, table.N.*)");
        assertThat(Arrays.asList(Files.readString(f).split("\n"))).contains("colour = red");
    }
}

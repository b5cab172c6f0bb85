package dev.poolscope.analysis.cli;

import static dev.poolscope.analysis.cli.BadInputTest.assertOneLineError;
import static dev.poolscope.analysis.cli.BadInputTest.cli;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.fixtures.SyntheticRun;

/** {@code export} on bad input: one line and a non-zero exit; what the run has is still exported. */
class ExportBadInputTest {
    @TempDir
    Path dir;

    @Test
    void noSuchRun() {
        assertOneLineError(cli("export", dir.resolve("nope").toString(), "--format", "pprof"),
                "does not exist");
    }

    @Test
    void unknownFormatOrKindIsBadUsage() {
        BadInputTest.Ran format = cli("export", dir.toString(), "--format", "flamegraph");
        assertThat(format.code()).isEqualTo(2);
        assertThat(format.err().strip()).isEqualTo(
                "poolscope-analysis: --format must be pprof, otlp, speedscope or collapsed, got 'flamegraph'");
        BadInputTest.Ran kind = cli("export", dir.toString(), "--format", "pprof", "--kind", "heap");
        assertThat(kind.code()).isEqualTo(2);
        assertThat(kind.err().strip())
                .isEqualTo("poolscope-analysis: --kind must be cpu, wall, gaps or lock, got 'heap'");
        BadInputTest.Ran analyze = cli("analyze", dir.toString(), "--export", "pprof,jpeg");
        assertThat(analyze.code()).isEqualTo(2);
        assertThat(analyze.err().strip()).isEqualTo(
                "poolscope-analysis: --export takes pprof, otlp, speedscope or collapsed, got 'jpeg'");
    }

    @Test
    void withoutAsyncProfilerNoCpuButTheJdksLockWaits() throws Exception {
        Path run = new SyntheticRun().write(dir.resolve("run")).runDir();
        assertOneLineError(cli("export", run.toString(), "--format", "pprof", "--kind", "cpu"),
                "agent/async-profiler.jfr is missing (async-profiler was off or did not load): no cpu profile");
        BadInputTest.Ran lock = cli("export", run.toString(), "--format", "speedscope", "--kind", "lock",
                "--out",
                dir.resolve("lock.json").toString());
        assertThat(lock.code()).as(lock.err()).isZero();
        assertThat(lock.out().strip()).startsWith("wrote " + dir.resolve("lock.json") + " (")
                .endsWith(" inside a request)");
        assertThat(dir.resolve("lock.json")).isRegularFile();
    }
}

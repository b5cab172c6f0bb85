package dev.poolscope.cli.bench;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.AppProcess;
import dev.poolscope.cli.process.Layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OverheadBenchTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,success,requestId\n";

    @TempDir
    Path dir;

    @Test
    void measuresOnlyTheWindowAfterTheSettlingLoad() throws Exception {
        // 10 s of load from t=100000: 1 request/s while settling (first 4 s), then 10/s for 6 s.
        StringBuilder jtl = new StringBuilder(HEADER);
        for (int s = 0; s < 4; s++) {
            jtl.append(row(100_000 + s * 1000, 500));
        }
        for (int s = 4; s < 10; s++) {
            for (int i = 0; i < 10; i++) {
                jtl.append(row(100_000 + s * 1000 + i * 100, i == 9 ? 40 : 20));
            }
        }
        Path run = runDir("r", jtl.toString(),
                // CPU readings once a second: 50 ms of CPU a second while settling, 100 ms after.
                "[[100000,0],[104000,200],[105000,300],[110000,900]]");

        long[] window = new long[2];
        OverheadSample s = OverheadSample.measure("jfr", 2, run, 4, 6, (from, to) -> {
            window[0] = from;
            window[1] = to;
            return 0.05;
        });

        assertThat(s.throughput()).isEqualTo(10.0);
        assertThat(s.p99Ms()).isEqualTo(40);
        // 700 ms of CPU over 60 requests.
        assertThat(s.cpuMsPerRequest()).isCloseTo(700.0 / 60, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.drift()).isEqualTo(1.0);
        assertThat(s.heapAfterGcBytes()).isEqualTo(5e7);
        assertThat(s.agentCpuShare()).isEqualTo(0.05);
        assertThat(window).as("the agent's share is read over the same window").containsExactly(104_000,
                110_000);
    }

    @Test
    void theAgentsShareIsReadFromTheAnalysisLine() throws Exception {
        assertThat(OverheadSample
                .parseShare("{\"cpu_samples\":1200,\"agent_share\":0.0931,\"share_by_part\":{}}"))
                .isEqualTo(0.0931);
        assertThat(OverheadSample.parseShare("null")).isNaN();
        assertThat(OverheadSample.agentCpuShare(null, dir.resolve("no-agent"), 0, 1)).as("no async-profiler")
                .isNaN();
    }

    @Test
    void interpolatesTheCpuReadings() throws Exception {
        List<long[]> readings = List.of(new long[]{1000, 10}, new long[]{2000, 30});
        assertThat(OverheadSample.cpuAt(readings, 1500)).isEqualTo(20.0);
        assertThat(OverheadSample.cpuAt(readings, 500)).isEqualTo(10.0);
        assertThat(OverheadSample.cpuAt(readings, 9000)).isEqualTo(30.0);
    }

    @Test
    void printsRatiosAgainstNoAgentInTheSameRoundAndWarnsWhenARunWasNotSteady() {
        List<OverheadMode> modes = List.of(OverheadMode.NONE,
                new OverheadMode("jfr", true, "asprof=false", List.of()));
        List<OverheadSample> samples = List.of(
                new OverheadSample("none", 1, 1000, 100, 0.5, 1.0, 0, 40e6, Double.NaN),
                new OverheadSample("jfr", 1, 990, 104, 0.51, 1.0, 0, 43e6, 0.031),
                new OverheadSample("jfr", 2, 500, 50, 0.25, 1.2, 3, 45e6, 0.045),
                new OverheadSample("none", 2, 400, 50, 0.25, 1.0, 0, 40e6, Double.NaN));

        String table = OverheadTable.of(modes, samples);

        assertThat(table).contains(
                "none            700.0      75    1.000 [1.000-1.000]    1.000 [1.000-1.000]      0.375    1.000 [1.000-1.000]       40.0         -\n",
                "jfr             745.0      77    1.120 [0.990-1.250]    1.020 [1.000-1.040]      0.380    1.010 [1.000-1.020]       44.0      3.8%\n",
                "WARNING: not steady: throughput moved more than 5% between the halves of the measured window in"
                        + " [round 2 jfr (x1.20)]; a longer --settle may help",
                "WARNING: 3 failed requests in the measured windows");
    }

    @Test
    void agentModesComeFromTheCommandLine() {
        assertThat(OverheadMode.parse("wall50=wall=50ms;asprof=true"))
                .isEqualTo(new OverheadMode("wall50", true, "console=false,wall=50ms,asprof=true",
                        List.of()));
        assertThat(OverheadMode.parse("plain"))
                .isEqualTo(new OverheadMode("plain", true, "console=false", List.of()));
        assertThatThrownBy(() -> OverheadMode.parse("none=asprof=false")).isInstanceOf(UserError.class)
                .hasMessageContaining("not 'none'");
        assertThatThrownBy(() -> OverheadMode.parse("a b=x")).isInstanceOf(UserError.class);
    }

    @Test
    void jvmModesRunWithoutTheAgentAndWithTheirOptions() {
        assertThat(OverheadMode.parseJvm("jdkjfr=-XX:StartFlightRecording=settings=default  -Xss1m"))
                .isEqualTo(new OverheadMode("jdkjfr", false, null,
                        List.of("-XX:StartFlightRecording=settings=default", "-Xss1m")));
        assertThatThrownBy(() -> OverheadMode.parseJvm("jdkjfr")).isInstanceOf(UserError.class)
                .hasMessage(
                        "--jvm-mode 'jdkjfr': no JVM options after 'jdkjfr=' (the app without options is the"
                                + " mode 'none', always run)");
        assertThatThrownBy(() -> OverheadMode.parseJvm("none=-Xss1m")).isInstanceOf(UserError.class)
                .hasMessageStartingWith("--jvm-mode 'none=-Xss1m': want NAME=JVM_OPTIONS");

        assertThat(OverheadMode.all(null, List.of("jdkjfr=-Xss1m")))
                .extracting(OverheadMode::name).containsExactly("none", "jfr", "full", "jdkjfr");
        assertThat(OverheadMode.all(List.of("jfr0=asprof=false;requestClock=0"), List.of("jdkjfr=-Xss1m")))
                .extracting(OverheadMode::name).containsExactly("none", "jfr0", "jdkjfr");
        assertThatThrownBy(() -> OverheadMode.all(List.of("x=asprof=false"), List.of("x=-Xss1m")))
                .isInstanceOf(UserError.class).hasMessage("mode x is given twice");
    }

    /** The options reach the app's JVM: its command line, as the operating system has it. */
    @Test
    void aJvmModesOptionsAreOnTheAppsCommandLine() throws Exception {
        try (AppProcess app = AppProcess.start(Layout.detect(), List.of(),
                List.of("-Dpoolscope.bench.probe=yes"),
                null, null, dir.resolve("app.log"))) {
            List<String> args = List.of(ProcessHandle.of(app.pid()).orElseThrow().info().arguments()
                    .orElseThrow());
            assertThat(args).contains("-Dpoolscope.bench.probe=yes");
            assertThat(args.indexOf("-Dpoolscope.bench.probe=yes")).isLessThan(args.indexOf("-jar"));
        }
    }

    private static String row(long start, long elapsed) {
        return start + "," + elapsed + ",GET /api/ping,200,true,id-" + start + "\n";
    }

    private Path runDir(String name, String jtl, String cpu) throws IOException {
        Path run = dir.resolve(name);
        Files.createDirectories(run.resolve("jmeter"));
        Files.writeString(run.resolve("jmeter/results.jtl"), jtl);
        Files.writeString(run.resolve("run.json"),
                "{\"appCpuDuringLoad\":" + cpu + ",\"memory\":{\"heapUsedAfterGcBytes\":50000000}}");
        return run;
    }
}

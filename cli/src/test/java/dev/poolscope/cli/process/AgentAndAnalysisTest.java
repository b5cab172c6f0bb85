package dev.poolscope.cli.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.format.launch.AnalysisJvm;

/** The one place each is built: the agent's options and the analysis' command line. */
class AgentAndAnalysisTest {

    @TempDir
    Path home;

    @Test
    void theAgentsOptionsStartWithItsFolderAndEndWithTheUsers() throws Exception {
        Path dir = home.resolve("run/agent");
        assertThat(Agent.options(dir, null)).isEqualTo("out=" + dir);
        assertThat(Agent.options(dir, " ", "stopAfter=126s")).isEqualTo("out=" + dir + ",stopAfter=126s");
        assertThat(Agent.options(dir, "asprof=false", "stopAfter=126s"))
                .isEqualTo("out=" + dir + ",stopAfter=126s,asprof=false");
        Layout layout = checkout();
        assertThat(Agent.jvmOptions(layout, dir, "requestClock=0")).containsExactly(
                "-javaagent:" + layout.agentJar() + "=out=" + dir + ",requestClock=0",
                "--enable-native-access=ALL-UNNAMED");
        assertThat(dir).isDirectory();
    }

    @Test
    void theAnalysisRunsOnPoolscopesJdkWithItsHeap() throws Exception {
        assertThat(Analysis.heap(null)).isEqualTo("-Xmx512m");
        assertThat(Analysis.heap(" ")).isEqualTo("-Xmx512m");
        assertThat(Analysis.heap(" 2g ")).isEqualTo("-Xmx2g");
        Layout layout = checkout();
        Analysis analysis = new Analysis(layout);
        assertThat(analysis.command(List.of("analyze", "/r"))).containsExactly(Java.bin(), Analysis.heap(),
                AnalysisJvm.C1_ONLY, "-jar", layout.analysisJar().toString(), "analyze", "/r");
        assertThat(analysis.tool("one.convert.Main", List.of("--wall"))).containsExactly(Java.bin(),
                Analysis.heap(), "-cp", layout.analysisJar().toString(), "one.convert.Main", "--wall");
        assertThat(Path.of(Java.bin())).isExecutable();
        assertThat(Java.tool("jcmd")).isExecutable();
    }

    /** The script starts analyze, compare and export itself: with the same option as every other analysis. */
    @Test
    void theScriptStartsTheAnalysisWithTheSameJit() throws Exception {
        String script = Files.readString(Path.of("../poolscope"));
        assertThat(script).contains("-Xmx${POOLSCOPE_ANALYSIS_XMX:-512m}\" " + AnalysisJvm.C1_ONLY + " -jar");
    }

    /** A checkout whose jars are where a build puts them (empty: only their paths are used here). */
    private Layout checkout() throws Exception {
        Layout layout = new Layout(home);
        for (Path jar : List.of(layout.agentJar(), layout.analysisJar())) {
            Files.createDirectories(jar.getParent());
            Files.createFile(jar);
        }
        return layout;
    }
}

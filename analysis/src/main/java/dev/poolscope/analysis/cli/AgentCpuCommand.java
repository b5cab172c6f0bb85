package dev.poolscope.analysis.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.flame.AgentCpuReader;
import dev.poolscope.analysis.report.AgentCpuJson;
import dev.poolscope.format.folder.RunFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The agent's share of the app's CPU between two instants, as one JSON line: what the overhead bench reads for each
 * of its runs' windows (the report's section 10 covers the run's whole measured window).
 */
@Command(name = "agent-cpu", mixinStandardHelpOptions = true, description = "Print, as one JSON line, the agent's share of the app's CPU samples in RUN_DIR/"
        + RunFolder.ASYNC_PROFILER_PATH + " between two epoch milliseconds.")
final class AgentCpuCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "a run folder with "
            + RunFolder.ASYNC_PROFILER_PATH)
    Path runDir;

    @Option(names = "--from-ms", required = true, description = "window start, epoch milliseconds")
    long fromMs;

    @Option(names = "--to-ms", required = true, description = "window end (excluded), epoch milliseconds")
    long toMs;

    @Override
    public Integer call() throws Exception {
        Path jfr = runDir.resolve(RunFolder.ASYNC_PROFILER_PATH);
        if (toMs <= fromMs) {
            spec.commandLine().getErr().println("poolscope-analysis: --to-ms must be after --from-ms");
            return 2;
        }
        if (!Files.isRegularFile(jfr)) {
            spec.commandLine().getErr().println("poolscope-analysis: no such file: " + jfr);
            return AnalysisCli.FAILED;
        }
        long from = nanos(fromMs);
        long to = nanos(toMs);
        AgentCpuReader.AgentCpu cpu = new AgentCpuReader().read(jfr, t -> t >= from && t < to);
        spec.commandLine().getOut().println(new ObjectMapper().writeValueAsString(AgentCpuJson.of(cpu)));
        return 0;
    }

    /** Epoch milliseconds as nanoseconds, held at the ends of a long (a far end means "from the start", "to the end"). */
    static long nanos(long ms) {
        long limit = Long.MAX_VALUE / 1_000_000L;
        return ms >= limit ? Long.MAX_VALUE : ms <= -limit ? Long.MIN_VALUE : ms * 1_000_000L;
    }
}

package dev.poolscope.cli.bench;

import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Layout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.run.RunJson;
import dev.poolscope.format.summary.AgentCpu;
import dev.poolscope.jmeter.JtlSummary;

/**
 * One run's numbers over its measured window, read from its .jtl and run.json.
 *
 * <p>
 * {@code agentCpuShare}: the agent's share of the app's CPU in the window, from async-profiler's CPU samples (the
 * report's section 10); NaN without async-profiler.
 */
record OverheadSample(String mode, int round, double throughput, double p99Ms, double cpuMsPerRequest,
        double drift, long errors, double heapAfterGcBytes, double agentCpuShare) {

    /** A figure of a run over a window in epoch milliseconds. */
    interface Window {
        double applyAsDouble(long fromMs, long toMs) throws Exception;
    }

    /**
     * The measured window starts {@code settleS} after the first sample of the load and lasts
     * {@code measureS}; samples count by their start.
     */
    static OverheadSample measure(String mode, int round, Path runDir, int settleS, int measureS,
            Window agentShare)
            throws Exception {
        Path jtl = runDir.resolve(RunFolder.RESULTS_JTL_PATH);
        long first = JtlSummary.read(jtl).firstStartMs();
        long from = first + settleS * 1000L;
        long to = from + measureS * 1000L;
        JtlSummary window = JtlSummary.read(jtl, from, to);
        long mid = from + (to - from) / 2;
        double firstHalf = JtlSummary.read(jtl, from, mid).samples();
        double secondHalf = window.samples() - firstHalf;
        RunJson run = new ObjectMapper().readValue(runDir.resolve(RunFolder.RUN_JSON).toFile(),
                RunJson.class);
        Long heap = run.memory() == null ? null : run.memory().heapUsedAfterGcBytes();
        List<long[]> readings = run.appCpuDuringLoad() == null ? List.of() : run.appCpuDuringLoad();
        double cpuMs = cpuAt(readings, to) - cpuAt(readings, from);
        return new OverheadSample(mode, round, window.samples() * 1000.0 / (to - from), window.p99Ms(),
                window.samples() == 0 ? Double.NaN : cpuMs / window.samples(),
                firstHalf == 0 ? Double.NaN : secondHalf / firstHalf, window.errors(),
                heap != null ? heap.doubleValue() : Double.NaN, agentShare.applyAsDouble(from, to));
    }

    /**
     * The agent's share of the app's CPU samples between the epoch milliseconds, from the analysis' {@code agent-cpu}
     * (a process, as every use of the analysis here); NaN without async-profiler or samples.
     */
    static double agentCpuShare(Layout layout, Path runDir, long fromMs, long toMs) throws Exception {
        if (!Files.isRegularFile(runDir.resolve(RunFolder.ASYNC_PROFILER_PATH))) {
            return Double.NaN;
        }
        Path out = runDir.resolve("agent-cpu.json");
        int exit = new Analysis(layout).run(List.of("agent-cpu", runDir.toString(), "--from-ms",
                Long.toString(fromMs), "--to-ms", Long.toString(toMs)), out);
        if (exit != 0) {
            System.err.println("[bench] the agent's CPU share of " + runDir.getFileName()
                    + " could not be read (above); the column shows '-' for it");
            return Double.NaN;
        }
        return parseShare(Files.readString(out));
    }

    /** {@code agent_share} of the analysis' {@code agent-cpu} line; NaN for {@code null} (no samples). */
    static double parseShare(String json) throws java.io.IOException {
        AgentCpu cpu = new ObjectMapper().readValue(json, AgentCpu.class);
        return cpu == null || cpu.agentShare() == null ? Double.NaN : cpu.agentShare();
    }

    /** The app's CPU ms at {@code t}, interpolated between the once-a-second readings. */
    static double cpuAt(List<long[]> readings, long t) {
        double prevT = Double.NaN, prevCpu = Double.NaN;
        for (long[] r : readings) {
            double rt = r[0], cpu = r[1];
            if (rt >= t) {
                return Double.isNaN(prevT) || rt == prevT
                        ? cpu
                        : prevCpu + (cpu - prevCpu) * (t - prevT) / (rt - prevT);
            }
            prevT = rt;
            prevCpu = cpu;
        }
        return prevCpu;
    }
}

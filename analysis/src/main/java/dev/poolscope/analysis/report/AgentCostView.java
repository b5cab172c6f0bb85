package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.flame.AgentCpuReader.AgentCpu;
import dev.poolscope.analysis.flame.AgentCpuReader.Part;

/** View 9: what recording cost the app, read off async-profiler's CPU samples of the measured window. */
final class AgentCostView {
    public record Model(String sentence, Table parts, String advice) {
    }

    /** {@code why} says why there is nothing to show when {@code cpu} is null. */
    Model build(AgentCpu cpu, String why) {
        if (cpu == null || cpu.samples() == 0) {
            return new Model(why != null
                    ? why
                    : "async-profiler took no CPU samples of the app in the measured window: the agent's own cost is"
                            + " not known for this run.",
                    null, null);
        }
        List<List<String>> rows = new ArrayList<>();
        for (Part p : Part.values()) {
            rows.add(List.of(label(p), p.agent() ? "agent" : "app", Fmt.pct(100 * cpu.share(p)),
                    Long.toString(cpu.count(p))));
        }
        String sentence = "The agent's own work was " + Fmt.pct(100 * cpu.agentShare())
                + " of the app's CPU in"
                + " the measured window: of " + cpu.samples()
                + " CPU samples by async-profiler, a sample counts"
                + " once, in the first part of the table whose thread or frames it holds. Time the kernel spends"
                + " delivering the profiler's own signals is not sampled, so this is a lower bound.";
        String advice = "Where the machine's CPU is saturated, that share comes out of the app's throughput and"
                + " latency; --agent-options wallInterval=100ms (fewer wall-clock samples) or asprof=false (JFR"
                + " alone) record at a lower cost (docs/lab/overhead.md has the measurements).";
        return new Model(sentence,
                new Table(List.of("part", "whose", "share of CPU samples", "samples"), rows),
                advice);
    }

    static String label(Part p) {
        return switch (p) {
            case AGENT_THREADS -> "the agent's and JFR's own threads";
            case ASYNC_PROFILER -> "async-profiler on the app's threads (its signal handlers)";
            case THREAD_CLOCK -> "the per-request thread clock";
            case WALL_FILTER -> "the wall filter's calls";
            case JFR_COMMITS -> "JFR event commits on the app's threads";
            case OTHER_HOOKS -> "the rest of the agent's hooks";
            case JIT -> "JIT compiler threads";
            case GC -> "GC threads";
            case HOST -> "the app itself";
        };
    }
}

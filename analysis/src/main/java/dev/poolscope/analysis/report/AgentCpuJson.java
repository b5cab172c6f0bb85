package dev.poolscope.analysis.report;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.poolscope.analysis.flame.AgentCpuReader.AgentCpu;
import dev.poolscope.analysis.flame.AgentCpuReader.Part;

/** summary.json's {@code agent_cpu}: the agent's share of the app's CPU samples, by part; null when unknown. */
public final class AgentCpuJson {
    private AgentCpuJson() {
    }

    /** The {@code agent_cpu} value: null without samples. */
    public static dev.poolscope.format.summary.AgentCpu of(AgentCpu cpu) {
        if (cpu == null || cpu.samples() == 0) {
            return null;
        }
        Map<String, Double> parts = new LinkedHashMap<>();
        for (Part p : Part.values()) {
            parts.put(p.name().toLowerCase(Locale.ROOT), round(cpu.share(p)));
        }
        return new dev.poolscope.format.summary.AgentCpu(cpu.samples(), round(cpu.agentShare()), parts);
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}

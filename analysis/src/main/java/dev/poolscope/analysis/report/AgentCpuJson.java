package dev.poolscope.analysis.report;

import java.util.Locale;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.poolscope.analysis.flame.AgentCpuReader.AgentCpu;
import dev.poolscope.analysis.flame.AgentCpuReader.Part;

/** summary.json's {@code agent_cpu}: the agent's share of the app's CPU samples, by part; null when unknown. */
public final class AgentCpuJson {
    private AgentCpuJson() {
    }

    public static void put(ObjectNode root, AgentCpu cpu) {
        if (cpu == null || cpu.samples() == 0) {
            root.putNull("agent_cpu");
            return;
        }
        ObjectNode o = root.putObject("agent_cpu");
        o.put("cpu_samples", cpu.samples());
        o.put("agent_share", round(cpu.agentShare()));
        ObjectNode parts = o.putObject("share_by_part");
        for (Part p : Part.values()) {
            parts.put(p.name().toLowerCase(Locale.ROOT), round(cpu.share(p)));
        }
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}

package dev.poolscope.analysis.report;

import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.poolscope.analysis.flame.AgentCpuReader.AgentCpu;
import dev.poolscope.analysis.flame.AgentCpuReader.Part;

/** summary.json's {@code agent_cpu}: the agent's share of the app's CPU samples, by part; null when unknown. */
public final class AgentCpuJson {
    private AgentCpuJson() {
    }

    public static void put(ObjectNode root, AgentCpu cpu) {
        root.set("agent_cpu", of(cpu));
    }

    /** The {@code agent_cpu} value alone: an object, or JSON null without samples. */
    public static JsonNode of(AgentCpu cpu) {
        if (cpu == null || cpu.samples() == 0) {
            return NullNode.getInstance();
        }
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("cpu_samples", cpu.samples());
        o.put("agent_share", round(cpu.agentShare()));
        ObjectNode parts = o.putObject("share_by_part");
        for (Part p : Part.values()) {
            parts.put(p.name().toLowerCase(Locale.ROOT), round(cpu.share(p)));
        }
        return o;
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}

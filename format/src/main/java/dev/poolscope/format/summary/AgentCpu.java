package dev.poolscope.format.summary;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The agent's share of the app's CPU samples (async-profiler's), by part of the agent: summary.json's
 * {@code agent_cpu}, and the line {@code analysis agent-cpu} prints. Shares are 0 to 1.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentCpu(@JsonProperty(CPU_SAMPLES) Long cpuSamples,
        @JsonProperty(AGENT_SHARE) Double agentShare,
        @JsonProperty(SHARE_BY_PART) Map<String, Double> shareByPart) {
    public static final String CPU_SAMPLES = "cpu_samples";
    public static final String AGENT_SHARE = "agent_share";
    public static final String SHARE_BY_PART = "share_by_part";
}

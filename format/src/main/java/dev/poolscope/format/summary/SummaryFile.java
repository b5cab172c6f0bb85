package dev.poolscope.format.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A run's summary.json: its {@link Summary} and the agent's CPU ({@code agent_cpu}, null without async-profiler's
 * samples). Written only: readers read {@link Summary} (or {@link AgentCpu}) from the file.
 */
public record SummaryFile(@JsonUnwrapped Summary summary, @JsonProperty(AGENT_CPU) AgentCpu agentCpu) {
    public static final String AGENT_CPU = "agent_cpu";
}

package dev.poolscope.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.flame.AgentCpuReader.AgentCpu;
import dev.poolscope.analysis.flame.AgentCpuReader.Part;

class AgentCostViewTest {
    @Test
    void theAgentsShareIsSaidWithItsPartsAndTheAdvice() {
        long[] byPart = new long[Part.values().length];
        byPart[Part.AGENT_THREADS.ordinal()] = 8;
        byPart[Part.ASYNC_PROFILER.ordinal()] = 33;
        byPart[Part.THREAD_CLOCK.ordinal()] = 20;
        byPart[Part.JFR_COMMITS.ordinal()] = 19;
        byPart[Part.OTHER_HOOKS.ordinal()] = 8;
        byPart[Part.JIT.ordinal()] = 142;
        byPart[Part.GC.ordinal()] = 11;
        byPart[Part.HOST.ordinal()] = 759;
        AgentCostView.Model m = new AgentCostView().build(new AgentCpu(1000, byPart), null);
        assertThat(m.sentence())
                .isEqualTo("The agent's own work was 8.8% of the app's CPU in the measured window:"
                        + " of 1000 CPU samples by async-profiler, a sample counts once, in the first part of the table whose"
                        + " thread or frames it holds. Time the kernel spends delivering the profiler's own signals is not"
                        + " sampled, so this is a lower bound.");
        assertThat(m.parts().rows()).hasSize(Part.values().length);
        assertThat(m.parts().rows().get(1))
                .isEqualTo(List.of("async-profiler on the app's threads (its signal handlers)", "agent",
                        "3.3%", "33"));
        assertThat(m.parts().rows().get(8)).isEqualTo(List.of("the app itself", "app", "75.9%", "759"));
        assertThat(m.advice())
                .isEqualTo("Where the machine's CPU is saturated, that share comes out of the app's"
                        + " throughput and latency; --agent-options wallInterval=100ms (fewer wall-clock samples) or"
                        + " asprof=false (JFR alone) record at a lower cost (docs/lab/overhead.md has the measurements).");
    }

    @Test
    void withoutSamplesItSaysWhy() {
        AgentCostView.Model absent = new AgentCostView().build(null, "agent/async-profiler.jfr is absent");
        assertThat(absent.sentence()).isEqualTo("agent/async-profiler.jfr is absent");
        assertThat(absent.parts()).isNull();
        assertThat(absent.advice()).isNull();
        AgentCostView.Model empty = new AgentCostView().build(new AgentCpu(0, new long[Part.values().length]),
                null);
        assertThat(empty.sentence())
                .isEqualTo("async-profiler took no CPU samples of the app in the measured window:"
                        + " the agent's own cost is not known for this run.");
    }
}

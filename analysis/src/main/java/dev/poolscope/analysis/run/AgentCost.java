package dev.poolscope.analysis.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.poolscope.analysis.flame.AgentCpuReader;
import dev.poolscope.analysis.model.MeasuredWindow;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.output.OneLine;
import dev.poolscope.format.folder.RunFolder;

/** What the agent cost the app in the measured window, or why that is not known. */
record AgentCost(AgentCpuReader.AgentCpu cpu, String why) {

    static AgentCost of(Path agent, RunModel model) {
        Path async = agent.resolve(RunFolder.ASYNC_PROFILER_JFR);
        if (!Files.isRegularFile(async)) {
            return new AgentCost(null,
                    RunFolder.ASYNC_PROFILER_PATH + " is absent (async-profiler off or not loaded): the"
                            + " agent's own CPU is not measured in this run.");
        }
        MeasuredWindow w = model.window();
        try {
            return new AgentCost(new AgentCpuReader().read(async, w::contains), null);
        } catch (IOException | RuntimeException e) {
            return new AgentCost(null,
                    "the agent's own CPU could not be read from " + RunFolder.ASYNC_PROFILER_JFR + ": "
                            + OneLine.of(e));
        }
    }
}

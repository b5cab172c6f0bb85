package dev.poolscope.analysis.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.poolscope.analysis.flame.FlameGraphs;
import dev.poolscope.analysis.flame.JdkStackGraph;
import dev.poolscope.analysis.flame.ProfileKind;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.StackProfiles;
import dev.poolscope.analysis.output.OneLine;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.report.FlameInput;
import dev.poolscope.format.folder.RunFolder;

/**
 * A run's flame graphs, written beside its report: from async-profiler's recording when there is one, else CPU from
 * the JDK's execution samples; lock waits from the JDK recording. A graph that cannot be built says why in its place.
 */
final class RunFlames {
    private final FlameGraphs fg = new FlameGraphs();
    private final JdkStackGraph jdk = new JdkStackGraph();

    /** Flame graphs into runDir; {@code prefix} goes before each file name (an instance's folder name and a dash). */
    List<FlameInput> write(Path runDir, Path agent, RunModel model, RunReader.Result read, String prefix) {
        List<FlameInput> out = new ArrayList<>();
        Path async = agent.resolve(ProfileKind.ASYNC_PROFILER_FILE);
        boolean jdk = read.recording() != null;
        Set<Long> workers = new HashSet<>();
        model.requests().forEach(r -> workers.add(r.threadId()));
        FlameGraphs.Selection inWindow = ProfileKind.CPU.selection(model);
        FlameGraphs.Selection workerThreads = ProfileKind.WALL.selection(model);
        FlameGraphs.Selection inGaps = ProfileKind.GAPS.selection(model);
        if (Files.isRegularFile(async)) {
            out.add(flame(async, FlameGraphs.Mode.CPU, prefix + "cpu", "CPU (async-profiler)", runDir,
                    inWindow,
                    null));
            out.add(flame(async, FlameGraphs.Mode.WALL, prefix + "wall",
                    "Wall clock of worker threads (async-profiler)", runDir, workerThreads, null));
            out.add(flame(async, FlameGraphs.Mode.WALL, prefix + "wall-gaps",
                    "Wall clock inside Redis → getConnection gaps (" + model.redisToConnectionGaps().size()
                            + " gaps)",
                    runDir, inGaps,
                    model.redisToConnectionGaps().isEmpty()
                            ? "no request had a Redis wait followed by getConnection, so this graph is empty"
                            : null));
        } else if (jdk) {
            out.add(flame(read.stacks(), Events.StackKind.CPU, null, prefix + "cpu",
                    "CPU (JDK execution samples)",
                    runDir, RunFolder.ASYNC_PROFILER_PATH
                            + " is absent: CPU from the JDK's execution samples; no wall-clock graphs"));
        } else {
            out.add(new FlameInput("CPU and wall clock", null,
                    "no async-profiler recording and no complete JDK recording: no flame graphs"));
        }
        if (jdk) {
            out.add(flame(read.stacks(), Events.StackKind.LOCK, workers, prefix + "lock",
                    "Park and monitor waits of worker threads (JDK)", runDir, null));
        }
        return out;
    }

    /** A graph of the JDK recording's stacks, counted in the analysis' own pass. */
    private FlameInput flame(StackProfiles stacks, Events.StackKind kind, Set<Long> threads, String name,
            String title, Path dir, String note) {
        try {
            return new FlameInput(title, jdk.write(stacks, kind, threads, name, title, dir), note);
        } catch (IOException | RuntimeException e) {
            return new FlameInput(title, null, "could not build it: " + OneLine.of(e));
        }
    }

    private FlameInput flame(Path jfr, FlameGraphs.Mode mode, String name, String title, Path dir,
            FlameGraphs.Selection sel, String note) {
        try {
            return new FlameInput(title, fg.write(jfr, mode, name, title, dir, sel), note);
        } catch (IOException | RuntimeException e) {
            return new FlameInput(title, null, "could not build it: " + OneLine.of(e));
        }
    }
}

package dev.poolscope.analysis.flame;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.flame.AgentCpuReader.AgentCpu;
import dev.poolscope.analysis.flame.AgentCpuReader.Part;
import one.profiler.AsyncProfiler;

class AgentCpuReaderTest {
    @TempDir
    Path dir;

    @Test
    void threadsAreSortedByName() {
        assertThat(AgentCpuReader.byThread("JFR Periodic Tasks")).isEqualTo(Part.AGENT_THREADS);
        assertThat(AgentCpuReader.byThread("poolscope-console")).isEqualTo(Part.AGENT_THREADS);
        assertThat(AgentCpuReader.byThread("Async-profiler Timer")).isEqualTo(Part.AGENT_THREADS);
        assertThat(AgentCpuReader.byThread("C2 CompilerThre")).isEqualTo(Part.JIT);
        assertThat(AgentCpuReader.byThread("C1 CompilerThre")).isEqualTo(Part.JIT);
        assertThat(AgentCpuReader.byThread("G1 Conc#0")).isEqualTo(Part.GC);
        assertThat(AgentCpuReader.byThread("GC Thread#1")).isEqualTo(Part.GC);
        assertThat(AgentCpuReader.byThread("http-nio-8080-exec-1")).isNull();
        assertThat(AgentCpuReader.byThread(null)).isNull();
    }

    @Test
    void aStackCountsInTheFirstAgentPartItHolds() {
        String handler = "libasyncProfiler-18213680967669466087.so.WallClock::signalHandler";
        String clock = "dev.poolscope.agent.threads.ThreadClock.runDelayNow";
        String commit = "jdk.jfr.internal.event.EventWriter.putLong";
        String jvmJfr = "libjvm.so.JfrStackTraceRepository::record";
        String hook = "dev.poolscope.agent.request.RequestHooks.enter";
        String filter = "one.profiler.AsyncProfiler.addThread0";
        String app = "com.example.Shop.checkout";
        assertThat(AgentCpuReader.byFrames(List.of(handler, "libc.so.6.__restore_rt", app)))
                .isEqualTo(Part.ASYNC_PROFILER);
        assertThat(AgentCpuReader.byFrames(List.of("libc.so.6.read", clock, hook, app)))
                .isEqualTo(Part.THREAD_CLOCK);
        assertThat(
                AgentCpuReader.byFrames(List.of(filter, "dev.poolscope.agent.WallFilter.addCurrent", hook)))
                .isEqualTo(Part.WALL_FILTER);
        assertThat(AgentCpuReader.byFrames(List.of(commit, hook, app))).isEqualTo(Part.JFR_COMMITS);
        assertThat(AgentCpuReader.byFrames(List.of(jvmJfr, app))).isEqualTo(Part.JFR_COMMITS);
        assertThat(AgentCpuReader.byFrames(List.of(hook, app))).isEqualTo(Part.OTHER_HOOKS);
        assertThat(AgentCpuReader.byFrames(List.of(app, "java.lang.Thread.run"))).isEqualTo(Part.HOST);
        assertThat(AgentCpuReader.byFrames(List.of())).isEqualTo(Part.HOST);
    }

    /**
     * A real async-profiler recording, made in this JVM with the agent's cpu engine: a thread named as the agent names
     * its own spins beside an app thread; their CPU comes back in the agent's and the app's parts, and only inside the
     * window asked for.
     */
    @Test
    void theAgentsThreadsAndTheAppsAreToldApartInARealRecording() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        Thread agent = new Thread(() -> spinUntil(stop), "poolscope-test-spinner");
        Thread app = new Thread(() -> spinUntil(stop), "app-spinner");
        Path jfr = dir.resolve("async-profiler.jfr");
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=ctimer,interval=10000000,wall=20ms,file=" + jfr);
        agent.start();
        app.start();
        Thread.sleep(1500);
        stop.set(true);
        agent.join();
        app.join();
        profiler.execute("stop");

        AgentCpu all = new AgentCpuReader().read(jfr, t -> true);
        assertThat(all.samples()).isGreaterThan(40);
        assertThat(all.count(Part.AGENT_THREADS)).as("the poolscope- thread's samples").isGreaterThan(20);
        assertThat(all.count(Part.HOST)).as("the app thread's samples").isGreaterThan(20);
        assertThat(all.agentShare()).isCloseTo(all.share(Part.AGENT_THREADS) + all.share(Part.ASYNC_PROFILER)
                + all.share(Part.THREAD_CLOCK) + all.share(Part.WALL_FILTER) + all.share(Part.JFR_COMMITS)
                + all.share(Part.OTHER_HOOKS), org.assertj.core.data.Offset.offset(1e-9));
        long sum = 0;
        for (Part p : Part.values()) {
            sum += all.count(p);
        }
        assertThat(sum).isEqualTo(all.samples());
        AgentCpu none = new AgentCpuReader().read(jfr, t -> false);
        assertThat(none.samples()).isZero();
        assertThat(none.agentShare()).isZero();
    }

    private static void spinUntil(AtomicBoolean stop) {
        long x = 0;
        while (!stop.get()) {
            x += System.nanoTime() % 7;
        }
        if (x == 42) {
            System.out.print("");
        }
    }
}

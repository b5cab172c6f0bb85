package dev.poolscope.agent;

import dev.poolscope.agent.hikari.HikariHooks;
import dev.poolscope.agent.http.HttpCalls;
import dev.poolscope.agent.lettuce.RedisHooks;
import dev.poolscope.agent.loops.LoopHooks;
import dev.poolscope.agent.r2dbc.R2dbcHooks;
import dev.poolscope.agent.request.RequestHooks;
import dev.poolscope.agent.request.RequestStats;
import dev.poolscope.agent.statements.StatementHooks;
import dev.poolscope.agent.threads.SchedStatSampler;
import dev.poolscope.agent.threads.ThreadTracker;
import dev.poolscope.agent.workers.WorkerPools;
import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.HikariPoolEvent;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.R2dbcPoolEvent;
import dev.poolscope.format.event.StatementEvent;
import dev.poolscope.format.event.WorkerPoolEvent;
import dev.poolscope.format.folder.RunFolder;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import javax.management.ObjectName;

import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * The JDK recording: the contract's JDK events plus poolscope's own, with JFR's disk repository inside the
 * output folder so the chunks outlive a {@code kill -9}. Written to {@code recording.jfr} when stopped.
 */
final class JfrRecording {
    static final String FILE = RunFolder.RECORDING_JFR;
    static final String REPOSITORY = RunFolder.JFR_REPOSITORY;
    private static final java.util.concurrent.atomic.AtomicBoolean REGISTERED = new java.util.concurrent.atomic.AtomicBoolean();
    private final Recording recording;
    private final Path out;

    private JfrRecording(Recording recording, Path out) {
        this.recording = recording;
        this.out = out;
    }

    static JfrRecording start(AgentOptions o) throws Exception {
        Path repository = o.out().resolve(REPOSITORY);
        Files.createDirectories(repository);
        // There is no public API for the repository at run time; JFR.configure is the documented one.
        ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "jfrConfigure",
                new Object[]{new String[]{"repositorypath=" + repository}},
                new String[]{String[].class.getName()});

        // Every event class is initialized here before any is registered. JFR registers an event class from its
        // static initializer too, and FlightRecorder.register initializes the class while it holds JFR's metadata
        // lock: a host thread that began initializing one (its first getConnection after the hooks went in) waited
        // for that lock while this thread, holding it, waited for the class, and both hung with the host's requests
        // behind them (seen on attach). Initialized first, no register below waits for a class.
        initialize(AgentStatusEvent.class, RequestHooks.eventType(), WorkerPools.eventType(),
                SchedStatSampler.eventType(), LoopHooks.eventType());
        initialize(HikariHooks.eventTypes());
        initialize(RedisHooks.eventTypes());
        initialize(R2dbcHooks.eventTypes());
        initialize(StatementHooks.eventTypes());
        initialize(HttpCalls.eventTypes());
        // Once per JVM: a periodic hook added twice would sample twice (a second attach after a stop).
        if (REGISTERED.compareAndSet(false, true)) {
            FlightRecorder.register(AgentStatusEvent.class);
            FlightRecorder.addPeriodicEvent(AgentStatusEvent.class, JfrRecording::emitStatus);
            RequestHooks.register();
            HikariHooks.register();
            RedisHooks.register();
            WorkerPools.register();
            SchedStatSampler.register();
            R2dbcHooks.register();
            HttpCalls.register();
            LoopHooks.register();
            StatementHooks.register();
        }

        Recording r = new Recording();
        r.setName("poolscope");
        r.setToDisk(true);
        r.setDestination(o.out().resolve(FILE));
        // JFR creates the destination empty now, to check it is writable, and fills it in its own shutdown hook:
        // after a kill -9 the file stays empty and the repository's chunks are the recording.
        if (o.maxSizeBytes() > 0) {
            r.setMaxSize(o.maxSizeBytes());
        }
        enableJdkEvents(r, o);
        enableOwnEvents(r, o);
        r.start();
        // JFR's own shutdown hook races ours, so the status at shutdown is best effort; one at start is certain.
        emitStatus();
        return new JfrRecording(r, o.out());
    }

    /** The agent's own health, as a poolscope.AgentStatus event. */
    private static void emitStatus() {
        AgentStatusEvent e = new AgentStatusEvent();
        e.suppressedErrors = Suppressed.count();
        e.droppedEvents = 0;
        e.trackedThreads = ThreadTracker.trackedCount();
        e.requestsBeforeRecording = RequestStats.beganBeforeRecording();
        e.commit();
    }

    private static void initialize(Class<?>... types) throws ClassNotFoundException {
        for (Class<?> t : types) {
            Class.forName(t.getName(), true, t.getClassLoader());
        }
    }

    private static void enableJdkEvents(Recording r, AgentOptions o) {
        Duration threshold = o.threshold();
        for (String blocking : new String[]{JdkTypes.THREAD_PARK, JdkTypes.JAVA_MONITOR_ENTER,
                JdkTypes.JAVA_MONITOR_WAIT, JdkTypes.THREAD_SLEEP, JdkTypes.SOCKET_READ,
                JdkTypes.SOCKET_WRITE}) {
            r.enable(blocking).withThreshold(threshold).withStackTrace();
        }
        r.enable(JdkTypes.EXECUTION_SAMPLE).withPeriod(o.sampleInterval());
        r.enable(JdkTypes.NATIVE_METHOD_SAMPLE).withPeriod(o.sampleInterval());
        r.enable(JdkTypes.THREAD_CONTEXT_SWITCH_RATE).withPeriod(Duration.ofSeconds(1));
        r.enable(JdkTypes.CPU_LOAD).withPeriod(Duration.ofSeconds(1));
        r.enable(JdkTypes.JAVA_THREAD_STATISTICS).withPeriod(Duration.ofSeconds(1));
        // Start-up and footprint: when the JVM started, and classes, heap in use and resident size at idle.
        r.enable(JdkTypes.JVM_INFORMATION).with("period", "beginChunk");
        r.enable(JdkTypes.CLASS_LOADING_STATISTICS).withPeriod(Duration.ofSeconds(1));
        r.enable(JdkTypes.GC_HEAP_MEMORY_USAGE).withPeriod(Duration.ofSeconds(1));
        r.enable(JdkTypes.RESIDENT_SET_SIZE).withPeriod(Duration.ofSeconds(1));
        r.enable(JdkTypes.THREAD_CPU_LOAD).withPeriod(Duration.ofSeconds(5));
        r.enable(JdkTypes.GARBAGE_COLLECTION);
        r.enable(JdkTypes.GC_PHASE_PAUSE);
        r.enable(JdkTypes.GC_HEAP_SUMMARY);
        // What the heap advice names: the maximum heap and the collectors (once a chunk), and where the bytes were
        // allocated (the JDK's throttled sampler, default.jfc's 150 a second; the weights sum to all allocation).
        r.enable(JdkTypes.GC_HEAP_CONFIGURATION).with("period", "beginChunk");
        r.enable(JdkTypes.GC_CONFIGURATION).with("period", "beginChunk");
        if (o.allocSamplesPerSecond() > 0) {
            r.enable(JdkTypes.OBJECT_ALLOCATION_SAMPLE).with("throttle", o.allocSamplesPerSecond() + "/s")
                    .withStackTrace();
        }
        r.enable(JdkTypes.SAFEPOINT_BEGIN);
        r.enable(JdkTypes.THREAD_START);
        r.enable(JdkTypes.THREAD_END);
        r.enable(JdkTypes.VIRTUAL_THREAD_PINNED).withThreshold(Duration.ofMillis(20)).withStackTrace();
    }

    private static void enableOwnEvents(Recording r, AgentOptions o) {
        enableEach(r, RequestHooks.eventType());
        enableEach(r, HikariHooks.eventTypes());
        enableEach(r, RedisHooks.eventTypes());
        enableEach(r, WorkerPools.eventType());
        enableEach(r, R2dbcHooks.eventTypes());
        enableEach(r, HttpCalls.eventTypes());
        enableEach(r, LoopHooks.eventType());
        // Every statement unless statementThreshold says otherwise: the analysis sums their time within each hold.
        r.enable(StatementEvent.class).withThreshold(o.statementThreshold()).withoutStackTrace();
        r.enable(WorkerPoolEvent.NAME).withPeriod(o.gaugeInterval());
        r.enable(HikariPoolEvent.NAME).withPeriod(o.gaugeInterval());
        r.enable(R2dbcPoolEvent.NAME).withPeriod(o.gaugeInterval());
        r.enable(SchedStatSampler.eventType()).withoutStackTrace().withPeriod(o.schedInterval());
        r.enable(AgentStatusEvent.class).withoutStackTrace().withPeriod(Duration.ofSeconds(10));
    }

    @SafeVarargs
    private static void enableEach(Recording r, Class<? extends Event>... types) {
        for (Class<? extends Event> t : types) {
            r.enable(t).withThreshold(Duration.ZERO).withoutStackTrace();
        }
    }

    /**
     * Called from the agent's shutdown hook. The file itself is written by JFR's own shutdown hook (the
     * recording has a destination): stopping it here too would race that hook, which deletes the repository's
     * chunks while we copy them. So this only adds the last status, best effort.
     */
    void beforeExit() {
        emitStatus();
    }

    /**
     * Ends the recording while the JVM runs on (an attached recording's stop): JFR writes the destination on
     * {@code stop()} itself, before it returns.
     */
    void stopAndWrite() {
        emitStatus();
        try {
            recording.stop();
        } catch (IllegalStateException e) {
            // Already stopped (the disk guard): what could be written was.
            Suppressed.record(e);
        } finally {
            recording.close();
        }
    }

    /**
     * Stops recording before the disk is full: JFR that cannot write its chunk shuts the whole VM down. The file is
     * written only when the chunks fit in what is left; otherwise the recording stops without it.
     */
    void stopForLowSpace(long usableBytes) {
        long chunks = 0;
        try (var walk = Files.walk(out.resolve(REPOSITORY))) {
            chunks = walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        } catch (IOException | RuntimeException e) {
            Suppressed.record(e);
        }
        if (chunks * 2 >= usableBytes) {
            try {
                recording.setDestination(null);
            } catch (Throwable t) {
                Suppressed.record(t);
            }
        }
        // Stopping is what protects the host: never skipped because the line above failed.
        try {
            recording.stop();
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    static boolean isWritable(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".probe", ".tmp");
            Files.delete(probe);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}

package dev.poolscope.analysis.recording;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.ConnectionWaitEvent;
import dev.poolscope.format.event.HikariPoolEvent;
import dev.poolscope.format.event.JdkFields;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.LoopStallEvent;
import dev.poolscope.format.event.R2dbcAcquireEvent;
import dev.poolscope.format.event.R2dbcHoldEvent;
import dev.poolscope.format.event.R2dbcPoolEvent;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RedisWaitEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.format.event.WorkerPoolEvent;
import dev.poolscope.format.folder.RunFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import jdk.jfr.consumer.EventStream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * One streaming pass over a run's JDK recording: {@code agent/recording.jfr}, or when it is missing (the app was
 * killed) the chunks in {@code agent/jfr-repository/}. Events are handed to a listener one by one and never kept here.
 */
public final class RecordingReader {
    static final String RECORDING = RunFolder.RECORDING_JFR;
    static final String REPOSITORY = RunFolder.JFR_REPOSITORY;
    private static final String REQUEST = RequestEvent.NAME;

    /**
     * Reads the recording of the agent folder {@code agentDir}: {@code recording.jfr} when it holds events, else
     * (missing, empty or unreadable: the app was killed) the chunks JFR left in its repository.
     */
    public RecordingInfo read(Path agentDir, RecordingListener listener) throws RecordingException {
        Path main = agentDir.resolve(RECORDING);
        Path repository = agentDir.resolve(REPOSITORY);
        String mainProblem;
        if (Files.isRegularFile(main)) {
            // A probe pass counts nothing into the listener: only a file that yields events is read for real.
            List<String> probe = new ArrayList<>();
            if (yieldsEvents(main, probe)) {
                return readFiles(List.of(main), false, listener);
            }
            mainProblem = probe.isEmpty() ? RECORDING + " holds no events" : probe.getFirst();
        } else {
            mainProblem = RECORDING + " is missing";
        }
        List<Path> chunks = repositoryChunks(repository);
        if (chunks.isEmpty()) {
            throw new RecordingException("no recording: " + mainProblem + " and " + repository
                    + " holds no chunk");
        }
        RecordingInfo info = readFiles(chunks, true, listener);
        List<String> warnings = new ArrayList<>();
        warnings.add(mainProblem + ": read the chunks in " + REPOSITORY + "/ instead");
        warnings.addAll(info.warnings());
        return new RecordingInfo(info.files(), true, info.eventsRead(), info.eventCounts(),
                List.copyOf(warnings), info.firstEventNanos(), info.lastEventNanos());
    }

    /** Whether the file's first event can be read: cheap, so a complete recording is not read twice. */
    private static boolean yieldsEvents(Path file, List<String> warnings) {
        try {
            if (Files.size(file) == 0) {
                warnings.add(RECORDING + " is empty");
                return false;
            }
        } catch (IOException e) {
            warnings.add(RECORDING + " cannot be read: " + oneLine(e));
            return false;
        }
        try (RecordingFile rf = new RecordingFile(file)) {
            if (rf.hasMoreEvents()) {
                rf.readEvent();
                return true;
            }
            warnings.add(RECORDING + " holds no events");
        } catch (IOException | RuntimeException e) {
            warnings.add(RECORDING + " is not a readable JFR recording (" + oneLine(e) + ")");
        }
        return false;
    }

    /** Reads the given files in order; public for tests and for tools that point at a single .jfr. */
    public RecordingInfo readFiles(List<Path> files, boolean fromRepository, RecordingListener listener)
            throws RecordingException {
        Dispatcher dispatcher = new Dispatcher(listener);
        List<String> warnings = new ArrayList<>();
        while (listener.wantsRequestPass()) {
            for (Path file : files) {
                readRequests(file, dispatcher);
            }
            listener.requestPassEnd();
        }
        for (Path file : files) {
            readOne(file, dispatcher::accept, warnings);
        }
        if (dispatcher.events == 0) {
            String why = warnings.isEmpty() ? "it holds no events" : warnings.getFirst();
            throw new RecordingException("cannot read recording " + files.getFirst() + ": " + why);
        }
        return new RecordingInfo(List.copyOf(files), fromRepository, dispatcher.events,
                Map.copyOf(dispatcher.counts),
                List.copyOf(warnings), dispatcher.first, dispatcher.last);
    }

    /**
     * The poolscope.Request events alone, in file order: an event stream with a handler for that type only skips the
     * other events unparsed. Damage ends the pass quietly; the full pass says what it could not read.
     */
    private static void readRequests(Path file, Dispatcher dispatcher) {
        try {
            if (Files.size(file) == 0) {
                return;
            }
        } catch (IOException e) {
            return;
        }
        if (!ChunkHeaders.allFinished(file)) {
            // An event stream waits for an unfinished chunk to be finished (a killed JVM's chunk never is): read
            // such a file whole, as the full pass does, and keep the requests.
            try (RecordingFile rf = new RecordingFile(file)) {
                while (rf.hasMoreEvents()) {
                    RecordedEvent e = rf.readEvent();
                    if (REQUEST.equals(e.getEventType().getName())) {
                        dispatcher.l.requestPass(dispatcher.requestKey(e));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // Counted as far as it could be read; the full pass reports the damage.
            }
            return;
        }
        try (EventStream es = EventStream.openFile(file)) {
            es.setOrdered(false);
            es.setReuse(true);
            es.onEvent(REQUEST, e -> dispatcher.l.requestPass(dispatcher.requestKey(e)));
            es.start();
        } catch (IOException | RuntimeException e) {
            // Counted as far as it could be read; the full pass reports the damage.
        }
    }

    private static void readOne(Path file, java.util.function.Consumer<RecordedEvent> sink,
            List<String> warnings) {
        long[] read = {0};
        try {
            if (Files.size(file) == 0) {
                warnings.add(file.getFileName() + " is empty");
                return;
            }
        } catch (IOException e) {
            warnings.add(file.getFileName() + " cannot be read: " + oneLine(e));
            return;
        }
        try (RecordingFile rf = new RecordingFile(file)) {
            while (rf.hasMoreEvents()) {
                sink.accept(rf.readEvent());
                read[0]++;
            }
        } catch (IOException | RuntimeException e) {
            // A chunk cut short by kill -9, or not JFR at all: keep what was read and say so.
            warnings.add(read[0] == 0
                    ? file.getFileName() + " is not a readable JFR recording (" + oneLine(e) + ")"
                    : file.getFileName() + " is truncated: kept the " + read[0]
                            + " events before the damage ("
                            + oneLine(e) + ")");
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    private static List<Path> repositoryChunks(Path repository) throws RecordingException {
        if (!Files.isDirectory(repository)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(repository, 8)) {
            // Chunk names start with their creation time, so name order is time order.
            return walk.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".jfr"))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            throw new RecordingException("cannot list " + repository + ": " + oneLine(e));
        }
    }

    /** Turns each RecordedEvent into one immutable value. */
    private static final class Dispatcher {
        private final RecordingListener l;
        private final Map<String, Long> counts = new TreeMap<>();
        /** Virtual threads are one per request: past this many, a thread is described anew for each event. */
        private static final int MAX_CACHED_THREADS = 100_000;
        private final Map<Long, Events.ThreadRef> threads = new java.util.HashMap<>();
        long events;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        /** JFR's parser makes a new String per field read: share the few distinct methods, paths and servers. */
        private final Map<String, String> strings = new java.util.HashMap<>();

        Dispatcher(RecordingListener l) {
            this.l = l;
        }

        private String shared(String s) {
            String known = strings.get(s);
            if (known != null) {
                return known;
            }
            if (strings.size() < 10_000) {
                strings.put(s, s);
            }
            return s;
        }

        void accept(RecordedEvent e) {
            String type = e.getEventType().getName();
            events++;
            counts.merge(type, 1L, Long::sum);
            long start = nanos(e.getStartTime());
            long end = nanos(e.getEndTime());
            first = Math.min(first, start);
            last = Math.max(last, end);
            switch (type) {
                case REQUEST -> l.request(request(e));
                case ConnectionWaitEvent.NAME ->
                    l.connectionWait(new Events.ConnectionWait(thread(e.getThread()),
                            start, end, str(e, ConnectionWaitEvent.POOL),
                            str(e, ConnectionWaitEvent.CONNECTION_ID), bool(e, ConnectionWaitEvent.SUCCESS),
                            integer(e, ConnectionWaitEvent.ACTIVE),
                            integer(e, ConnectionWaitEvent.IDLE), integer(e, ConnectionWaitEvent.WAITING),
                            integer(e, ConnectionWaitEvent.TOTAL)));
                case ConnectionHoldEvent.NAME ->
                    l.connectionHold(new Events.ConnectionHold(thread(e.getThread()),
                            start, end, str(e, ConnectionHoldEvent.POOL),
                            str(e, ConnectionHoldEvent.CONNECTION_ID), integer(e, ConnectionHoldEvent.ACTIVE),
                            integer(e, ConnectionHoldEvent.IDLE),
                            integer(e, ConnectionHoldEvent.WAITING), integer(e, ConnectionHoldEvent.TOTAL)));
                case RedisWaitEvent.NAME -> l.redisWait(
                        new Events.RedisWait(thread(e.getThread()), start, end,
                                str(e, RedisWaitEvent.COMMAND),
                                bool(e, RedisWaitEvent.SUCCESS)));
                case RedisRoundTripEvent.NAME ->
                    l.redisRoundTrip(new Events.RedisRoundTrip(thread(e.getThread()),
                            start, end, str(e, RedisRoundTripEvent.COMMAND),
                            lng(e, RedisRoundTripEvent.CALLER_THREAD_ID),
                            bool(e, RedisRoundTripEvent.SUCCESS),
                            str(e, RedisRoundTripEvent.REQUEST_ID)));
                case R2dbcAcquireEvent.NAME -> l.r2dbcAcquire(new Events.R2dbcAcquire(thread(e.getThread()),
                        start, end, str(e, R2dbcAcquireEvent.POOL), str(e, R2dbcAcquireEvent.REQUEST_ID),
                        str(e, R2dbcAcquireEvent.CONNECTION_ID),
                        str(e, R2dbcAcquireEvent.OUTCOME), integer(e, R2dbcAcquireEvent.ACQUIRED),
                        integer(e, R2dbcAcquireEvent.IDLE), integer(e, R2dbcAcquireEvent.PENDING),
                        integer(e, R2dbcAcquireEvent.MAX)));
                case R2dbcHoldEvent.NAME -> l.r2dbcHold(new Events.R2dbcHold(thread(e.getThread()), start,
                        end, str(e, R2dbcHoldEvent.POOL), str(e, R2dbcHoldEvent.REQUEST_ID),
                        str(e, R2dbcHoldEvent.CONNECTION_ID)));
                case R2dbcPoolEvent.NAME ->
                    l.r2dbcPool(new Events.R2dbcPoolGauge(start, str(e, R2dbcPoolEvent.POOL),
                            integer(e, R2dbcPoolEvent.ACQUIRED), integer(e, R2dbcPoolEvent.IDLE),
                            integer(e, R2dbcPoolEvent.PENDING),
                            integer(e, R2dbcPoolEvent.ALLOCATED), integer(e, R2dbcPoolEvent.MAX)));
                case LoopStallEvent.NAME -> l.loopStall(new Events.LoopStall(thread(e.getThread()), start,
                        end, str(e, LoopStallEvent.KIND), str(e, LoopStallEvent.STACK),
                        lng(e, LoopStallEvent.STACK_AFTER_NANOS)));
                case WorkerPoolEvent.NAME ->
                    l.workerPool(new Events.WorkerPoolGauge(start, str(e, WorkerPoolEvent.SERVER),
                            integer(e, WorkerPoolEvent.BUSY), integer(e, WorkerPoolEvent.SIZE),
                            integer(e, WorkerPoolEvent.MAX), integer(e, WorkerPoolEvent.QUEUED)));
                case HikariPoolEvent.NAME ->
                    l.hikariPool(new Events.HikariPoolGauge(start, str(e, HikariPoolEvent.POOL),
                            integer(e, HikariPoolEvent.ACTIVE), integer(e, HikariPoolEvent.IDLE),
                            integer(e, HikariPoolEvent.WAITING), integer(e, HikariPoolEvent.TOTAL),
                            integer(e, HikariPoolEvent.MAX)));
                case ThreadSchedStatEvent.NAME -> l.schedStat(new Events.SchedStat(start,
                        lng(e, ThreadSchedStatEvent.OS_THREAD_ID),
                        lng(e, ThreadSchedStatEvent.JAVA_THREAD_ID), str(e, ThreadSchedStatEvent.THREAD_NAME),
                        lng(e, ThreadSchedStatEvent.CPU_NANOS),
                        lng(e, ThreadSchedStatEvent.RUN_DELAY_NANOS),
                        lng(e, ThreadSchedStatEvent.TIMESLICES),
                        lng(e, ThreadSchedStatEvent.VOLUNTARY_SWITCHES),
                        lng(e, ThreadSchedStatEvent.INVOLUNTARY_SWITCHES)));
                case AgentStatusEvent.NAME ->
                    l.agentStatus(new Events.AgentStatus(start, lng(e, AgentStatusEvent.SUPPRESSED_ERRORS),
                            lng(e, AgentStatusEvent.DROPPED_EVENTS),
                            integer(e, AgentStatusEvent.TRACKED_THREADS)));
                case JdkTypes.THREAD_PARK ->
                    wait(e, start, end, StackClassifier.park(e.getStackTrace()), JdkFields.PARKED_CLASS);
                case JdkTypes.JAVA_MONITOR_ENTER ->
                    wait(e, start, end, Events.WaitKind.MONITOR_ENTER, JdkFields.MONITOR_CLASS);
                case JdkTypes.JAVA_MONITOR_WAIT ->
                    wait(e, start, end, Events.WaitKind.MONITOR_WAIT, JdkFields.MONITOR_CLASS);
                case JdkTypes.THREAD_SLEEP -> wait(e, start, end, Events.WaitKind.SLEEP, null);
                case JdkTypes.SOCKET_READ ->
                    wait(e, start, end,
                            StackClassifier.socket(e.getStackTrace(), Events.WaitKind.SOCKET_READ),
                            JdkFields.HOST);
                case JdkTypes.SOCKET_WRITE ->
                    wait(e, start, end,
                            StackClassifier.socket(e.getStackTrace(), Events.WaitKind.SOCKET_WRITE),
                            JdkFields.HOST);
                case JdkTypes.EXECUTION_SAMPLE ->
                    l.cpuSample(new Events.CpuSample(thread(threadField(e, JdkFields.SAMPLED_THREAD)),
                            start, StackClassifier.yieldSpin(e.getStackTrace())));
                // The JDK samples a thread inside a native method only here, never as an execution sample: a thread
                // spinning in Thread.yield0 is on (or queued for) the CPU, so it counts as a CPU sample of the spin.
                case JdkTypes.NATIVE_METHOD_SAMPLE -> {
                    if (StackClassifier.yieldSpin(e.getStackTrace())) {
                        l.cpuSample(
                                new Events.CpuSample(thread(threadField(e, JdkFields.SAMPLED_THREAD)), start,
                                        true));
                    }
                }
                case JdkTypes.GC_PHASE_PAUSE ->
                    l.pause(new Events.Pause(start, end, Events.PauseKind.GC, str(e, JdkFields.GC_NAME)));
                case JdkTypes.SAFEPOINT_BEGIN ->
                    l.pause(new Events.Pause(start, end, Events.PauseKind.SAFEPOINT,
                            "safepoint"));
                case JdkTypes.GARBAGE_COLLECTION -> l.garbageCollection(new Events.GarbageCollection(start,
                        str(e, JdkFields.GC_NAME), durationNanos(e, JdkFields.SUM_OF_PAUSES),
                        durationNanos(e, JdkFields.LONGEST_PAUSE)));
                case JdkTypes.CPU_LOAD ->
                    l.cpuLoad(new Events.CpuLoad(start, dbl(e, JdkFields.JVM_USER),
                            dbl(e, JdkFields.JVM_SYSTEM),
                            dbl(e, JdkFields.MACHINE_TOTAL)));
                case JdkTypes.THREAD_CONTEXT_SWITCH_RATE -> l
                        .contextSwitchRate(
                                new Events.ContextSwitchRate(start, dbl(e, JdkFields.SWITCH_RATE)));
                case JdkTypes.JAVA_THREAD_STATISTICS ->
                    l.threadCount(new Events.ThreadCount(start, lng(e, JdkFields.ACTIVE_COUNT),
                            lng(e, JdkFields.DAEMON_COUNT), lng(e, JdkFields.PEAK_COUNT)));
                case JdkTypes.GC_HEAP_SUMMARY ->
                    l.heapSummary(new Events.HeapSummary(start, lng(e, JdkFields.HEAP_USED),
                            JdkFields.WHEN_AFTER_GC.equals(str(e, JdkFields.WHEN))));
                case JdkTypes.JVM_INFORMATION -> {
                    if (e.hasField(JdkFields.JVM_START_TIME)) {
                        l.jvmStart(new Events.JvmStart(start,
                                e.getInstant(JdkFields.JVM_START_TIME).toEpochMilli()));
                    }
                }
                case JdkTypes.CLASS_LOADING_STATISTICS -> l.footprint(
                        new Events.Footprint(start, Events.FootprintKind.CLASSES_LOADED,
                                lng(e, JdkFields.LOADED_CLASS_COUNT)));
                case JdkTypes.GC_HEAP_MEMORY_USAGE ->
                    l.footprint(new Events.Footprint(start, Events.FootprintKind.HEAP_USED,
                            lng(e, JdkFields.USED)));
                case JdkTypes.RESIDENT_SET_SIZE ->
                    l.footprint(
                            new Events.Footprint(start, Events.FootprintKind.RSS, lng(e, JdkFields.SIZE)));
                case JdkTypes.VIRTUAL_THREAD_PINNED -> l
                        .virtualThreadPinned(
                                new Events.VirtualThreadPinned(thread(e.getThread()), start, end));
                default -> {
                    // Other events only count towards the per-type totals.
                }
            }
        }

        /** What a request-only pass needs: thread, start, end and id; the other fields are left empty (cheaper). */
        Events.Request requestKey(RecordedEvent e) {
            return new Events.Request(thread(e.getThread()), nanos(e.getStartTime()), nanos(e.getEndTime()),
                    str(e, RequestEvent.REQUEST_ID), "", "", -1, "", -1, -1);
        }

        Events.Request request(RecordedEvent e) {
            return new Events.Request(thread(e.getThread()), nanos(e.getStartTime()), nanos(e.getEndTime()),
                    str(e, RequestEvent.REQUEST_ID), shared(str(e, RequestEvent.METHOD)),
                    shared(str(e, RequestEvent.URI)),
                    integer(e, RequestEvent.STATUS),
                    shared(str(e, RequestEvent.SERVER)), lng(e, RequestEvent.CPU_NANOS),
                    lng(e, RequestEvent.RUN_DELAY_NANOS));
        }

        private void wait(RecordedEvent e, long start, long end, Events.WaitKind kind, String detailField) {
            String detail = "";
            if (detailField != null && e.hasField(detailField)) {
                Object v = e.getValue(detailField);
                if (v instanceof jdk.jfr.consumer.RecordedClass c) {
                    detail = c.getName();
                } else if (v != null) {
                    detail = v.toString();
                }
            }
            l.threadWait(new Events.ThreadWait(thread(e.getThread()), start, end, kind, detail));
        }

        private Events.ThreadRef thread(RecordedThread t) {
            if (t == null) {
                return Events.ThreadRef.UNKNOWN;
            }
            long id = t.getJavaThreadId();
            Events.ThreadRef known = threads.get(id);
            String name = t.getJavaName() != null ? t.getJavaName() : t.getOSName();
            if (known != null && known.name().equals(name)) {
                return known;
            }
            Events.ThreadRef ref = new Events.ThreadRef(id, t.getOSThreadId(), name == null ? "?" : name,
                    t.isVirtual());
            if (known != null || threads.size() < MAX_CACHED_THREADS) {
                threads.put(id, ref);
            }
            return ref;
        }
    }

    private static RecordedThread threadField(RecordedEvent e, String field) {
        return e.hasField(field) ? e.getThread(field) : e.getThread();
    }

    static long nanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    private static String str(RecordedObject e, String f) {
        if (!e.hasField(f)) {
            return "";
        }
        String s = e.getString(f);
        return s == null ? "" : s;
    }

    private static int integer(RecordedObject e, String f) {
        return e.hasField(f) ? e.getInt(f) : -1;
    }

    private static long lng(RecordedObject e, String f) {
        return e.hasField(f) ? e.getLong(f) : -1;
    }

    private static double dbl(RecordedObject e, String f) {
        return e.hasField(f) ? e.getDouble(f) : Double.NaN;
    }

    private static boolean bool(RecordedObject e, String f) {
        return e.hasField(f) && e.getBoolean(f);
    }

    private static long durationNanos(RecordedObject e, String f) {
        return e.hasField(f) ? e.getDuration(f).toNanos() : 0;
    }
}

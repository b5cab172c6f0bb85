package dev.poolscope.analysis.recording;

import java.util.Map;

import dev.poolscope.analysis.recording.jfr.EventSink;
import dev.poolscope.analysis.recording.jfr.EventType;
import dev.poolscope.analysis.recording.jfr.JfrEvent;
import dev.poolscope.analysis.recording.jfr.LongMap;
import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.ConnectionWaitEvent;
import dev.poolscope.format.event.HikariPoolEvent;
import dev.poolscope.format.event.HikariPoolState;
import dev.poolscope.format.event.HttpCallEvent;
import dev.poolscope.format.event.JdkFields;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.LoopStallEvent;
import dev.poolscope.format.event.R2dbcAcquireEvent;
import dev.poolscope.format.event.R2dbcHoldEvent;
import dev.poolscope.format.event.R2dbcPoolEvent;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RedisWaitEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.StatementEvent;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.format.event.WorkerPoolEvent;

/**
 * Turns one chunk's events into the analysis' immutable values and hands them to a listener: the types poolscope
 * reads, each bound once per chunk to its field indices; every other type is skipped unparsed. Threads and stack
 * classifications are made once per chunk key.
 *
 * <p>
 * Over 300 lines because it is one table: every event type the analysis reads, bound to its fields and its listener
 * call in one switch, so one place shows what is read and how. The bindings share the chunk's caches of threads,
 * stacks and stack classifications; split by family (poolscope's own events, the JDK's), each part would need those
 * caches handed to it and the table would no longer be in one place.
 */
final class EventBinder implements EventSink {
    /** What a pass reads: the requests' keys alone, whole requests alone, or everything the analysis reads. */
    enum Mode {
        REQUEST_KEYS, REQUESTS, ALL
    }

    /**
     * How many frames from the top a site is looked for in before the whole stack is decoded. On a lab run's
     * allocation samples, 1 in 9 of the CPU samples spent finding sites still went to whole stacks.
     */
    private static final int SITE_TOP_FRAMES = 8;

    private final RecordingListener l;
    private final Mode mode;
    // By chunk key, looked up once per event: maps of unboxed keys.
    private final LongMap<Events.ThreadRef> threads = new LongMap<>();
    private final LongMap<Events.WaitKind> parks = new LongMap<>();
    private final LongMap<Boolean> databaseStacks = new LongMap<>();
    private final LongMap<Boolean> spins = new LongMap<>();
    private final LongMap<String> sites = new LongMap<>();
    /** Stacks by stack key, and for lock events by stack and class key. */
    private final LongMap<Events.Stack> stacks = new LongMap<>();
    private final LongMap<LongMap<Events.Stack>> lockStacks = new LongMap<>();
    /** The few distinct methods, paths and servers, shared instead of one String per event. */
    private final Map<String, String> strings;

    EventBinder(RecordingListener l, Mode mode, Map<String, String> strings) {
        this.l = l;
        this.mode = mode;
        this.strings = strings;
    }

    @Override
    public Handler bind(EventType type, JfrEvent e) {
        if (mode != Mode.ALL && !type.name().equals(RecordingReader.REQUEST)) {
            return null;
        }
        if (mode == Mode.REQUEST_KEYS) {
            int id = type.field(RequestEvent.REQUEST_ID);
            return ev -> l.requestPass(new Events.Request(thread(ev, ev.threadKey()), ev.startNanos(),
                    ev.endNanos(), ev.getString(id), "", "", -1, "", -1, -1));
        }
        return switch (type.name()) {
            case RecordingReader.REQUEST -> request(type);
            case ConnectionWaitEvent.NAME -> {
                int pool = type.field(ConnectionWaitEvent.POOL);
                int conn = type.field(ConnectionWaitEvent.CONNECTION_ID);
                int success = type.field(ConnectionWaitEvent.SUCCESS);
                int[] s = state(type);
                yield ev -> l.connectionWait(new Events.ConnectionWait(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), ev.getString(pool), ev.getString(conn),
                        ev.getBoolean(success), ev.getInt(s[0]), ev.getInt(s[1]), ev.getInt(s[2]),
                        ev.getInt(s[3])));
            }
            case ConnectionHoldEvent.NAME -> {
                int pool = type.field(ConnectionHoldEvent.POOL);
                int conn = type.field(ConnectionHoldEvent.CONNECTION_ID);
                int[] s = state(type);
                yield ev -> l.connectionHold(new Events.ConnectionHold(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), ev.getString(pool), ev.getString(conn),
                        ev.getInt(s[0]),
                        ev.getInt(s[1]), ev.getInt(s[2]), ev.getInt(s[3])));
            }
            case RedisWaitEvent.NAME -> {
                int command = type.field(RedisWaitEvent.COMMAND);
                int success = type.field(RedisWaitEvent.SUCCESS);
                yield ev -> l.redisWait(new Events.RedisWait(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), ev.getString(command), ev.getBoolean(success)));
            }
            case RedisRoundTripEvent.NAME -> {
                int command = type.field(RedisRoundTripEvent.COMMAND);
                int caller = type.field(RedisRoundTripEvent.CALLER_THREAD_ID);
                int success = type.field(RedisRoundTripEvent.SUCCESS);
                int id = type.field(RedisRoundTripEvent.REQUEST_ID);
                yield ev -> l.redisRoundTrip(new Events.RedisRoundTrip(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), ev.getString(command), ev.getLong(caller),
                        ev.getBoolean(success), ev.getString(id)));
            }
            case HttpCallEvent.NAME -> {
                int target = type.field(HttpCallEvent.TARGET);
                int method = type.field(HttpCallEvent.METHOD);
                int status = type.field(HttpCallEvent.STATUS);
                int failed = type.field(HttpCallEvent.FAILED);
                int error = type.field(HttpCallEvent.ERROR);
                int client = type.field(HttpCallEvent.CLIENT);
                int blocking = type.field(HttpCallEvent.BLOCKING);
                int caller = type.field(HttpCallEvent.CALLER_THREAD_ID);
                int id = type.field(HttpCallEvent.REQUEST_ID);
                int held = type.field(HttpCallEvent.CONNECTIONS_HELD);
                yield ev -> l.httpCall(new Events.HttpCall(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), ev.getString(target), ev.getString(method), ev.getInt(status),
                        ev.getBoolean(failed), ev.getString(error), ev.getString(client),
                        ev.getBoolean(blocking),
                        ev.getLong(caller), ev.getString(id), ev.getInt(held)));
            }
            case R2dbcAcquireEvent.NAME -> {
                int pool = type.field(R2dbcAcquireEvent.POOL);
                int id = type.field(R2dbcAcquireEvent.REQUEST_ID);
                int conn = type.field(R2dbcAcquireEvent.CONNECTION_ID);
                int outcome = type.field(R2dbcAcquireEvent.OUTCOME);
                int acquired = type.field(R2dbcAcquireEvent.ACQUIRED);
                int idle = type.field(R2dbcAcquireEvent.IDLE);
                int pending = type.field(R2dbcAcquireEvent.PENDING);
                int max = type.field(R2dbcAcquireEvent.MAX);
                yield ev -> l.r2dbcAcquire(new Events.R2dbcAcquire(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), ev.getString(pool), ev.getString(id),
                        ev.getString(conn),
                        ev.getString(outcome), ev.getInt(acquired), ev.getInt(idle), ev.getInt(pending),
                        ev.getInt(max)));
            }
            case R2dbcHoldEvent.NAME -> {
                int pool = type.field(R2dbcHoldEvent.POOL);
                int id = type.field(R2dbcHoldEvent.REQUEST_ID);
                int conn = type.field(R2dbcHoldEvent.CONNECTION_ID);
                yield ev -> l.r2dbcHold(new Events.R2dbcHold(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), ev.getString(pool), ev.getString(id), ev.getString(conn)));
            }
            case R2dbcPoolEvent.NAME -> {
                int pool = type.field(R2dbcPoolEvent.POOL);
                int acquired = type.field(R2dbcPoolEvent.ACQUIRED);
                int idle = type.field(R2dbcPoolEvent.IDLE);
                int pending = type.field(R2dbcPoolEvent.PENDING);
                int allocated = type.field(R2dbcPoolEvent.ALLOCATED);
                int max = type.field(R2dbcPoolEvent.MAX);
                yield ev -> l.r2dbcPool(new Events.R2dbcPoolGauge(ev.startNanos(), ev.getString(pool),
                        ev.getInt(acquired), ev.getInt(idle), ev.getInt(pending), ev.getInt(allocated),
                        ev.getInt(max)));
            }
            case StatementEvent.NAME -> {
                int sql = type.field(StatementEvent.SQL);
                int kind = type.field(StatementEvent.KIND);
                int rows = type.field(StatementEvent.ROWS);
                int batch = type.field(StatementEvent.BATCH_SIZE);
                int success = type.field(StatementEvent.SUCCESS);
                int conn = type.field(StatementEvent.CONNECTION_ID);
                int id = type.field(StatementEvent.REQUEST_ID);
                // A few distinct texts and kinds, shared like paths: an N+1 sends thousands of each.
                yield ev -> l.statement(new Events.Statement(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), shared(ev.getString(sql)), shared(ev.getString(kind)),
                        ev.getLong(rows),
                        ev.getInt(batch), ev.getBoolean(success), ev.getString(conn), ev.getString(id)));
            }
            case LoopStallEvent.NAME -> {
                int kind = type.field(LoopStallEvent.KIND);
                int stack = type.field(LoopStallEvent.STACK);
                int after = type.field(LoopStallEvent.STACK_AFTER_NANOS);
                yield ev -> l.loopStall(new Events.LoopStall(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), ev.getString(kind), ev.getString(stack), ev.getLong(after)));
            }
            case WorkerPoolEvent.NAME -> {
                int server = type.field(WorkerPoolEvent.SERVER);
                int busy = type.field(WorkerPoolEvent.BUSY);
                int size = type.field(WorkerPoolEvent.SIZE);
                int max = type.field(WorkerPoolEvent.MAX);
                int queued = type.field(WorkerPoolEvent.QUEUED);
                yield ev -> l.workerPool(new Events.WorkerPoolGauge(ev.startNanos(), ev.getString(server),
                        ev.getInt(busy), ev.getInt(size), ev.getInt(max), ev.getInt(queued)));
            }
            case HikariPoolEvent.NAME -> {
                int pool = type.field(HikariPoolEvent.POOL);
                int[] s = state(type);
                int max = type.field(HikariPoolEvent.MAX);
                yield ev -> l.hikariPool(new Events.HikariPoolGauge(ev.startNanos(), ev.getString(pool),
                        ev.getInt(s[0]), ev.getInt(s[1]), ev.getInt(s[2]), ev.getInt(s[3]), ev.getInt(max)));
            }
            case ThreadSchedStatEvent.NAME -> {
                int os = type.field(ThreadSchedStatEvent.OS_THREAD_ID);
                int java = type.field(ThreadSchedStatEvent.JAVA_THREAD_ID);
                int name = type.field(ThreadSchedStatEvent.THREAD_NAME);
                int cpu = type.field(ThreadSchedStatEvent.CPU_NANOS);
                int delay = type.field(ThreadSchedStatEvent.RUN_DELAY_NANOS);
                int slices = type.field(ThreadSchedStatEvent.TIMESLICES);
                int vol = type.field(ThreadSchedStatEvent.VOLUNTARY_SWITCHES);
                int invol = type.field(ThreadSchedStatEvent.INVOLUNTARY_SWITCHES);
                int carrier = type.field(ThreadSchedStatEvent.CARRIER);
                yield ev -> l
                        .schedStat(new Events.SchedStat(ev.startNanos(), ev.getLong(os), ev.getLong(java),
                                ev.getString(name), ev.getLong(cpu), ev.getLong(delay), ev.getLong(slices),
                                ev.getLong(vol), ev.getLong(invol), ev.getBoolean(carrier)));
            }
            case AgentStatusEvent.NAME -> {
                int suppressed = type.field(AgentStatusEvent.SUPPRESSED_ERRORS);
                int dropped = type.field(AgentStatusEvent.DROPPED_EVENTS);
                int tracked = type.field(AgentStatusEvent.TRACKED_THREADS);
                yield ev -> l.agentStatus(new Events.AgentStatus(ev.startNanos(), ev.getLong(suppressed),
                        ev.getLong(dropped), ev.getInt(tracked)));
            }
            case JdkTypes.THREAD_PARK -> {
                int detail = type.field(JdkFields.PARKED_CLASS);
                int timeout = type.field(JdkFields.TIMEOUT);
                int until = type.field(JdkFields.UNTIL);
                yield ev -> {
                    Events.ThreadRef t = thread(ev, ev.threadKey());
                    l.threadWait(new Events.ThreadWait(t, ev.startNanos(), ev.endNanos(), park(ev),
                            ClassNames.readable(ev.getClassName(detail)), -1, parkDue(ev, timeout, until)));
                    lockSample(ev, t, detail);
                };
            }
            case JdkTypes.JAVA_MONITOR_ENTER -> monitor(type, Events.WaitKind.MONITOR_ENTER);
            case JdkTypes.JAVA_MONITOR_WAIT -> monitor(type, Events.WaitKind.MONITOR_WAIT);
            case JdkTypes.THREAD_SLEEP -> {
                int time = type.field(JdkFields.SLEEP_TIME);
                yield ev -> l.threadWait(new Events.ThreadWait(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), Events.WaitKind.SLEEP, "", -1, time < 0 ? -1 : ev.getSpanNanos(time)));
            }
            case JdkTypes.SOCKET_READ -> socket(type, Events.WaitKind.SOCKET_READ);
            case JdkTypes.SOCKET_WRITE -> socket(type, Events.WaitKind.SOCKET_WRITE);
            case JdkTypes.EXECUTION_SAMPLE -> {
                int sampled = type.field(JdkFields.SAMPLED_THREAD);
                yield ev -> {
                    Events.ThreadRef t = thread(ev, ev.threadKey(sampled));
                    l.cpuSample(new Events.CpuSample(t, ev.startNanos(), spin(ev)));
                    stackSample(ev, t, Events.StackKind.CPU);
                };
            }
            // The JDK samples a thread inside a native method only here, never as an execution sample: a thread
            // spinning in Thread.yield0 is on (or queued for) the CPU, so it counts as a CPU sample of the spin.
            case JdkTypes.NATIVE_METHOD_SAMPLE -> {
                int sampled = type.field(JdkFields.SAMPLED_THREAD);
                yield ev -> {
                    if (spin(ev)) {
                        l.cpuSample(new Events.CpuSample(thread(ev, ev.threadKey(sampled)), ev.startNanos(),
                                true));
                    }
                };
            }
            case JdkTypes.GC_PHASE_PAUSE -> {
                int name = type.field(JdkFields.GC_NAME);
                yield ev -> l.pause(new Events.Pause(ev.startNanos(), ev.endNanos(), Events.PauseKind.GC,
                        ev.getString(name)));
            }
            case JdkTypes.SAFEPOINT_BEGIN -> ev -> l.pause(new Events.Pause(ev.startNanos(), ev.endNanos(),
                    Events.PauseKind.SAFEPOINT, "safepoint"));
            case JdkTypes.GARBAGE_COLLECTION -> {
                int name = type.field(JdkFields.GC_NAME);
                int sum = type.field(JdkFields.SUM_OF_PAUSES);
                int longest = type.field(JdkFields.LONGEST_PAUSE);
                yield ev -> l
                        .garbageCollection(new Events.GarbageCollection(ev.startNanos(), ev.getString(name),
                                ev.getSpanNanos(sum), ev.getSpanNanos(longest)));
            }
            case JdkTypes.CPU_LOAD -> {
                int user = type.field(JdkFields.JVM_USER);
                int system = type.field(JdkFields.JVM_SYSTEM);
                int machine = type.field(JdkFields.MACHINE_TOTAL);
                yield ev -> l.cpuLoad(new Events.CpuLoad(ev.startNanos(), ev.getDouble(user),
                        ev.getDouble(system), ev.getDouble(machine)));
            }
            case JdkTypes.THREAD_CONTEXT_SWITCH_RATE -> {
                int rate = type.field(JdkFields.SWITCH_RATE);
                yield ev -> l
                        .contextSwitchRate(new Events.ContextSwitchRate(ev.startNanos(), ev.getDouble(rate)));
            }
            case JdkTypes.JAVA_THREAD_STATISTICS -> {
                int active = type.field(JdkFields.ACTIVE_COUNT);
                int daemon = type.field(JdkFields.DAEMON_COUNT);
                int peak = type.field(JdkFields.PEAK_COUNT);
                yield ev -> l.threadCount(new Events.ThreadCount(ev.startNanos(), ev.getLong(active),
                        ev.getLong(daemon), ev.getLong(peak)));
            }
            case JdkTypes.GC_HEAP_SUMMARY -> {
                int used = type.field(JdkFields.HEAP_USED);
                int when = type.field(JdkFields.WHEN);
                yield ev -> l.heapSummary(new Events.HeapSummary(ev.startNanos(), ev.getLong(used),
                        JdkFields.WHEN_AFTER_GC.equals(ev.getString(when))));
            }
            case JdkTypes.JVM_INFORMATION -> {
                int start = type.field(JdkFields.JVM_START_TIME);
                yield start < 0
                        ? null
                        : ev -> l.jvmStart(new Events.JvmStart(ev.startNanos(), ev.getEpochMillis(start)));
            }
            case JdkTypes.CLASS_LOADING_STATISTICS -> footprint(type, JdkFields.LOADED_CLASS_COUNT,
                    Events.FootprintKind.CLASSES_LOADED);
            case JdkTypes.GC_HEAP_MEMORY_USAGE ->
                footprint(type, JdkFields.USED, Events.FootprintKind.HEAP_USED);
            case JdkTypes.RESIDENT_SET_SIZE -> footprint(type, JdkFields.SIZE, Events.FootprintKind.RSS);
            case JdkTypes.VIRTUAL_THREAD_PINNED -> {
                int reason = type.field(JdkFields.PINNED_REASON);
                yield ev -> l.virtualThreadPinned(new Events.VirtualThreadPinned(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), site(ev), ev.getString(reason)));
            }
            case JdkTypes.GC_HEAP_CONFIGURATION -> {
                int max = type.field(JdkFields.MAX_SIZE);
                yield ev -> l
                        .heapConfiguration(new Events.HeapConfiguration(ev.startNanos(), ev.getLong(max)));
            }
            case JdkTypes.GC_CONFIGURATION -> {
                int young = type.field(JdkFields.YOUNG_COLLECTOR);
                int old = type.field(JdkFields.OLD_COLLECTOR);
                yield ev -> l.gcConfiguration(new Events.GcConfiguration(ev.startNanos(), ev.getString(young),
                        ev.getString(old)));
            }
            case JdkTypes.OBJECT_ALLOCATION_SAMPLE -> {
                int objectClass = type.field(JdkFields.OBJECT_CLASS);
                int weight = type.field(JdkFields.WEIGHT);
                yield ev -> l.allocationSample(new Events.AllocationSample(ev.startNanos(), site(ev),
                        ClassNames.readable(ev.getClassName(objectClass)), ev.getLong(weight)));
            }
            default -> null;
        };
    }

    private Handler request(EventType type) {
        int id = type.field(RequestEvent.REQUEST_ID);
        int method = type.field(RequestEvent.METHOD);
        int uri = type.field(RequestEvent.URI);
        int status = type.field(RequestEvent.STATUS);
        int server = type.field(RequestEvent.SERVER);
        int cpu = type.field(RequestEvent.CPU_NANOS);
        int delay = type.field(RequestEvent.RUN_DELAY_NANOS);
        return ev -> l.request(new Events.Request(thread(ev, ev.threadKey()), ev.startNanos(), ev.endNanos(),
                ev.getString(id), shared(ev.getString(method)), shared(ev.getString(uri)), ev.getInt(status),
                shared(ev.getString(server)), ev.getLong(cpu), ev.getLong(delay)));
    }

    /** The pool state fields active, idle, waiting and total. */
    private static int[] state(EventType type) {
        return new int[]{type.field(HikariPoolState.ACTIVE), type.field(HikariPoolState.IDLE),
                type.field(HikariPoolState.WAITING),
                type.field(HikariPoolState.TOTAL)};
    }

    private Handler monitor(EventType type, Events.WaitKind kind) {
        int detail = type.field(JdkFields.MONITOR_CLASS);
        int owner = kind == Events.WaitKind.MONITOR_ENTER ? type.field(JdkFields.PREVIOUS_OWNER) : -1;
        int timedOut = kind == Events.WaitKind.MONITOR_WAIT ? type.field(JdkFields.TIMED_OUT) : -1;
        int timeout = timedOut < 0 ? -1 : type.field(JdkFields.TIMEOUT);
        return ev -> {
            Events.ThreadRef t = thread(ev, ev.threadKey());
            long ownerKey = owner < 0 ? 0 : ev.threadKey(owner);
            long ownerId = ownerKey == 0 ? -1 : thread(ev, ownerKey).javaThreadId();
            long due = timeout >= 0 && ev.getBoolean(timedOut) ? ev.getSpanNanos(timeout) : -1;
            l.threadWait(
                    new Events.ThreadWait(t, ev.startNanos(), ev.endNanos(), kind,
                            ClassNames.readable(ev.getClassName(detail)), ownerId, due));
            if (kind == Events.WaitKind.MONITOR_ENTER) {
                lockSample(ev, t, detail);
            }
        };
    }

    /** The event's stack, made once per stack in the chunk, for the flame graphs of the JDK recording. */
    private void stackSample(JfrEvent ev, Events.ThreadRef thread, Events.StackKind kind) {
        long key = ev.stackKey();
        if (key == 0) {
            return;
        }
        Events.Stack stack = stacks.computeIfAbsent(key, k -> stack(ev.frames(k), null));
        l.stackSample(new Events.StackSample(thread.javaThreadId(), ev.startNanos(), kind, stack));
    }

    /** The first frame outside the JDK ("class.method"), once per stack in the chunk; "" without a stack. */
    private String site(JfrEvent ev) {
        long key = ev.stackKey();
        return key == 0 ? "" : sites.computeIfAbsent(key, k -> StackClassifier.site(ev, k, SITE_TOP_FRAMES));
    }

    /**
     * How long after its start a park was due to end by itself, when it did (-1: it was unparked, or had no limit): a
     * park for a time ({@code parkNanos}) that lasted it, or a park until a deadline ({@code parkUntil}, epoch
     * milliseconds) that lasted to it. Nothing unparked such a park: it timed out.
     */
    private static long parkDue(JfrEvent ev, int timeout, int until) {
        long start = ev.startNanos();
        long end = ev.endNanos();
        long limit = timeout < 0 ? -1 : ev.getSpanNanos(timeout);
        if (limit > 0) {
            return end - start >= limit ? limit : -1;
        }
        long deadlineMillis = until < 0 ? -1 : ev.getEpochMillis(until);
        if (deadlineMillis <= 0 || deadlineMillis > Long.MAX_VALUE / 1_000_000) {
            return -1;
        }
        long deadline = deadlineMillis * 1_000_000;
        return end >= deadline ? Math.max(0, deadline - start) : -1;
    }

    /** A park's or monitor enter's stack with the class waited on above its top frame. */
    private void lockSample(JfrEvent ev, Events.ThreadRef thread, int classField) {
        long key = ev.stackKey();
        if (key == 0) {
            return;
        }
        long classKey = ev.getLong(classField);
        Events.Stack stack = lockStacks.computeIfAbsent(key, k -> new LongMap<>()).computeIfAbsent(classKey,
                k -> stack(ev.frames(key),
                        classKey == 0 ? null : ClassNames.readable(ev.getClassName(classField))));
        l.stackSample(
                new Events.StackSample(thread.javaThreadId(), ev.startNanos(), Events.StackKind.LOCK, stack));
    }

    private static Events.Stack stack(JfrEvent.Frames f, String waitedOn) {
        int top = waitedOn == null ? 0 : 1;
        String[] frames = new String[f.size() + top];
        Events.FrameKind[] kinds = new Events.FrameKind[frames.length];
        if (waitedOn != null) {
            frames[0] = waitedOn;
            kinds[0] = Events.FrameKind.CLASS;
        }
        for (int i = 0; i < f.size(); i++) {
            frames[top + i] = f.frame(i);
            kinds[top + i] = Events.FrameKind.of(f.typeName(i));
        }
        return new Events.Stack(frames, kinds);
    }

    private Handler socket(EventType type, Events.WaitKind plain) {
        int host = type.field(JdkFields.HOST);
        int address = type.field(JdkFields.ADDRESS);
        int bytes = plain == Events.WaitKind.SOCKET_WRITE ? type.field(JdkFields.BYTES_WRITTEN) : -1;
        return ev -> {
            Events.WaitKind kind = bytes >= 0
                    && SocketPeer.cannotWait(ev.getString(address), ev.getLong(bytes))
                            ? Events.WaitKind.LOCAL_WRITE
                            : Boolean.TRUE.equals(databaseStacks.computeIfAbsent(ev.stackKey(),
                                    k -> StackClassifier.socket(ev.frames(k),
                                            plain) == Events.WaitKind.DATABASE_IO))
                                                    ? Events.WaitKind.DATABASE_IO
                                                    : plain;
            l.threadWait(
                    new Events.ThreadWait(thread(ev, ev.threadKey()), ev.startNanos(), ev.endNanos(), kind,
                            ev.getString(host)));
        };
    }

    private Handler footprint(EventType type, String field, Events.FootprintKind kind) {
        int f = type.field(field);
        return ev -> l.footprint(new Events.Footprint(ev.startNanos(), kind, ev.getLong(f)));
    }

    private Events.WaitKind park(JfrEvent ev) {
        return parks.computeIfAbsent(ev.stackKey(), k -> StackClassifier.park(ev.frames(k)));
    }

    private boolean spin(JfrEvent ev) {
        return spins.computeIfAbsent(ev.stackKey(), k -> StackClassifier.yieldSpin(ev.frames(k)));
    }

    private Events.ThreadRef thread(JfrEvent ev, long key) {
        Events.ThreadRef known = threads.get(key);
        if (known != null) {
            return known;
        }
        var t = ev.thread(key);
        Events.ThreadRef ref = t == null
                ? Events.ThreadRef.UNKNOWN
                : new Events.ThreadRef(t.javaThreadId(), t.osThreadId(), t.name(), t.virtual());
        threads.put(key, ref);
        return ref;
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
}

package dev.poolscope.analysis.recording;

import java.util.HashMap;
import java.util.Map;

import dev.poolscope.analysis.recording.jfr.EventSink;
import dev.poolscope.analysis.recording.jfr.EventType;
import dev.poolscope.analysis.recording.jfr.JfrEvent;

/**
 * Turns one chunk's events into the analysis' immutable values and hands them to a listener: the types poolscope
 * reads, each bound once per chunk to its field indices; every other type is skipped unparsed. Threads and stack
 * classifications are made once per chunk key.
 */
final class EventBinder implements EventSink {
    /** What a pass reads: the requests' keys alone, whole requests alone, or everything the analysis reads. */
    enum Mode {
        REQUEST_KEYS, REQUESTS, ALL
    }

    private final RecordingListener l;
    private final Mode mode;
    private final Map<Long, Events.ThreadRef> threads = new HashMap<>();
    private final Map<Long, Events.WaitKind> parks = new HashMap<>();
    private final Map<Long, Boolean> databaseStacks = new HashMap<>();
    private final Map<Long, Boolean> spins = new HashMap<>();
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
            int id = type.field("requestId");
            return ev -> l.requestPass(new Events.Request(thread(ev, ev.threadKey()), ev.startNanos(),
                    ev.endNanos(), ev.getString(id), "", "", -1, "", -1, -1));
        }
        return switch (type.name()) {
            case RecordingReader.REQUEST -> request(type);
            case "poolscope.ConnectionWait" -> {
                int pool = type.field("pool");
                int conn = type.field("connectionId");
                int success = type.field("success");
                int[] s = state(type);
                yield ev -> l.connectionWait(new Events.ConnectionWait(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), ev.getString(pool), ev.getString(conn),
                        ev.getBoolean(success), ev.getInt(s[0]), ev.getInt(s[1]), ev.getInt(s[2]),
                        ev.getInt(s[3])));
            }
            case "poolscope.ConnectionHold" -> {
                int pool = type.field("pool");
                int conn = type.field("connectionId");
                int[] s = state(type);
                yield ev -> l.connectionHold(new Events.ConnectionHold(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), ev.getString(pool), ev.getString(conn),
                        ev.getInt(s[0]),
                        ev.getInt(s[1]), ev.getInt(s[2]), ev.getInt(s[3])));
            }
            case "poolscope.RedisWait" -> {
                int command = type.field("command");
                int success = type.field("success");
                yield ev -> l.redisWait(new Events.RedisWait(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), ev.getString(command), ev.getBoolean(success)));
            }
            case "poolscope.RedisRoundTrip" -> {
                int command = type.field("command");
                int caller = type.field("callerThreadId");
                int success = type.field("success");
                int id = type.field("requestId");
                yield ev -> l.redisRoundTrip(new Events.RedisRoundTrip(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), ev.getString(command), ev.getLong(caller),
                        ev.getBoolean(success), ev.getString(id)));
            }
            case "poolscope.R2dbcAcquire" -> {
                int pool = type.field("pool");
                int id = type.field("requestId");
                int conn = type.field("connectionId");
                int outcome = type.field("outcome");
                int acquired = type.field("acquired");
                int idle = type.field("idle");
                int pending = type.field("pending");
                int max = type.field("max");
                yield ev -> l.r2dbcAcquire(new Events.R2dbcAcquire(thread(ev, ev.threadKey()),
                        ev.startNanos(), ev.endNanos(), ev.getString(pool), ev.getString(id),
                        ev.getString(conn),
                        ev.getString(outcome), ev.getInt(acquired), ev.getInt(idle), ev.getInt(pending),
                        ev.getInt(max)));
            }
            case "poolscope.R2dbcHold" -> {
                int pool = type.field("pool");
                int id = type.field("requestId");
                int conn = type.field("connectionId");
                yield ev -> l.r2dbcHold(new Events.R2dbcHold(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), ev.getString(pool), ev.getString(id), ev.getString(conn)));
            }
            case "poolscope.R2dbcPool" -> {
                int pool = type.field("pool");
                int acquired = type.field("acquired");
                int idle = type.field("idle");
                int pending = type.field("pending");
                int allocated = type.field("allocated");
                int max = type.field("max");
                yield ev -> l.r2dbcPool(new Events.R2dbcPoolGauge(ev.startNanos(), ev.getString(pool),
                        ev.getInt(acquired), ev.getInt(idle), ev.getInt(pending), ev.getInt(allocated),
                        ev.getInt(max)));
            }
            case "poolscope.LoopStall" -> {
                int kind = type.field("kind");
                int stack = type.field("stack");
                int after = type.field("stackAfterNanos");
                yield ev -> l.loopStall(new Events.LoopStall(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), ev.getString(kind), ev.getString(stack), ev.getLong(after)));
            }
            case "poolscope.WorkerPool" -> {
                int server = type.field("server");
                int busy = type.field("busy");
                int size = type.field("size");
                int max = type.field("max");
                int queued = type.field("queued");
                yield ev -> l.workerPool(new Events.WorkerPoolGauge(ev.startNanos(), ev.getString(server),
                        ev.getInt(busy), ev.getInt(size), ev.getInt(max), ev.getInt(queued)));
            }
            case "poolscope.HikariPool" -> {
                int pool = type.field("pool");
                int[] s = state(type);
                int max = type.field("max");
                yield ev -> l.hikariPool(new Events.HikariPoolGauge(ev.startNanos(), ev.getString(pool),
                        ev.getInt(s[0]), ev.getInt(s[1]), ev.getInt(s[2]), ev.getInt(s[3]), ev.getInt(max)));
            }
            case "poolscope.ThreadSchedStat" -> {
                int os = type.field("osThreadId");
                int java = type.field("javaThreadId");
                int name = type.field("threadName");
                int cpu = type.field("cpuNanos");
                int delay = type.field("runDelayNanos");
                int slices = type.field("timeslices");
                int vol = type.field("voluntarySwitches");
                int invol = type.field("involuntarySwitches");
                yield ev -> l
                        .schedStat(new Events.SchedStat(ev.startNanos(), ev.getLong(os), ev.getLong(java),
                                ev.getString(name), ev.getLong(cpu), ev.getLong(delay), ev.getLong(slices),
                                ev.getLong(vol), ev.getLong(invol)));
            }
            case "poolscope.AgentStatus" -> {
                int suppressed = type.field("suppressedErrors");
                int dropped = type.field("droppedEvents");
                int tracked = type.field("trackedThreads");
                yield ev -> l.agentStatus(new Events.AgentStatus(ev.startNanos(), ev.getLong(suppressed),
                        ev.getLong(dropped), ev.getInt(tracked)));
            }
            case "jdk.ThreadPark" -> {
                int detail = type.field("parkedClass");
                yield ev -> l.threadWait(new Events.ThreadWait(thread(ev, ev.threadKey()), ev.startNanos(),
                        ev.endNanos(), park(ev), ev.getClassName(detail)));
            }
            case "jdk.JavaMonitorEnter" -> monitor(type, Events.WaitKind.MONITOR_ENTER);
            case "jdk.JavaMonitorWait" -> monitor(type, Events.WaitKind.MONITOR_WAIT);
            case "jdk.ThreadSleep" -> ev -> l.threadWait(new Events.ThreadWait(thread(ev, ev.threadKey()),
                    ev.startNanos(), ev.endNanos(), Events.WaitKind.SLEEP, ""));
            case "jdk.SocketRead" -> socket(type, Events.WaitKind.SOCKET_READ);
            case "jdk.SocketWrite" -> socket(type, Events.WaitKind.SOCKET_WRITE);
            case "jdk.ExecutionSample" -> {
                int sampled = type.field("sampledThread");
                yield ev -> l
                        .cpuSample(new Events.CpuSample(thread(ev, ev.threadKey(sampled)), ev.startNanos(),
                                spin(ev)));
            }
            // The JDK samples a thread inside a native method only here, never as an execution sample: a thread
            // spinning in Thread.yield0 is on (or queued for) the CPU, so it counts as a CPU sample of the spin.
            case "jdk.NativeMethodSample" -> {
                int sampled = type.field("sampledThread");
                yield ev -> {
                    if (spin(ev)) {
                        l.cpuSample(new Events.CpuSample(thread(ev, ev.threadKey(sampled)), ev.startNanos(),
                                true));
                    }
                };
            }
            case "jdk.GCPhasePause" -> {
                int name = type.field("name");
                yield ev -> l.pause(new Events.Pause(ev.startNanos(), ev.endNanos(), Events.PauseKind.GC,
                        ev.getString(name)));
            }
            case "jdk.SafepointBegin" -> ev -> l.pause(new Events.Pause(ev.startNanos(), ev.endNanos(),
                    Events.PauseKind.SAFEPOINT, "safepoint"));
            case "jdk.GarbageCollection" -> {
                int name = type.field("name");
                int sum = type.field("sumOfPauses");
                int longest = type.field("longestPause");
                yield ev -> l
                        .garbageCollection(new Events.GarbageCollection(ev.startNanos(), ev.getString(name),
                                ev.getSpanNanos(sum), ev.getSpanNanos(longest)));
            }
            case "jdk.CPULoad" -> {
                int user = type.field("jvmUser");
                int system = type.field("jvmSystem");
                int machine = type.field("machineTotal");
                yield ev -> l.cpuLoad(new Events.CpuLoad(ev.startNanos(), ev.getDouble(user),
                        ev.getDouble(system), ev.getDouble(machine)));
            }
            case "jdk.ThreadContextSwitchRate" -> {
                int rate = type.field("switchRate");
                yield ev -> l
                        .contextSwitchRate(new Events.ContextSwitchRate(ev.startNanos(), ev.getDouble(rate)));
            }
            case "jdk.JavaThreadStatistics" -> {
                int active = type.field("activeCount");
                int daemon = type.field("daemonCount");
                int peak = type.field("peakCount");
                yield ev -> l.threadCount(new Events.ThreadCount(ev.startNanos(), ev.getLong(active),
                        ev.getLong(daemon), ev.getLong(peak)));
            }
            case "jdk.GCHeapSummary" -> {
                int used = type.field("heapUsed");
                int when = type.field("when");
                yield ev -> l.heapSummary(new Events.HeapSummary(ev.startNanos(), ev.getLong(used),
                        "After GC".equals(ev.getString(when))));
            }
            case "jdk.JVMInformation" -> {
                int start = type.field("jvmStartTime");
                yield start < 0
                        ? null
                        : ev -> l.jvmStart(new Events.JvmStart(ev.startNanos(), ev.getEpochMillis(start)));
            }
            case "jdk.ClassLoadingStatistics" -> footprint(type, "loadedClassCount",
                    Events.FootprintKind.CLASSES_LOADED);
            case "jdk.GCHeapMemoryUsage" -> footprint(type, "used", Events.FootprintKind.HEAP_USED);
            case "jdk.ResidentSetSize" -> footprint(type, "size", Events.FootprintKind.RSS);
            case "jdk.VirtualThreadPinned" -> ev -> l.virtualThreadPinned(
                    new Events.VirtualThreadPinned(thread(ev, ev.threadKey()), ev.startNanos(),
                            ev.endNanos()));
            default -> null;
        };
    }

    private Handler request(EventType type) {
        int id = type.field("requestId");
        int method = type.field("method");
        int uri = type.field("uri");
        int status = type.field("status");
        int server = type.field("server");
        int cpu = type.field("cpuNanos");
        int delay = type.field("runDelayNanos");
        return ev -> l.request(new Events.Request(thread(ev, ev.threadKey()), ev.startNanos(), ev.endNanos(),
                ev.getString(id), shared(ev.getString(method)), shared(ev.getString(uri)), ev.getInt(status),
                shared(ev.getString(server)), ev.getLong(cpu), ev.getLong(delay)));
    }

    /** The pool state fields active, idle, waiting and total. */
    private static int[] state(EventType type) {
        return new int[]{type.field("active"), type.field("idle"), type.field("waiting"),
                type.field("total")};
    }

    private Handler monitor(EventType type, Events.WaitKind kind) {
        int detail = type.field("monitorClass");
        return ev -> l.threadWait(new Events.ThreadWait(thread(ev, ev.threadKey()), ev.startNanos(),
                ev.endNanos(), kind, ev.getClassName(detail)));
    }

    private Handler socket(EventType type, Events.WaitKind plain) {
        int host = type.field("host");
        return ev -> {
            Events.WaitKind kind = Boolean.TRUE.equals(databaseStacks.computeIfAbsent(ev.stackKey(),
                    k -> StackClassifier.socket(ev.frames(k), plain) == Events.WaitKind.DATABASE_IO))
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

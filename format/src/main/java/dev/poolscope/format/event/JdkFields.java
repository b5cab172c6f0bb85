package dev.poolscope.format.event;

/**
 * The fields poolscope reads of the JDK's events ({@link JdkTypes}), with the types that carry them (as JDK Mission
 * Control's JdkAttributes).
 */
public final class JdkFields {
    /** jdk.ThreadPark: the class of the object parked on. */
    public static final String PARKED_CLASS = "parkedClass";
    /** jdk.JavaMonitorEnter, jdk.JavaMonitorWait. */
    public static final String MONITOR_CLASS = "monitorClass";
    /** jdk.SocketRead, jdk.SocketWrite: the remote host. */
    public static final String HOST = "host";
    /** jdk.SocketRead, jdk.SocketWrite: the remote address, as an IP literal. */
    public static final String ADDRESS = "address";
    /** jdk.SocketWrite: bytes written by the call. */
    public static final String BYTES_WRITTEN = "bytesWritten";
    /** jdk.JavaMonitorEnter: the thread that last exited the monitor (the one whose exit let this thread in). */
    public static final String PREVIOUS_OWNER = "previousOwner";
    /** jdk.ThreadSleep: the time the thread asked to sleep. */
    public static final String SLEEP_TIME = "time";
    /** jdk.ThreadPark (nanoseconds; none: 0 or less), jdk.JavaMonitorWait (milliseconds): the wait's timeout. */
    public static final String TIMEOUT = "timeout";
    /**
     * jdk.ThreadPark: the deadline of a park until a time ({@code LockSupport.parkUntil}), epoch milliseconds; none: 0
     * or less.
     */
    public static final String UNTIL = "until";
    /** jdk.JavaMonitorWait: whether the wait ended at its timeout (no notify came). */
    public static final String TIMED_OUT = "timedOut";
    /** jdk.ExecutionSample, jdk.NativeMethodSample: the thread sampled (the event's own thread is the sampler's). */
    public static final String SAMPLED_THREAD = "sampledThread";
    /** jdk.GCPhasePause (the phase), jdk.GarbageCollection (the collector). */
    public static final String GC_NAME = "name";
    /** jdk.GarbageCollection. */
    public static final String SUM_OF_PAUSES = "sumOfPauses";
    /** jdk.GarbageCollection. */
    public static final String LONGEST_PAUSE = "longestPause";
    /** jdk.CPULoad. */
    public static final String JVM_USER = "jvmUser";
    /** jdk.CPULoad. */
    public static final String JVM_SYSTEM = "jvmSystem";
    /** jdk.CPULoad. */
    public static final String MACHINE_TOTAL = "machineTotal";
    /** jdk.ThreadContextSwitchRate. */
    public static final String SWITCH_RATE = "switchRate";
    /** jdk.JavaThreadStatistics. */
    public static final String ACTIVE_COUNT = "activeCount";
    /** jdk.JavaThreadStatistics. */
    public static final String DAEMON_COUNT = "daemonCount";
    /** jdk.JavaThreadStatistics. */
    public static final String PEAK_COUNT = "peakCount";
    /** jdk.GCHeapSummary. */
    public static final String HEAP_USED = "heapUsed";
    /** jdk.GCHeapSummary: {@link #WHEN_AFTER_GC} or "Before GC". */
    public static final String WHEN = "when";
    /** The value of jdk.GCHeapSummary's {@link #WHEN} after a collection. */
    public static final String WHEN_AFTER_GC = "After GC";
    /** jdk.GCHeapConfiguration: the maximum heap (-Xmx, or the JVM's own choice). */
    public static final String MAX_SIZE = "maxSize";
    /** jdk.GCConfiguration: the young generation's collector ("G1New", "DefNew", "ParallelScavenge", ...). */
    public static final String YOUNG_COLLECTOR = "youngCollector";
    /** jdk.GCConfiguration: the old generation's collector ("G1Old", "SerialOld", "ParallelOld", ...). */
    public static final String OLD_COLLECTOR = "oldCollector";
    /** jdk.ObjectAllocationSample: the class allocated. */
    public static final String OBJECT_CLASS = "objectClass";
    /** jdk.ObjectAllocationSample: the bytes the sample stands for; their sum estimates all allocation. */
    public static final String WEIGHT = "weight";
    /** jdk.VirtualThreadPinned, JDK 24+: why the thread could not unmount ("Native or VM frame on stack", ...). */
    public static final String PINNED_REASON = "pinnedReason";
    /** jdk.JVMInformation. */
    public static final String JVM_START_TIME = "jvmStartTime";
    /** jdk.ClassLoadingStatistics. */
    public static final String LOADED_CLASS_COUNT = "loadedClassCount";
    /** jdk.GCHeapMemoryUsage. */
    public static final String USED = "used";
    /** jdk.ResidentSetSize. */
    public static final String SIZE = "size";

    private JdkFields() {
    }
}

package dev.poolscope.format.event;

/**
 * The names of the JDK's and async-profiler's event types that the agent enables and the analysis reads (as JDK
 * Mission Control's JdkTypeIDs): one spelling for both sides. docs/reference/recording-format.md says which settings the agent
 * gives each.
 */
public final class JdkTypes {
    public static final String THREAD_PARK = "jdk.ThreadPark";
    public static final String JAVA_MONITOR_ENTER = "jdk.JavaMonitorEnter";
    public static final String JAVA_MONITOR_WAIT = "jdk.JavaMonitorWait";
    public static final String THREAD_SLEEP = "jdk.ThreadSleep";
    public static final String SOCKET_READ = "jdk.SocketRead";
    public static final String SOCKET_WRITE = "jdk.SocketWrite";
    /** The JDK's CPU samples; async-profiler's CPU samples in async-profiler.jfr carry the same name. */
    public static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    public static final String NATIVE_METHOD_SAMPLE = "jdk.NativeMethodSample";
    public static final String THREAD_CONTEXT_SWITCH_RATE = "jdk.ThreadContextSwitchRate";
    public static final String CPU_LOAD = "jdk.CPULoad";
    public static final String JAVA_THREAD_STATISTICS = "jdk.JavaThreadStatistics";
    public static final String JVM_INFORMATION = "jdk.JVMInformation";
    public static final String CLASS_LOADING_STATISTICS = "jdk.ClassLoadingStatistics";
    public static final String GC_HEAP_MEMORY_USAGE = "jdk.GCHeapMemoryUsage";
    public static final String RESIDENT_SET_SIZE = "jdk.ResidentSetSize";
    public static final String THREAD_CPU_LOAD = "jdk.ThreadCPULoad";
    public static final String GARBAGE_COLLECTION = "jdk.GarbageCollection";
    public static final String GC_PHASE_PAUSE = "jdk.GCPhasePause";
    public static final String GC_HEAP_SUMMARY = "jdk.GCHeapSummary";
    /** The heap's sizes as configured (at the start of every chunk). */
    public static final String GC_HEAP_CONFIGURATION = "jdk.GCHeapConfiguration";
    /** The collectors in use (at the start of every chunk). */
    public static final String GC_CONFIGURATION = "jdk.GCConfiguration";
    /** The JDK's throttled allocation samples: each weighs the bytes its thread allocated since its last one. */
    public static final String OBJECT_ALLOCATION_SAMPLE = "jdk.ObjectAllocationSample";
    public static final String SAFEPOINT_BEGIN = "jdk.SafepointBegin";
    public static final String THREAD_START = "jdk.ThreadStart";
    public static final String THREAD_END = "jdk.ThreadEnd";
    public static final String VIRTUAL_THREAD_PINNED = "jdk.VirtualThreadPinned";

    /** async-profiler's wall-clock samples, in async-profiler.jfr. */
    public static final String PROFILER_WALL_CLOCK_SAMPLE = "profiler.WallClockSample";

    private JdkTypes() {
    }
}

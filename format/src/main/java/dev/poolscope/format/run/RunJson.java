package dev.poolscope.format.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * {@code run.json}: what the launcher knew about a run, written by {@code ./poolscope run} (and sweep, experiment,
 * scenarios) and by {@code ./poolscope attach}, rewritten as the run goes, and read by the analysis and the benches.
 * Every field may be absent (null): a run stopped early, an attached JVM, an older launcher. Fields absent from a
 * file are omitted when written; fields this record does not know are ignored when read, so an older or newer
 * run.json still reads. Components are in the order the launcher learns them, which is the file's order. Over 300
 * lines because it is one file's format whole: its parts and the builder both writers fill, so a field is added in
 * one place and the compiler finds every writer and reader that must know it.
 *
 * @param mode
 *            {@code attach} for {@code ./poolscope attach} (then {@code pid}, {@code command} and
 *            {@code javaVersion} say which JVM); absent for a run the launcher started
 * @param appArgs
 *            the lab app's options as given
 * @param jmeterProps
 *            JMeter properties ({@code -J}) as given
 * @param jvmOptions
 *            extra options of the app's JVM ({@code bench overhead --jvm-mode}); absent when none
 * @param instanceCount
 *            the number of instances behind the balancer; absent for one
 * @param appCommand
 *            {@code --app-cmd}: the user's command as it was started, with {@code readyUrl}
 * @param app
 *            the fields of the app's ready line ({@code url}, {@code server}, {@code workers}, ...), all strings
 * @param appCpuDuringLoad
 *            {@code [epochMs, cpuMs]} readings of the app's JVMs' CPU time during the load
 * @param agentState
 *            attach: the agent's last state message after its stop
 * @param error
 *            why the run ended early
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunJson(String poolscopeVersion, String mode, Long pid, String command, String javaVersion,
        String plan, String planFile, List<String> appArgs, Map<String, String> jmeterProps,
        Integer warmupSeconds, Boolean primeCache, Integer durationSeconds, Boolean agent,
        String agentOptions,
        List<String> jvmOptions, Phases phases, Integer instanceCount, String writtenAt,
        List<String> appCommand,
        String readyUrl, Map<String, String> app, List<Instance> instances, Long warmupRequests,
        Long warmupProductsPrimed, List<long[]> appCpuDuringLoad, Integer jmeterExitCode, Memory memory,
        Integer appExitCode, Boolean appDied, Balancer balancer, Results results, String agentState,
        String error) {

    /** The mode of {@code ./poolscope attach}. */
    public static final String ATTACH = "attach";

    /** Epoch milliseconds at which each phase began or ended; absent when the run did not get there. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Phases(Long appStartMs, Long appReadyMs, Long attachMs, Long warmupStartMs,
            Long warmupEndMs,
            Long loadStartMs, Long loadEndMs, Long appStoppedMs, Long stoppedMs, Long analysedMs) {
        /** No phase known. */
        public static final Phases NONE = new Phases(null, null, null, null, null, null, null, null, null,
                null);
    }

    /**
     * The app after the load, after a full GC ({@code heapUsedAfterGcBytes} from its actuator, {@code probeError} when
     * that failed) and its process' resident size and threads (Linux).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Memory(Long heapUsedAfterGcBytes, String probeError, Long rssBytes, Long osThreads) {
    }

    /** One instance of a run of several: its agent folder, log, pid and ready line's fields. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Instance(String agent, String log, Long pid, Map<String, String> app) {
    }

    /** The balancer in front of several instances: its port and what went through it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Balancer(Integer port, List<Long> connections, Long bytesToInstances, Long bytesToClients,
            Long failedConnects) {
    }

    /** JMeter's results of the load phase. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Results(Long samples, Long errors, Double errorRate, Double throughputPerSecond,
            Map<String, Long> errorsByCode) {
    }

    /** Whether this run was recorded by attaching to a running JVM. */
    public boolean attached() {
        return ATTACH.equals(mode);
    }

    /** A launcher's run.json as it grows: set what is known, {@link #build()} at each write. */
    public static Builder builder(String poolscopeVersion) {
        return new Builder(poolscopeVersion);
    }

    /** Mutable, for one writer thread; {@link #build()} copies the lists it was given. */
    public static final class Builder {
        private final String poolscopeVersion;
        private String mode;
        private Long pid;
        private String command;
        private String javaVersion;
        private String plan;
        private String planFile;
        private List<String> appArgs;
        private Map<String, String> jmeterProps;
        private Integer warmupSeconds;
        private Boolean primeCache;
        private Integer durationSeconds;
        private Boolean agent;
        private String agentOptions;
        private List<String> jvmOptions;
        private Integer instanceCount;
        private String writtenAt;
        private List<String> appCommand;
        private String readyUrl;
        private Map<String, String> app;
        private List<Instance> instances;
        private Long warmupRequests;
        private Long warmupProductsPrimed;
        private List<long[]> appCpuDuringLoad;
        private Integer jmeterExitCode;
        private Memory memory;
        private Integer appExitCode;
        private Boolean appDied;
        private Balancer balancer;
        private Results results;
        private String agentState;
        private String error;
        private Long appStartMs;
        private Long appReadyMs;
        private Long attachMs;
        private Long warmupStartMs;
        private Long warmupEndMs;
        private Long loadStartMs;
        private Long loadEndMs;
        private Long appStoppedMs;
        private Long stoppedMs;
        private Long analysedMs;

        private Builder(String poolscopeVersion) {
            this.poolscopeVersion = poolscopeVersion;
        }

        public RunJson build() {
            return new RunJson(poolscopeVersion, mode, pid, command, javaVersion, plan, planFile, appArgs,
                    jmeterProps, warmupSeconds, primeCache, durationSeconds, agent, agentOptions, jvmOptions,
                    new Phases(appStartMs, appReadyMs, attachMs, warmupStartMs, warmupEndMs, loadStartMs,
                            loadEndMs, appStoppedMs, stoppedMs, analysedMs),
                    instanceCount, writtenAt, appCommand, readyUrl, app, instances, warmupRequests,
                    warmupProductsPrimed, appCpuDuringLoad == null ? null : new ArrayList<>(appCpuDuringLoad),
                    jmeterExitCode, memory, appExitCode, appDied, balancer, results, agentState, error);
        }

        public Builder attached(long pid, String command, String javaVersion) {
            this.mode = ATTACH;
            this.pid = pid;
            this.command = command;
            this.javaVersion = javaVersion;
            return this;
        }

        public Builder plan(String plan, String planFile) {
            this.plan = plan;
            this.planFile = planFile;
            return this;
        }

        public Builder appArgs(List<String> appArgs) {
            this.appArgs = appArgs;
            return this;
        }

        public Builder jmeterProps(Map<String, String> jmeterProps) {
            this.jmeterProps = jmeterProps;
            return this;
        }

        public Builder warmupSeconds(int warmupSeconds) {
            this.warmupSeconds = warmupSeconds;
            return this;
        }

        public Builder primeCache(boolean primeCache) {
            this.primeCache = primeCache;
            return this;
        }

        public Builder durationSeconds(int durationSeconds) {
            this.durationSeconds = durationSeconds;
            return this;
        }

        /** Whether the agent was asked for, and its options (null: the defaults). */
        public Builder agent(boolean agent, String agentOptions) {
            this.agent = agent;
            this.agentOptions = agentOptions;
            return this;
        }

        public Builder jvmOptions(List<String> jvmOptions) {
            this.jvmOptions = jvmOptions;
            return this;
        }

        public Builder instanceCount(int instanceCount) {
            this.instanceCount = instanceCount;
            return this;
        }

        public Builder writtenAt(String writtenAt) {
            this.writtenAt = writtenAt;
            return this;
        }

        public Builder appCommand(List<String> appCommand, String readyUrl) {
            this.appCommand = appCommand;
            this.readyUrl = readyUrl;
            return this;
        }

        public Builder app(Map<String, String> app) {
            this.app = app;
            return this;
        }

        public Builder instances(List<Instance> instances) {
            this.instances = instances;
            return this;
        }

        public Builder warmupRequests(long warmupRequests) {
            this.warmupRequests = warmupRequests;
            return this;
        }

        public Builder warmupProductsPrimed(long warmupProductsPrimed) {
            this.warmupProductsPrimed = warmupProductsPrimed;
            return this;
        }

        /** The list the CPU sampler fills; it is copied at each {@link #build()}. */
        public Builder appCpuDuringLoad(List<long[]> appCpuDuringLoad) {
            this.appCpuDuringLoad = appCpuDuringLoad;
            return this;
        }

        public Builder jmeterExitCode(int jmeterExitCode) {
            this.jmeterExitCode = jmeterExitCode;
            return this;
        }

        public Builder memory(Memory memory) {
            this.memory = memory;
            return this;
        }

        public Builder appExitCode(int appExitCode) {
            this.appExitCode = appExitCode;
            return this;
        }

        public Builder appDied() {
            this.appDied = true;
            return this;
        }

        public Builder balancer(Balancer balancer) {
            this.balancer = balancer;
            return this;
        }

        public Builder results(Results results) {
            this.results = results;
            return this;
        }

        public Builder agentState(String agentState) {
            this.agentState = agentState;
            return this;
        }

        public Builder error(String error) {
            this.error = error;
            return this;
        }

        public Builder appStartMs(long ms) {
            this.appStartMs = ms;
            return this;
        }

        public Builder appReadyMs(long ms) {
            this.appReadyMs = ms;
            return this;
        }

        public Builder attachMs(long ms) {
            this.attachMs = ms;
            return this;
        }

        public Builder warmupStartMs(long ms) {
            this.warmupStartMs = ms;
            return this;
        }

        public Builder warmupEndMs(long ms) {
            this.warmupEndMs = ms;
            return this;
        }

        public Builder loadStartMs(long ms) {
            this.loadStartMs = ms;
            return this;
        }

        public Builder loadEndMs(long ms) {
            this.loadEndMs = ms;
            return this;
        }

        public Builder appStoppedMs(long ms) {
            this.appStoppedMs = ms;
            return this;
        }

        public Builder stoppedMs(long ms) {
            this.stoppedMs = ms;
            return this;
        }

        public Builder analysedMs(long ms) {
            this.analysedMs = ms;
            return this;
        }
    }
}

package dev.poolscope.format.summary;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The figures and diagnosis of one run in {@code summary.json} (docs/reference/summary-json.md says what each means): the whole
 * file of a run ({@link SummaryFile} adds {@code agent_cpu}), the service level of a run of several instances and
 * each instance in it ({@link InstancesFile}). The analysis writes it; compare, check, scenarios and the benches read
 * it. Each JSON name is a constant, used in the component's {@code @JsonProperty} and by readers that address a
 * figure by its path ({@link SummaryPaths}), so writer and readers spell it once. Times are milliseconds. A null is
 * written as {@code null}: the run did not measure it. Fields a reader does not know are ignored, so an older or newer
 * summary still reads; a field it lacks reads as null.
 *
 * <p>
 * Over 300 lines because it is one file's format whole, its nested parts beside it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Summary(@JsonProperty(THROUGHPUT_RPS) Double throughputRps,
        @JsonProperty(ERROR_RATE) Double errorRate,
        @JsonProperty(SERVER_FAILURES) ServerFailures serverFailures,
        @JsonProperty(CLIENT_MS) Distribution clientMs,
        @JsonProperty(SERVER_MS) Distribution serverMs,
        @JsonProperty(POOL_WAIT_MS) Distribution poolWaitMs,
        @JsonProperty(HOLD_MS) Distribution holdMs,
        @JsonProperty(BACKLOG_MS) Distribution backlogMs,
        @JsonProperty(CPU_PROCESS) Double cpuProcess,
        @JsonProperty(CPU_MACHINE) Double cpuMachine,
        @JsonProperty(CONTEXT_SWITCHES_PER_S) Double contextSwitchesPerS,
        @JsonProperty(GC_PAUSE_MS_TOTAL) Double gcPauseMsTotal,
        @JsonProperty(DIAGNOSIS) List<RuleOutcome> diagnosis,
        @JsonProperty(PRIMARY_CAUSE) String primaryCause,
        @JsonProperty(CAUSE_CHAIN) List<CauseLink> causeChain,
        @JsonProperty(CAUSE_LINKS) List<CauseLink> causeLinks,
        @JsonProperty(CAUSE_CHAIN_SENTENCE) String causeChainSentence,
        @JsonProperty(RECOMMENDATION_KIND) String recommendationKind,
        @JsonProperty(RECOMMENDATION) String recommendation,
        @JsonProperty(RECOMMENDED_THREADS) Integer recommendedThreads,
        @JsonProperty(RECOMMENDED_THREADS_ARITHMETIC) List<String> recommendedThreadsArithmetic,
        @JsonProperty(DURATION_S) Double durationS,
        @JsonProperty(WINDOW_START_MS) Long windowStartMs,
        @JsonProperty(WINDOW_END_MS) Long windowEndMs,
        @JsonProperty(WINDOW_SOURCE) String windowSource,
        @JsonProperty(STEADY_STATE) @JsonInclude(JsonInclude.Include.NON_NULL) SteadyState steadyState,
        @JsonProperty(REQUESTS) Long requests,
        @JsonProperty(CLIENT_SAMPLES) Long clientSamples,
        @JsonProperty(HEAP_USED_MAX_BYTES) Long heapUsedMaxBytes,
        @JsonProperty(LIVE_THREADS_MAX) Long liveThreadsMax,
        @JsonProperty(WORKER_RUN_DELAY_SHARE) Double workerRunDelayShare,
        @JsonProperty(WORKER_RUN_DELAY_MS_PER_S) Double workerRunDelayMsPerS,
        @JsonProperty(CARRIER_RUN_DELAY_SHARE) @JsonInclude(JsonInclude.Include.NON_NULL) Double carrierRunDelayShare,
        @JsonProperty(CARRIER_WAITING_SHARE) @JsonInclude(JsonInclude.Include.NON_NULL) Double carrierWaitingShare,
        @JsonProperty(STARTUP_MS) Long startupMs,
        @JsonProperty(IDLE_HEAP_USED_BYTES) Long idleHeapUsedBytes,
        @JsonProperty(IDLE_CLASSES_LOADED) Long idleClassesLoaded,
        @JsonProperty(IDLE_LIVE_THREADS) Long idleLiveThreads,
        @JsonProperty(IDLE_RSS_BYTES) Long idleRssBytes,
        @JsonProperty(STARTUP) Startup startup,
        @JsonProperty(WORKER_POOL) WorkerPool workerPool,
        @JsonProperty(EVENT_LOOPS) EventLoops eventLoops,
        @JsonProperty(SERVER_MS_BY_CAUSE) Map<String, Double> serverMsByCause,
        @JsonProperty(SERVER_MS_SAMPLED_BY_CAUSE) Map<String, Double> serverMsSampledByCause,
        @JsonProperty(POOL_SIZE) Integer poolSize,
        @JsonProperty(MAX_THREADS) Integer maxThreads,
        @JsonProperty(SERVER) String server,
        @JsonProperty(JOIN) Join join,
        @JsonProperty(RECORDING) Recording recording,
        @JsonProperty(NOTES) List<String> notes,
        @JsonProperty(STATEMENTS) @JsonInclude(JsonInclude.Include.NON_NULL) Statements statements) {

    public static final String THROUGHPUT_RPS = "throughput_rps";
    public static final String ERROR_RATE = "error_rate";
    public static final String SERVER_FAILURES = "server_failures";
    public static final String CLIENT_MS = "client_ms";
    public static final String SERVER_MS = "server_ms";
    public static final String POOL_WAIT_MS = "pool_wait_ms";
    public static final String HOLD_MS = "hold_ms";
    public static final String BACKLOG_MS = "backlog_ms";
    public static final String CPU_PROCESS = "cpu_process";
    public static final String CPU_MACHINE = "cpu_machine";
    public static final String CONTEXT_SWITCHES_PER_S = "context_switches_per_s";
    public static final String GC_PAUSE_MS_TOTAL = "gc_pause_ms_total";
    public static final String DIAGNOSIS = "diagnosis";
    public static final String PRIMARY_CAUSE = "primary_cause";
    public static final String CAUSE_CHAIN = "cause_chain";
    public static final String CAUSE_LINKS = "cause_links";
    public static final String CAUSE_CHAIN_SENTENCE = "cause_chain_sentence";
    public static final String RECOMMENDATION_KIND = "recommendation_kind";
    public static final String RECOMMENDATION = "recommendation";
    public static final String RECOMMENDED_THREADS = "recommended_threads";
    public static final String RECOMMENDED_THREADS_ARITHMETIC = "recommended_threads_arithmetic";
    public static final String DURATION_S = "duration_s";
    public static final String WINDOW_START_MS = "window_start_ms";
    public static final String WINDOW_END_MS = "window_end_ms";
    public static final String WINDOW_SOURCE = "window_source";
    public static final String STEADY_STATE = "steady_state";
    public static final String REQUESTS = "requests";
    public static final String CLIENT_SAMPLES = "client_samples";
    public static final String HEAP_USED_MAX_BYTES = "heap_used_max_bytes";
    public static final String LIVE_THREADS_MAX = "live_threads_max";
    public static final String WORKER_RUN_DELAY_SHARE = "worker_run_delay_share";
    public static final String WORKER_RUN_DELAY_MS_PER_S = "worker_run_delay_ms_per_s";
    public static final String CARRIER_RUN_DELAY_SHARE = "carrier_run_delay_share";
    public static final String CARRIER_WAITING_SHARE = "carrier_waiting_share";
    public static final String STARTUP_MS = "startup_ms";
    public static final String IDLE_HEAP_USED_BYTES = "idle_heap_used_bytes";
    public static final String IDLE_CLASSES_LOADED = "idle_classes_loaded";
    public static final String IDLE_LIVE_THREADS = "idle_live_threads";
    public static final String IDLE_RSS_BYTES = "idle_rss_bytes";
    public static final String STARTUP = "startup";
    public static final String WORKER_POOL = "worker_pool";
    public static final String EVENT_LOOPS = "event_loops";
    public static final String SERVER_MS_BY_CAUSE = "server_ms_by_cause";
    public static final String SERVER_MS_SAMPLED_BY_CAUSE = "server_ms_sampled_by_cause";
    public static final String POOL_SIZE = "pool_size";
    public static final String MAX_THREADS = "max_threads";
    public static final String SERVER = "server";
    public static final String JOIN = "join";
    public static final String RECORDING = "recording";
    public static final String NOTES = "notes";
    public static final String STATEMENTS = "statements";

    /** No summary: every field unknown. */
    public static final Summary NONE = new Summary(null, null, null, null, null, null, null, null, null, null,
            null, null,
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null,
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, null, null);

    /** Failed requests by where they failed. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ServerFailures(@JsonProperty(HTTP_5XX) Long http5xx, @JsonProperty(REDIS) Long redis,
            @JsonProperty(GET_CONNECTION) Long getConnection) {
        public static final String HTTP_5XX = "http_5xx";
        public static final String REDIS = "redis";
        public static final String GET_CONNECTION = "get_connection";
    }

    /** A distribution of times in milliseconds, and how many there were. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Distribution(@JsonProperty(P50) Double p50, @JsonProperty(P95) Double p95,
            @JsonProperty(P99) Double p99, @JsonProperty(MAX) Double max, @JsonProperty(MEAN) Double mean,
            @JsonProperty(COUNT) Long count) {
        public static final String P50 = "p50";
        public static final String P95 = "p95";
        public static final String P99 = "p99";
        public static final String MAX = "max";
        public static final String MEAN = "mean";
        public static final String COUNT = "count";
    }

    /**
     * One rule's result. {@code score} is null when the rule had too little data; {@code evidence} maps each figure's
     * name (with its unit in parentheses) to its value.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RuleOutcome(@JsonProperty(RULE) String rule, @JsonProperty(SCORE) Integer score,
            @JsonProperty(SEVERITY) String severity, @JsonProperty(SENTENCE) String sentence,
            @JsonProperty(EVIDENCE) Map<String, Double> evidence) {
        public static final String RULE = "rule";
        public static final String SCORE = "score";
        public static final String SEVERITY = "severity";
        public static final String SENTENCE = "sentence";
        public static final String EVIDENCE = "evidence";
    }

    /** One link of the cause chain: {@code rule} explains {@code share} of {@code explains}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CauseLink(@JsonProperty(RULE) String rule, @JsonProperty(EXPLAINS) String explains,
            @JsonProperty(SHARE) Double share) {
        public static final String RULE = "rule";
        public static final String EXPLAINS = "explains";
        public static final String SHARE = "share";
    }

    /**
     * Whether the load settled, and what was left out before the steady part: {@code status} is {@code steady},
     * {@code transient} (the first {@code transient_s} of load were left out; the window starts at
     * {@code steady_start_ms}), {@code unsettled} (no steady part: the whole window), {@code burst} (every request sent
     * before a mean one was answered: not judged), {@code too-short} or
     * {@code not-judged}; {@code drain_s}: the seconds left out at the end, after the last request sent (the window
     * ends where it was sent). Absent from a summary.json written before it existed ({@code drain_s}: before the
     * drain was left out).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SteadyState(@JsonProperty(STATUS) String status, @JsonProperty(SKIPPED_S) Double skippedS,
            @JsonProperty(JUDGED_S) Double judgedS, @JsonProperty(TRANSIENT_S) Double transientS,
            @JsonProperty(STEADY_START_MS) Long steadyStartMs, @JsonProperty(SHIFTS) List<Shift> shifts,
            @JsonProperty(SENTENCE) String sentence, @JsonProperty(DRAIN_S) Double drainS) {
        public static final String STATUS = "status";
        public static final String SKIPPED_S = "skipped_s";
        public static final String JUDGED_S = "judged_s";
        public static final String TRANSIENT_S = "transient_s";
        public static final String STEADY_START_MS = "steady_start_ms";
        public static final String SHIFTS = "shifts";
        public static final String SENTENCE = "sentence";
        public static final String DRAIN_S = "drain_s";

        /**
         * One measure over the first {@code lead_s} of load against the rest, in milliseconds per request, and the
         * series' second-to-second noise.
         */
        @JsonIgnoreProperties(ignoreUnknown = true)
        public record Shift(@JsonProperty(MEASURE) String measure, @JsonProperty(LEAD_S) Double leadS,
                @JsonProperty(LEAD_MS_PER_REQUEST) Double leadMsPerRequest,
                @JsonProperty(REST_MS_PER_REQUEST) Double restMsPerRequest,
                @JsonProperty(NOISE_MS) Double noiseMs) {
            public static final String MEASURE = "measure";
            public static final String LEAD_S = "lead_s";
            public static final String LEAD_MS_PER_REQUEST = "lead_ms_per_request";
            public static final String REST_MS_PER_REQUEST = "rest_ms_per_request";
            public static final String NOISE_MS = "noise_ms";
        }
    }

    /** Where the start-up figures came from, in epoch milliseconds. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Startup(@JsonProperty(JVM_START_EPOCH_MS) Long jvmStartEpochMs,
            @JsonProperty(FIRST_REQUEST_START_EPOCH_MS) Long firstRequestStartEpochMs,
            @JsonProperty(FIRST_REQUEST_END_EPOCH_MS) Long firstRequestEndEpochMs,
            @JsonProperty(IDLE_SAMPLED_MS_BEFORE_FIRST_REQUEST) Long idleSampledMsBeforeFirstRequest) {
        public static final String JVM_START_EPOCH_MS = "jvm_start_epoch_ms";
        public static final String FIRST_REQUEST_START_EPOCH_MS = "first_request_start_epoch_ms";
        public static final String FIRST_REQUEST_END_EPOCH_MS = "first_request_end_epoch_ms";
        public static final String IDLE_SAMPLED_MS_BEFORE_FIRST_REQUEST = "idle_sampled_ms_before_first_request";
    }

    /**
     * The server's worker pool in the window. {@code busy_source} is absent when there were no samples: it says
     * whether the server or the requests in flight gave the busy counts.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record WorkerPool(@JsonProperty(SAMPLES) Long samples, @JsonProperty(MAX) Integer max,
            @JsonProperty(BUSY_SOURCE) @JsonInclude(JsonInclude.Include.NON_NULL) String busySource,
            @JsonProperty(BUSY_MAX) Integer busyMax, @JsonProperty(ALL_BUSY_SHARE) Double allBusyShare) {
        public static final String SAMPLES = "samples";
        public static final String MAX = "max";
        public static final String BUSY_SOURCE = "busy_source";
        public static final String BUSY_MAX = "busy_max";
        public static final String ALL_BUSY_SHARE = "all_busy_share";
    }

    /** The reactive stack's event loops, their stalls and the frames that blocked them; null for servlet servers. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EventLoops(@JsonProperty(LOOPS) Long loops, @JsonProperty(STALLS) Long stalls,
            @JsonProperty(STALL_MS) Double stallMs, @JsonProperty(BLOCKED_STALLS) Long blockedStalls,
            @JsonProperty(BLOCKED_MS) Double blockedMs, @JsonProperty(BLOCKED_SHARE) Double blockedShare,
            @JsonProperty(QUEUE_BEHIND_BLOCKED_MS) Double queueBehindBlockedMs,
            @JsonProperty(QUEUE_BEHIND_CPU_MS) Double queueBehindCpuMs,
            @JsonProperty(OTHER_LOOP_STALLS) Long otherLoopStalls,
            @JsonProperty(OTHER_LOOP_STALL_MS) Double otherLoopStallMs,
            @JsonProperty(REDIS_LOOP_BUSY_SHARE) Double redisLoopBusyShare,
            @JsonProperty(BLOCKING_FRAMES) List<Frame> blockingFrames,
            @JsonProperty(CPU_FRAMES) List<Frame> cpuFrames) {
        public static final String LOOPS = "loops";
        public static final String STALLS = "stalls";
        public static final String STALL_MS = "stall_ms";
        public static final String BLOCKED_STALLS = "blocked_stalls";
        public static final String BLOCKED_MS = "blocked_ms";
        public static final String BLOCKED_SHARE = "blocked_share";
        public static final String QUEUE_BEHIND_BLOCKED_MS = "queue_behind_blocked_ms";
        public static final String QUEUE_BEHIND_CPU_MS = "queue_behind_cpu_ms";
        public static final String OTHER_LOOP_STALLS = "other_loop_stalls";
        public static final String OTHER_LOOP_STALL_MS = "other_loop_stall_ms";
        public static final String REDIS_LOOP_BUSY_SHARE = "redis_loop_busy_share";
        public static final String BLOCKING_FRAMES = "blocking_frames";
        public static final String CPU_FRAMES = "cpu_frames";

        /** A frame that stalled the loops: how often and for how long. */
        @JsonIgnoreProperties(ignoreUnknown = true)
        public record Frame(@JsonProperty(FRAME) String frame, @JsonProperty(COUNT) Long count,
                @JsonProperty(MS) Double ms) {
            public static final String FRAME = "frame";
            public static final String COUNT = "count";
            public static final String MS = "ms";
        }
    }

    /** How client samples and server spans were paired, and what was left out of the window. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Join(@JsonProperty(MATCHED) Long matched,
            @JsonProperty(MATCHED_BY_PATH_AND_TIME) Long matchedByPathAndTime,
            @JsonProperty(APPROXIMATE) Boolean approximate, @JsonProperty(MATCH_RATE) Double matchRate,
            @JsonProperty(SERVER_ONLY) Long serverOnly, @JsonProperty(CLIENT_ONLY) Long clientOnly,
            @JsonProperty(CLIENT_WITHOUT_ID_UNMATCHED) Long clientWithoutIdUnmatched,
            @JsonProperty(WARMUP_EXCLUDED) Long warmupExcluded,
            @JsonProperty(REQUESTS_OUTSIDE_WINDOW) Long requestsOutsideWindow,
            @JsonProperty(CLIENT_OUTSIDE_WINDOW) Long clientOutsideWindow) {
        public static final String MATCHED = "matched";
        public static final String MATCHED_BY_PATH_AND_TIME = "matched_by_path_and_time";
        public static final String APPROXIMATE = "approximate";
        public static final String MATCH_RATE = "match_rate";
        public static final String SERVER_ONLY = "server_only";
        public static final String CLIENT_ONLY = "client_only";
        public static final String CLIENT_WITHOUT_ID_UNMATCHED = "client_without_id_unmatched";
        public static final String WARMUP_EXCLUDED = "warmup_excluded";
        public static final String REQUESTS_OUTSIDE_WINDOW = "requests_outside_window";
        public static final String CLIENT_OUTSIDE_WINDOW = "client_outside_window";
    }

    /**
     * The SQL statements (poolscope.Statement), absent when the recording has none (so older files read and write back
     * unchanged): every execution in the window, the
     * share of connection-hold time spent inside one, and the texts with the most time, most first.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Statements(@JsonProperty(EXECUTIONS) Long executions,
            @JsonProperty(DISTINCT) Integer distinct,
            @JsonProperty(TOTAL_MS) Double totalMs, @JsonProperty(HOLD_SHARE) Double holdShare,
            @JsonProperty(TOP) List<Statement> top) {
        public static final String EXECUTIONS = "executions";
        public static final String DISTINCT = "distinct";
        public static final String TOTAL_MS = "total_ms";
        public static final String HOLD_SHARE = "hold_share";
        public static final String TOP = "top";

        /**
         * One normalised text: its executions, time, the rows drivers returned ({@code rows} null when none did), its
         * share of the connection-hold time, executions per request that ran it and the most in one request, the
         * request paths that ran it, and how its time grew with the statements running at once ({@code growth}: 0
         * not at all, 1 in proportion; null when not measurable).
         */
        @JsonIgnoreProperties(ignoreUnknown = true)
        public record Statement(@JsonProperty(SQL) String sql, @JsonProperty(COUNT) Long count,
                @JsonProperty(FAILURES) Long failures, @JsonProperty(TOTAL_MS) Double totalMs,
                @JsonProperty(MEAN_MS) Double meanMs, @JsonProperty(FASTEST_MS) Double fastestMs,
                @JsonProperty(P99_MS) Double p99Ms,
                @JsonProperty(ROWS) Long rows,
                @JsonProperty(HOLD_SHARE) Double holdShare, @JsonProperty(PER_REQUEST) Double perRequest,
                @JsonProperty(MAX_PER_REQUEST) Long maxPerRequest, @JsonProperty(PATHS) List<String> paths,
                @JsonProperty(GROWTH) Double growth, @JsonProperty(SATURATED) Boolean saturated) {
            public static final String SQL = "sql";
            public static final String COUNT = "count";
            public static final String FAILURES = "failures";
            public static final String MEAN_MS = "mean_ms";
            public static final String FASTEST_MS = "fastest_ms";
            public static final String P99_MS = "p99_ms";
            public static final String ROWS = "rows";
            public static final String PER_REQUEST = "per_request";
            public static final String MAX_PER_REQUEST = "max_per_request";
            public static final String PATHS = "paths";
            public static final String GROWTH = "growth";
            public static final String SATURATED = "saturated";
        }
    }

    /** The JDK recording that was read: {@code {}} when none could be. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Recording(@JsonProperty(FROM_REPOSITORY) Boolean fromRepository,
            @JsonProperty(PARTIAL) Boolean partial, @JsonProperty(LAST_EVENT_MS) Long lastEventMs,
            @JsonProperty(LAST_EVENT_S_INTO_WINDOW) Double lastEventSIntoWindow,
            @JsonProperty(EVENTS) Long events, @JsonProperty(WARNINGS) List<String> warnings) {
        public static final String FROM_REPOSITORY = "from_repository";
        public static final String PARTIAL = "partial";
        public static final String LAST_EVENT_MS = "last_event_ms";
        public static final String LAST_EVENT_S_INTO_WINDOW = "last_event_s_into_window";
        public static final String EVENTS = "events";
        public static final String WARNINGS = "warnings";
        /** No recording was read. */
        public static final Recording NONE = new Recording(null, null, null, null, null, null);
    }
}

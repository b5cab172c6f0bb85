package dev.poolscope.format.summary;

/**
 * Figures inside summary.json's groups by their dotted path, as compare and check address them
 * ({@code client_ms.p99}): each distribution's statistics, and the worker pool's size and saturation.
 */
public final class SummaryPaths {
    public static final String CLIENT_P50 = Summary.CLIENT_MS + "." + Summary.Distribution.P50;
    public static final String CLIENT_P95 = Summary.CLIENT_MS + "." + Summary.Distribution.P95;
    public static final String CLIENT_P99 = Summary.CLIENT_MS + "." + Summary.Distribution.P99;
    public static final String CLIENT_MAX = Summary.CLIENT_MS + "." + Summary.Distribution.MAX;
    public static final String CLIENT_MEAN = Summary.CLIENT_MS + "." + Summary.Distribution.MEAN;
    public static final String CLIENT_COUNT = Summary.CLIENT_MS + "." + Summary.Distribution.COUNT;

    public static final String SERVER_P50 = Summary.SERVER_MS + "." + Summary.Distribution.P50;
    public static final String SERVER_P95 = Summary.SERVER_MS + "." + Summary.Distribution.P95;
    public static final String SERVER_P99 = Summary.SERVER_MS + "." + Summary.Distribution.P99;
    public static final String SERVER_MAX = Summary.SERVER_MS + "." + Summary.Distribution.MAX;
    public static final String SERVER_MEAN = Summary.SERVER_MS + "." + Summary.Distribution.MEAN;
    public static final String SERVER_COUNT = Summary.SERVER_MS + "." + Summary.Distribution.COUNT;

    public static final String POOL_WAIT_P50 = Summary.POOL_WAIT_MS + "." + Summary.Distribution.P50;
    public static final String POOL_WAIT_P95 = Summary.POOL_WAIT_MS + "." + Summary.Distribution.P95;
    public static final String POOL_WAIT_P99 = Summary.POOL_WAIT_MS + "." + Summary.Distribution.P99;
    public static final String POOL_WAIT_MAX = Summary.POOL_WAIT_MS + "." + Summary.Distribution.MAX;
    public static final String POOL_WAIT_MEAN = Summary.POOL_WAIT_MS + "." + Summary.Distribution.MEAN;
    public static final String POOL_WAIT_COUNT = Summary.POOL_WAIT_MS + "." + Summary.Distribution.COUNT;

    public static final String HOLD_P50 = Summary.HOLD_MS + "." + Summary.Distribution.P50;
    public static final String HOLD_P95 = Summary.HOLD_MS + "." + Summary.Distribution.P95;
    public static final String HOLD_P99 = Summary.HOLD_MS + "." + Summary.Distribution.P99;
    public static final String HOLD_MAX = Summary.HOLD_MS + "." + Summary.Distribution.MAX;
    public static final String HOLD_MEAN = Summary.HOLD_MS + "." + Summary.Distribution.MEAN;
    public static final String HOLD_COUNT = Summary.HOLD_MS + "." + Summary.Distribution.COUNT;

    public static final String BACKLOG_P50 = Summary.BACKLOG_MS + "." + Summary.Distribution.P50;
    public static final String BACKLOG_P95 = Summary.BACKLOG_MS + "." + Summary.Distribution.P95;
    public static final String BACKLOG_P99 = Summary.BACKLOG_MS + "." + Summary.Distribution.P99;
    public static final String BACKLOG_MAX = Summary.BACKLOG_MS + "." + Summary.Distribution.MAX;
    public static final String BACKLOG_MEAN = Summary.BACKLOG_MS + "." + Summary.Distribution.MEAN;
    public static final String BACKLOG_COUNT = Summary.BACKLOG_MS + "." + Summary.Distribution.COUNT;

    public static final String WORKER_POOL_MAX = Summary.WORKER_POOL + "." + Summary.WorkerPool.MAX;
    public static final String WORKER_POOL_ALL_BUSY_SHARE = Summary.WORKER_POOL + "."
            + Summary.WorkerPool.ALL_BUSY_SHARE;

    private SummaryPaths() {
    }
}

package dev.poolscope.analysis.model;

/**
 * The part of the recording the figures cover, in epoch nanoseconds (inclusive). Requests and JMeter samples count
 * when they start inside it; gauges when they were taken inside it.
 */
public record MeasuredWindow(long startNanos, long endNanos, Source source) {

    /** Where the window came from, best first. */
    public enum Source {
        LOAD_PHASE("run.json", "the load phase in run.json"), JMETER("jmeter",
                "the JMeter samples' span (no run.json)"), REQUESTS("requests",
                        "the server requests' span (no run.json and no JMeter samples)"), RECORDING(
                                "recording",
                                "the whole recording (no run.json, no JMeter samples and no requests)");

        private final String id;
        private final String description;

        Source(String id, String description) {
            this.id = id;
            this.description = description;
        }

        public String id() {
            return id;
        }

        public String description() {
            return description;
        }
    }

    public static MeasuredWindow ofMillis(long startMs, long endMs, Source source) {
        return new MeasuredWindow(startMs * 1_000_000L, endMs * 1_000_000L, source);
    }

    public boolean contains(long epochNanos) {
        return epochNanos >= startNanos && epochNanos <= endNanos;
    }

    public long startMillis() {
        return Math.floorDiv(startNanos, 1_000_000L);
    }

    public long endMillis() {
        return Math.floorDiv(endNanos, 1_000_000L);
    }

    public double seconds() {
        return Math.max(0, endNanos - startNanos) / 1e9;
    }
}

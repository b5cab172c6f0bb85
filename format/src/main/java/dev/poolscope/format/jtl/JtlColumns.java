package dev.poolscope.format.jtl;

/**
 * The columns of JMeter's CSV results that poolscope reads, by their header names (JMeter's own, and the
 * {@code requestId} sample variable the plans add). {@link JtlRows} finds them by name, so their order does not matter.
 */
public final class JtlColumns {
    /** Epoch milliseconds at which the sample started. Required. */
    public static final String TIME_STAMP = "timeStamp";
    /** The sample's duration in milliseconds, to the last byte. Required. */
    public static final String ELAPSED = "elapsed";
    public static final String LABEL = "label";
    public static final String RESPONSE_CODE = "responseCode";
    /** {@code true} or {@code false}. */
    public static final String SUCCESS = "success";
    /** Active threads in all thread groups when the sample ended. */
    public static final String ALL_THREADS = "allThreads";
    /** Milliseconds to the first byte. */
    public static final String LATENCY = "Latency";
    /** Milliseconds to connect. */
    public static final String CONNECT = "Connect";
    public static final String URL = "URL";
    /** The X-Request-Id the plan sent (sample_variables=requestId); joins a sample to its server span. */
    public static final String REQUEST_ID = "requestId";

    private JtlColumns() {
    }
}

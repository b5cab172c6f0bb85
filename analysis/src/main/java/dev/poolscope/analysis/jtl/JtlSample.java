package dev.poolscope.analysis.jtl;

/**
 * One JMeter sample: what the load generator saw. {@code timeStampMillis} is the sample's start (JMeter's default),
 * {@code elapsedMillis} its full duration including connect and transfer.
 */
public record JtlSample(long timeStampMillis, long elapsedMillis, String label, String responseCode,
        boolean success,
        int allThreads, long latencyMillis, long connectMillis, String url, String requestId) {

    public long endMillis() {
        return timeStampMillis + elapsedMillis;
    }
}

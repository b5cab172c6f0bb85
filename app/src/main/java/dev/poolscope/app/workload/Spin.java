package dev.poolscope.app.workload;

/** CPU work the JIT cannot fold away: each step depends on the last (xorshift). */
public final class Spin {

    private Spin() {
    }

    public static long run(long iterations) {
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}

package dev.poolscope.agent.workers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The request pool outlives its server: metadata.json is written at shutdown, after the server may have stopped and its
 * pool been collected (the agent holds pools weakly). Tomcat's pool is read through the getters the JDK's
 * {@link ThreadPoolExecutor} has too, so the JDK's stands in for it here.
 */
class WorkerPoolsTest {
    private static final String TOMCAT = "org.apache.tomcat.util.threads.ThreadPoolExecutor";

    @Test
    void theRequestPoolIsTheLargestReadAndOutlivesItsCollection() throws Exception {
        register(6);
        register(4321);
        assertTrue(WorkerPools.gauges().stream().anyMatch(g -> g.max() == 4321),
                "both pools are read while alive");
        assertEquals(new WorkerPools.Gauge("tomcat", 0, 0, 4321, 0), WorkerPools.requestPool());

        for (int i = 0; i < 100 && WorkerPools.gauges().stream().anyMatch(g -> g.max() == 4321); i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertTrue(WorkerPools.gauges().stream().noneMatch(g -> g.max() == 4321), "the pool was collected");
        assertEquals(4321, WorkerPools.requestPool().max(), "its maximum is still the run's");
    }

    /** A pool nothing else holds, as after its server stopped. */
    private static void register(int max) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(0, max, 1, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>());
        WorkerPools.constructed(pool, TOMCAT);
        pool.shutdown();
    }
}

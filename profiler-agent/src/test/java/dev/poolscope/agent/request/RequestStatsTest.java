package dev.poolscope.agent.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RequestStatsTest {

    @Test
    void bucketsAreHalfOctavesWhoseUpperBoundCoversTheValue() {
        for (long micros : new long[]{2, 3, 5, 100, 1_000, 1_499, 1_500, 7_000_000}) {
            int b = RequestStats.bucketOf(micros);
            long upper = RequestStats.bucketUpperMicros(b);
            assertTrue(upper >= micros, micros + " fits under " + upper);
            assertTrue(upper <= micros * 2, micros + " bucket not wider than an octave: " + upper);
        }
    }

    @Test
    void p99IsTheBucketHoldingThe99thPercentile() {
        long[] counts = new long[RequestStats.BUCKETS];
        counts[RequestStats.bucketOf(1_000)] = 98;
        counts[RequestStats.bucketOf(500_000)] = 2;
        assertEquals(RequestStats.bucketUpperMicros(RequestStats.bucketOf(500_000)),
                RequestStats.p99(counts, 100));
        assertEquals(-1, RequestStats.p99(new long[RequestStats.BUCKETS], 0));
    }

    @Test
    void spansBegunBeforeTheRecordingRunsAreCountedAndANewRecordingCountsAgain() {
        RequestStats.recording(false);
        RequestStats.begin(false);
        RequestStats.begin(false);
        assertEquals(2, RequestStats.beganBeforeRecording());
        RequestStats.recording(true);
        RequestStats.begin(false);
        assertEquals(2, RequestStats.beganBeforeRecording(), "a span begun while recording is not counted");
        RequestStats.recording(false);
        assertEquals(0, RequestStats.beganBeforeRecording(), "a new recording starts from zero");
        for (int i = 0; i < 3; i++) {
            RequestStats.end(1_000);
        }
    }

    @Test
    void serverNamesComeFromTheRequestClass() {
        assertEquals("tomcat", RequestHooks.serverOf("org.apache.catalina.connector.RequestFacade"));
        assertEquals("jetty", RequestHooks.serverOf("org.eclipse.jetty.ee10.servlet.ServletApiRequest"));
        assertEquals("undertow", RequestHooks.serverOf("io.undertow.servlet.spec.HttpServletRequestImpl"));
        assertEquals("netty", RequestHooks.serverOf("reactor.netty.http.server.HttpServerOperations"));
    }
}

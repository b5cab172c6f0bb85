package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;

class TimeJoinTest {

    private static final Events.ThreadRef T = new Events.ThreadRef(1, 1, "w", false);

    private static Events.Request span(String uri, long startMs, long endMs) {
        return new Events.Request(T, startMs * 1_000_000L + 300_000, endMs * 1_000_000L - 200_000, "", "GET",
                uri,
                200, "tomcat");
    }

    private static Events.Request span(String method, String uri, long startMs, long endMs, int status) {
        return new Events.Request(T, startMs * 1_000_000L + 300_000, endMs * 1_000_000L - 200_000, "", method,
                uri, status, "tomcat");
    }

    private static JtlSample sample(String url, long startMs, long elapsedMs) {
        return new JtlSample(startMs, elapsedMs, "s", "200", true, 1, elapsedMs, 0, url, null);
    }

    @Test
    void pathsAreComparedWithoutHostAndQuery() {
        assertThat(TimeJoin.path("http://127.0.0.1:8080/api/orders?id=3")).isEqualTo("/api/orders");
        assertThat(TimeJoin.path("/api/orders")).isEqualTo("/api/orders");
        assertThat(TimeJoin.path("http://127.0.0.1:8080")).isEqualTo("/");
        assertThat(TimeJoin.path(null)).isEmpty();
    }

    @Test
    void eachSpanJoinsTheSampleItLiesInOnce() {
        List<Events.Request> spans = List.of(span("/a", 100, 150), span("/a", 120, 300), span("/b", 110, 130),
                span("/a", 1000, 1010));
        List<JtlSample> samples = List.of(
                sample("http://h:1/a", 99, 60), // 99..159 holds span 0 only
                sample("http://h:1/a", 118, 190), // 118..308 holds spans 0 and 1; 0 is taken
                sample("http://h:1/b?x=1", 109, 30), // the /b span
                sample("http://h:1/a", 2000, 10), // nothing then
                sample("http://h:1/c", 100, 50)); // no such path
        JtlSample[] partner = new JtlSample[spans.size()];
        assertThat(TimeJoin.join(samples, spans, partner)).isEqualTo(new TimeJoin.Result(3, 0));
        assertThat(partner).containsExactly(samples.get(0), samples.get(1), samples.get(2), null);
    }

    @Test
    void twoMillisecondsOfSlackCoverJMetersWholeMillisecondClock() {
        // The span starts 100.3 ms and ends 149.8 ms on the recording's clock.
        List<Events.Request> spans = List.of(span("/a", 100, 150), span("/b", 100, 150));
        JtlSample[] partner = new JtlSample[2];
        List<JtlSample> samples = List.of(sample("/a", 102, 46), sample("/b", 103, 46));
        assertThat(TimeJoin.join(samples, spans, partner).matched()).isEqualTo(1);
        assertThat(partner).containsExactly(samples.get(0), null);
    }

    @Test
    void spansJoinedByIdAreNotOfferedAgain() {
        List<Events.Request> spans = List.of(span("/a", 100, 150));
        JtlSample byId = sample("/a", 99, 60);
        JtlSample[] partner = {byId};
        assertThat(TimeJoin.join(List.of(sample("/a", 99, 60)), spans, partner).matched()).isZero();
        assertThat(partner[0]).isSameAs(byId);
    }

    @Test
    void aSpanThatEndsAfterTheClientHasItsResponseStillJoins() {
        // A REST app's PUT answering 204 with a body: the client is done at the status line, the server's span
        // closes 3 to 40 ms later, past the 2 ms of slack. A GET beside them ends inside its sample.
        List<Events.Request> spans = List.of(span("PUT", "/api/orders/7", 100, 124, 204),
                span("PUT", "/api/orders/7", 130, 170, 204), span("PUT", "/api/orders/8", 140, 200, 204),
                span("GET", "/api/orders/7", 101, 110, 200));
        List<JtlSample> samples = List.of(sample("http://h:1/api/orders/7", 100, 20),
                sample("http://h:1/api/orders/7", 129, 10), sample("http://h:1/api/orders/8", 139, 20),
                sample("http://h:1/api/orders/7", 100, 11));
        JtlSample[] partner = new JtlSample[spans.size()];
        assertThat(TimeJoin.join(samples, spans, partner)).isEqualTo(new TimeJoin.Result(4, 3));
        assertThat(partner).containsExactly(samples.get(0), samples.get(1), samples.get(2), samples.get(3));
    }

    @Test
    void aSpanThatFitsWholeGoesToItsSampleBeforeOneThatEndedLate() {
        // The short sample's own span ends late; the long sample's span starts first and lies inside the long one.
        // Taking the earliest span that merely starts inside the short sample would give it the long one's.
        List<Events.Request> spans = List.of(span("/a", 101, 199), span("/a", 102, 125));
        JtlSample longer = sample("/a", 100, 100);
        JtlSample shorter = sample("/a", 100, 20);
        JtlSample[] partner = new JtlSample[2];
        assertThat(TimeJoin.join(List.of(shorter, longer), spans, partner))
                .isEqualTo(new TimeJoin.Result(2, 1));
        assertThat(partner).containsExactly(longer, shorter);
    }

    @Test
    void aSpanThatStartedBeforeItsSampleDoesNotJoinEvenLate() {
        List<Events.Request> spans = List.of(span("/a", 90, 200));
        JtlSample[] partner = new JtlSample[1];
        assertThat(TimeJoin.join(List.of(sample("/a", 100, 50)), spans, partner).matched()).isZero();
    }
}

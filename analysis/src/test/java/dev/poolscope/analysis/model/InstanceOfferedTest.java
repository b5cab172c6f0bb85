package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Two instances behind one balancer, each sent every other request: each instance's offered concurrency is its own
 * clients with a request outstanding, the service's all of them, counted second by second as for one JVM.
 */
class InstanceOfferedTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final MeasuredWindow WINDOW = new MeasuredWindow(T0, T0 + 24_000 * MS,
            MeasuredWindow.Source.LOAD_PHASE);

    /** A request sent every 50 ms for 20 s, each answered after 4 s: 80 outstanding, 40 at each instance. */
    static List<JtlSample> clients() {
        List<JtlSample> all = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            all.add(new JtlSample(T0 / MS + i * 50, 4000, "GET", "200", true, 80, 4000, 0, "http://lb/x",
                    "r-" + i));
        }
        return all;
    }

    /** Instance {@code n} (0 or 1) served the requests whose number has that parity; it read the whole .jtl. */
    static RunModel instance(int n, List<JtlSample> clients) {
        return instance(n, clients, new RunModelBuilder());
    }

    /** The same, into {@code b} (a builder with a small request cap: the requests are a sample). */
    static RunModel instance(int n, List<JtlSample> clients, RunModelBuilder b) {
        return instance(n, i -> i % 2 == n, clients, b);
    }

    /** Instance {@code n}, which served the requests {@code serves} takes. */
    static RunModel instance(int n, java.util.function.IntPredicate serves, List<JtlSample> clients,
            RunModelBuilder b) {
        b.measure(WINDOW);
        Events.ThreadRef worker = new Events.ThreadRef(40 + n, 4000 + n, "http-nio-8080-exec-1", false);
        List<Events.Request> requests = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            if (!serves.test(i)) {
                continue;
            }
            long sent = T0 + i * 50 * MS;
            requests.add(new Events.Request(worker, sent + MS, sent + 3999 * MS, "r-" + i, "GET", "/x", 200,
                    "tomcat"));
        }
        while (b.wantsRequestPass()) {
            requests.forEach(b::requestPass);
            b.requestPassEnd();
        }
        requests.forEach(b.events()::request);
        b.columns(true);
        clients.forEach(b);
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false,
                null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0,
                T0 + 24_000 * MS);
        return b.build(meta, info, null, List.of());
    }

    @Test
    void eachInstanceCountsItsOwnClientsAndTheServiceAllOfThem() {
        List<JtlSample> clients = clients();
        RunModel one = InstanceMerge.restrict(instance(0, clients));
        RunModel two = InstanceMerge.restrict(instance(1, clients));
        assertThat(one.client()).hasSize(200);
        assertThat(one.sampling().clientsOutstanding()).isEqualTo(40.0);
        assertThat(two.sampling().clientsOutstanding()).isEqualTo(40.0);
        RunModel service = InstanceMerge.merge(List.of(one, two), clients, List.of());
        assertThat(service.sampling().clientsOutstanding()).isEqualTo(80.0);
    }

    @Test
    void withAThinnedJtlTheKeptSamplesStandForTheStride() {
        // Every request kept, the .jtl's 400 samples thinned to at most 100: every 4th kept, standing for four. The
        // balancer sends runs of four to each instance, so the thinning keeps some of each one's samples.
        List<JtlSample> clients = clients();
        RunModel one = InstanceMerge
                .restrict(instance(0, i -> i / 4 % 2 == 0, clients, RunModelBuilder.withCaps(1_000, 100)));
        assertThat(one.sampling().requestEvery()).isEqualTo(1);
        assertThat(one.sampling().clientEvery()).isEqualTo(4);
        assertThat(one.sampling().clientsOutstanding()).isEqualTo(40.0);
    }

    @Test
    void withASampleOfTheRequestsTheirSamplesStandForTheStride() {
        // 200 requests at each instance, at most 50 kept: every 4th, whose samples stand for four.
        List<JtlSample> clients = clients();
        RunModel one = InstanceMerge.restrict(instance(0, clients, new RunModelBuilder(50, 1_000_000)));
        RunModel two = InstanceMerge.restrict(instance(1, clients, new RunModelBuilder(50, 1_000_000)));
        assertThat(one.sampling().requestEvery()).isEqualTo(4);
        assertThat(one.client()).hasSize(50);
        assertThat(one.sampling().clientsOutstanding()).isEqualTo(40.0);
        assertThat(two.sampling().clientsOutstanding()).isEqualTo(40.0);
        RunModel service = InstanceMerge.merge(List.of(one, two), one.client(), List.of());
        assertThat(service.sampling().clientsOutstanding()).isEqualTo(80.0);
    }
}

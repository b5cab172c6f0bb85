package dev.poolscope.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.Breakdown;
import dev.poolscope.analysis.model.RequestTimeline;

class ServerOnlyTest {

    private static RequestTimeline request(String method, String uri, int status, boolean joined) {
        JtlSample client = joined ? new JtlSample(1, 1, "s", "200", true, 1, 1, 0, uri, "id") : null;
        return new RequestTimeline("id", method, uri, status, 1, "w", 0, 1, new Breakdown(), 0, 0, 0, client);
    }

    @Test
    void serverOnlyRequestsAreCountedByMethodAndPathWithTheirStatuses() {
        List<RequestTimeline> requests = List.of(request("PUT", "/api/orders/7", 204, false),
                request("PUT", "/api/orders/8", 204, false), request("PUT", "/api/orders/9", 409, false),
                request("PUT", "/api/orders/10", 204, true), request("GET", "/api/ping?x=1", 200, false),
                request("GET", "/api/v2/items/abc", 200, false));
        Table t = new ServerOnly().table(requests);
        assertThat(t.header()).containsExactly("server-only requests", "method", "path (numbers as {n})",
                "status");
        assertThat(t.rows()).containsExactly(List.of("3", "PUT", "/api/orders/{n}", "204, 409"),
                List.of("1", "GET", "/api/ping", "200"), List.of("1", "GET", "/api/v2/items/abc", "200"));
    }

    @Test
    void pathsBeyondTheTenLargestShareOneRow() {
        List<RequestTimeline> requests = new ArrayList<>();
        for (int p = 0; p < 13; p++) {
            for (int i = 0; i <= p; i++) {
                requests.add(request("GET", "/p" + (char) ('a' + p), 200, false));
            }
        }
        Table t = new ServerOnly().table(requests);
        assertThat(t.rows()).hasSize(11);
        assertThat(t.rows().getFirst()).containsExactly("13", "GET", "/pm", "200");
        assertThat(t.rows().getLast()).containsExactly("6", "", "3 more methods and paths", "");
    }

    @Test
    void noTableWhenEveryRequestWasJoined() {
        assertThat(new ServerOnly().table(List.of(request("GET", "/a", 200, true)))).isNull();
    }
}

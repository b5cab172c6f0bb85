package dev.poolscope.cli.process;

import dev.poolscope.cli.UserError;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import dev.poolscope.format.run.RunJson;

/** The balancer in front of two real HTTP servers on loopback; and how instances find the first one's backends. */
class BalancerTest {

    @Test
    void connectionsGoRoundRobinAndTheRequestIdArrivesUntouched() throws Exception {
        List<HttpServer> servers = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (int n = 1; n <= 2; n++) {
            int instance = n;
            HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            s.createContext("/", x -> {
                byte[] body = (instance + ":" + x.getRequestHeaders().getFirst("X-Request-Id"))
                        .getBytes(StandardCharsets.UTF_8);
                x.getResponseHeaders().add("Connection", "close");
                x.sendResponseHeaders(200, body.length);
                x.getResponseBody().write(body);
                x.close();
            });
            s.start();
            servers.add(s);
            ports.add(s.getAddress().getPort());
        }
        try (Balancer b = Balancer.start(ports)) {
            List<String> bodies = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                // A new client each time: a new connection, so the next instance.
                HttpClient c = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                bodies.add(c.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + b.port() + "/x"))
                        .header("X-Request-Id", "id-" + i).build(), HttpResponse.BodyHandlers.ofString())
                        .body());
            }
            assertThat(bodies).containsExactly("1:id-0", "2:id-1", "1:id-2", "2:id-3");
            RunJson.Balancer stats = b.stats();
            assertThat(stats.connections()).isEqualTo(List.of(2L, 2L));
            assertThat(stats.failedConnects()).isEqualTo(0L);
        } finally {
            servers.forEach(s -> s.stop(0));
        }
    }

    @Test
    void theSharedDatabaseTakesEveryInstancesPool() {
        assertThat(AppGroup.maxConnections(List.of(), 2)).isEqualTo(100);
        assertThat(AppGroup.maxConnections(List.of("--pool-size=60"), 3)).isEqualTo(200);
    }

    @Test
    void otherInstancesGetTheFirstOnesBackendsUnlessTheUserGaveThem() {
        List<String> lines = List.of("started",
                "poolscope-app backends: PostgreSQL jdbc:postgresql://127.0.0.1:40123/postgres (embedded), Redis"
                        + " redis://127.0.0.1:40456 (embedded)",
                "poolscope-app ready: url=http://127.0.0.1:8080 server=tomcat");
        assertThat(AppGroup.sharedBackends(lines, List.of("--pool-size=4"))).containsExactly(
                "--db-url=jdbc:postgresql://127.0.0.1:40123/postgres", "--db-user=postgres", "--db-password=",
                "--redis-url=redis://127.0.0.1:40456");
        assertThat(AppGroup.sharedBackends(lines, List.of("--redis-url=redis://10.0.0.1:6379")))
                .containsExactly("--db-url=jdbc:postgresql://127.0.0.1:40123/postgres", "--db-user=postgres",
                        "--db-password=");
        assertThatThrownBy(() -> AppGroup.sharedBackends(List.of("no such line"), List.of()))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("printed no 'poolscope-app backends:' line");
    }
}

package dev.poolscope.agent.it;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Executors;

import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * A host that calls a slow local server once through each HTTP client the agent hooks, in a known order (the JDK's once more inside a HikariCP connection hold and once after it), one call at a
 * time on its main thread, and prints "called NAME" after each: HttpClientsIT reads the recording against this. The
 * server answers {@code /s/CODE} with that status after {@link #DELAY_MS}.
 */
public final class HttpClientsHost {
    static final long DELAY_MS = 120;

    private HttpClientsHost() {
    }

    public static void main(String[] args) throws Exception {
        // The agent starts its recording beside main: calls before it would not be recorded whole.
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!String.valueOf(System.getProperty("poolscope.agent.message")).startsWith("recording to")
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.createContext("/", exchange -> {
            try {
                Thread.sleep(DELAY_MS);
                String path = exchange.getRequestURI().getPath();
                int status = Integer.parseInt(path.substring(path.lastIndexOf('/') + 1));
                byte[] body = "ok".getBytes();
                exchange.sendResponseHeaders(status, body.length);
                exchange.getResponseBody().write(body);
            } catch (InterruptedException | RuntimeException e) {
                exchange.sendResponseHeaders(599, -1);
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
        String base = "http://127.0.0.1:" + server.getAddress().getPort();
        System.out.println("server " + base + " main thread " + Thread.currentThread().threadId());

        HttpClient jdk = HttpClient.newHttpClient();
        jdk.send(HttpRequest.newBuilder(URI.create(base + "/s/200")).build(),
                HttpResponse.BodyHandlers.ofString());
        called("jdk-send");
        jdk.sendAsync(HttpRequest.newBuilder(URI.create(base + "/s/201"))
                .POST(HttpRequest.BodyPublishers.ofString("x"))
                .build(), HttpResponse.BodyHandlers.ofString()).get();
        called("jdk-async");
        try {
            new RestTemplate().getForObject(base + "/s/404", String.class);
        } catch (RuntimeException expected) {
            called("resttemplate-404");
        }
        RestClient.builder().requestFactory(new JdkClientHttpRequestFactory(jdk)).build().get()
                .uri(base + "/s/202").retrieve().body(String.class);
        called("restclient-over-jdk");
        try (var apache4 = org.apache.http.impl.client.HttpClients.createDefault()) {
            apache4.execute(new org.apache.http.client.methods.HttpGet(base + "/s/203"),
                    response -> response.getStatusLine().getStatusCode());
        }
        called("apache4");
        try (var apache5 = HttpClients.createDefault()) {
            apache5.execute(new org.apache.hc.client5.http.classic.methods.HttpGet(base + "/s/206"),
                    response -> response.getCode());
        }
        called("apache5");
        okhttp3.OkHttpClient ok = new okhttp3.OkHttpClient();
        try (okhttp3.Response r = ok.newCall(new okhttp3.Request.Builder().url(base + "/s/500").build())
                .execute()) {
            r.body().string();
        }
        called("okhttp-500");
        WebClient.create(base).get().uri("/s/200").retrieve().bodyToMono(String.class)
                .block(Duration.ofSeconds(10));
        called("webclient");
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try {
            jdk.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + closed + "/x?token=1")).build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (IOException expected) {
            called("jdk-refused");
        }
        try (var apache5 = HttpClients.createDefault()) {
            new RestTemplate(new HttpComponentsClientHttpRequestFactory(apache5)).getForObject(
                    base + "/s/200",
                    String.class);
        }
        called("resttemplate-over-apache5");
        // The same client inside a connection hold: a pool of one, its connection borrowed across the call.
        com.zaxxer.hikari.HikariConfig config = new com.zaxxer.hikari.HikariConfig();
        config.setJdbcUrl("jdbc:h2:mem:calls");
        config.setMaximumPoolSize(1);
        try (com.zaxxer.hikari.HikariDataSource pool = new com.zaxxer.hikari.HikariDataSource(config)) {
            try (java.sql.Connection c = pool.getConnection()) {
                jdk.send(HttpRequest.newBuilder(URI.create(base + "/s/207")).build(),
                        HttpResponse.BodyHandlers.ofString());
            }
            called("jdk-inside-hold");
            jdk.send(HttpRequest.newBuilder(URI.create(base + "/s/208")).build(),
                    HttpResponse.BodyHandlers.ofString());
            called("jdk-after-hold");
        }
        server.stop(0);
        System.out.println("done");
        System.exit(0);
    }

    private static void called(String name) {
        System.out.println("called " + name);
    }
}

package dev.poolscope.app.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Makes the Redis server itself slow, for the lab's slow-Redis scenarios: another client of the same Redis keeps it
 * busy with {@code DEBUG SLEEP} of {@code lab.redis.stall-ms}, back to back. Redis runs commands one at a time, so
 * every reply the app waits for comes after the stall in progress ends (on average half a stall later). It is a
 * plain socket, not Lettuce: this client is not the app, and the profiler must not count its round trips.
 */
@Component
class RedisStall implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(RedisStall.class);

    private final int stallMs;
    private final String url;
    private volatile Thread thread;
    private volatile Socket socket;

    RedisStall(@Value("${lab.redis.stall-ms:0}") int stallMs,
            @Value("${spring.data.redis.url:redis://127.0.0.1:6379}") String url) {
        this.stallMs = stallMs;
        this.url = url;
    }

    @Override
    public void start() {
        if (stallMs <= 0) {
            return;
        }
        try {
            URI uri = URI.create(url);
            socket = new Socket(uri.getHost(), uri.getPort() < 0 ? 6379 : uri.getPort());
            // A Redis that refuses DEBUG (7.x without enable-debug-command) is found here, at start-up.
            sleep(socket, 0);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException(
                    "lab.redis.stall-ms needs a Redis that accepts DEBUG SLEEP: " + e.getMessage(),
                    e);
        }
        Thread t = new Thread(this::loop, "lab-redis-stall");
        t.setDaemon(true);
        thread = t;
        t.start();
        log.info("Redis stalled by DEBUG SLEEP {} ms, back to back", stallMs);
    }

    private void loop() {
        try {
            while (thread != null) {
                sleep(socket, stallMs);
            }
        } catch (IOException | RuntimeException e) {
            if (thread != null) {
                log.warn("Redis stall stopped: {}", e.toString());
            }
        }
    }

    private static void sleep(Socket s, int ms) throws IOException {
        String seconds = String.format(Locale.ROOT, "%.3f", ms / 1000.0);
        String command = "*3\r\n$5\r\nDEBUG\r\n$5\r\nSLEEP\r\n$" + seconds.length() + "\r\n" + seconds
                + "\r\n";
        OutputStream out = s.getOutputStream();
        out.write(command.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String reply = readLine(s.getInputStream());
        if (!reply.startsWith("+")) {
            throw new IOException("Redis answered DEBUG SLEEP with " + reply);
        }
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) != '\n') {
            if (c < 0) {
                throw new IOException("Redis closed the connection");
            }
            if (c != '\r') {
                b.append((char) c);
            }
        }
        return b.toString();
    }

    @Override
    public void stop() {
        thread = null;
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                log.debug("closing the stall connection: {}", e.toString());
            }
        }
    }

    @Override
    public boolean isRunning() {
        return thread != null;
    }
}

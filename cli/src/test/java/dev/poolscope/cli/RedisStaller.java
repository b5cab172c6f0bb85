package dev.poolscope.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Once a run's JMeter has written its first samples, keeps that run's embedded Redis (its pid in app.log, its address
 * in its command line) in {@code DEBUG SLEEP 0.3}, back to back, for a number of seconds: a start-up transient, as a
 * cache or store still warming up would be (issue 25).
 */
final class RedisStaller {
    static final Pattern REDIS_PID = Pattern.compile("Redis \\(pid (\\d+)\\)");
    static final Pattern ADDRESS = Pattern.compile("(\\d+\\.\\d+\\.\\d+\\.\\d+):(\\d+)");

    private final Thread thread;
    private volatile int stalls;

    private RedisStaller(Path dir, int seconds) {
        thread = Thread.ofPlatform().daemon().name("steady-staller").start(() -> stall(dir, seconds));
    }

    /** Starts watching {@code dir} for the load's first samples; stalls Redis for {@code seconds} from there. */
    static RedisStaller atLoadStart(Path dir, int seconds) {
        return new RedisStaller(dir, seconds);
    }

    /** The stalls sent, once the staller is done (or after 30 s more). */
    int stalls() throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(30));
        return stalls;
    }

    private void stall(Path dir, int seconds) {
        Path jtl = dir.resolve("jmeter/results.jtl");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        try {
            while (!(Files.isRegularFile(jtl) && Files.size(jtl) > 1024) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            // The app names its Redis' pid; Redis rewrites its own title (path and address) into its argv.
            Matcher pid = REDIS_PID.matcher(Files.readString(dir.resolve("app.log")));
            if (!pid.find()) {
                throw new IllegalStateException("app.log names no Redis pid");
            }
            // ProcessHandle.Info reads argv[0] only: the kernel's copy has the title whole (Linux, as schedstat).
            Matcher address = ADDRESS
                    .matcher(Files.readString(Path.of("/proc", pid.group(1), "cmdline")).replace('\0', ' '));
            if (!address.find()) {
                throw new IllegalStateException("no address in Redis' command line");
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            try (Socket s = new Socket(address.group(1), Integer.parseInt(address.group(2)))) {
                byte[] sleep = "*3\r\n$5\r\nDEBUG\r\n$5\r\nSLEEP\r\n$3\r\n0.3\r\n"
                        .getBytes(StandardCharsets.US_ASCII);
                InputStream in = s.getInputStream();
                while (System.nanoTime() < end) {
                    s.getOutputStream().write(sleep);
                    s.getOutputStream().flush();
                    // "+OK\r\n"
                    for (int c = in.read(); c != '\n'; c = in.read()) {
                        if (c < 0) {
                            return;
                        }
                    }
                    stalls++;
                }
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            System.err.println("steady-staller: " + e);
        }
    }
}

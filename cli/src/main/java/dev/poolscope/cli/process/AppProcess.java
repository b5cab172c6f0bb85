package dev.poolscope.cli.process;

import dev.poolscope.cli.UserError;

import dev.poolscope.format.folder.RunFolder;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The app as a child process: the lab app (with or without the agent, ready when it prints its ready line), or the
 * user's own (ready when its URL answers). Its standard output and error go straight into its log file, with no
 * thread of ours in between: a pump thread was poolscope's own pipe in the app's way (an app that prints every SQL
 * statement waited on it, holding PrintStream's lock, whenever the pump got less CPU than the app's threads), and a
 * profiler must not change what it measures. What the launcher needs from the output is read back from the file.
 */
public final class AppProcess implements AutoCloseable {

    static final String READY = "poolscope-app ready: ";

    /** How often the log is read while waiting for the ready line: start-up takes seconds. */
    private static final long POLL_MS = 50;

    private final Process process;
    private final AppLog log;

    private AppProcess(List<String> command, Path log) throws IOException {
        process = Children.track(new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start());
        this.log = new AppLog(log, READY);
    }

    /** The lab app on a free port ({@code --port 0}; its ready line says which), its output into {@code log}. */
    public static AppProcess start(Layout layout, List<String> appArgs, List<String> jvmOptions,
            Path agentDir,
            String agentOptions, Path log) throws IOException {
        List<String> args = new ArrayList<>(List.of("--port", "0"));
        args.addAll(appArgs);
        return new AppProcess(labCommand(layout, args, jvmOptions, agentDir, agentOptions), log);
    }

    /**
     * The lab app's command line, the one way it is built (run, sweep, bench and {@code ./poolscope app}): pinned to
     * POOLSCOPE_APP_CPUS when set, poolscope's java, POOLSCOPE_APP_JVM_OPTS, {@code jvmOptions}, the agent writing
     * into {@code agentDir} (null: none), the jar of the stack {@code --stack=} names, then the app's arguments.
     */
    public static List<String> labCommand(Layout layout, List<String> appArgs, List<String> jvmOptions,
            Path agentDir, String agentOptions) throws IOException {
        // --stack picks the jar; the app itself does not take it.
        String stack = "servlet";
        List<String> args = new ArrayList<>();
        for (String arg : appArgs) {
            if (arg.startsWith("--stack=")) {
                stack = arg.substring("--stack=".length());
            } else {
                args.add(arg);
            }
        }
        Path jar = switch (stack) {
            case "servlet" -> layout.appJar();
            case "reactive" -> layout.reactiveAppJar();
            default -> throw new UserError("--stack must be servlet or reactive, got '" + stack + "'");
        };
        layout.require(jar, stack.equals("reactive") ? "app-reactive" : "app");
        List<String> command = new ArrayList<>(Pinning.prefix("POOLSCOPE_APP_CPUS"));
        command.add(Java.bin());
        String jvmOpts = System.getenv("POOLSCOPE_APP_JVM_OPTS");
        if (jvmOpts != null && !jvmOpts.isBlank()) {
            command.addAll(List.of(jvmOpts.trim().split("\\s+")));
        }
        command.addAll(jvmOptions);
        if (agentDir != null) {
            command.addAll(Agent.jvmOptions(layout, agentDir, agentOptions));
        }
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(args);
        return command;
    }

    /** The user's own app: {@code command} as it is (the caller put the agent in), pinned like the lab app. */
    public static AppProcess start(List<String> command, Path log) throws IOException {
        List<String> full = new ArrayList<>(Pinning.prefix("POOLSCOPE_APP_CPUS"));
        full.addAll(command);
        return new AppProcess(full, log);
    }

    /** Waits for the ready line; its key=value fields (url, server, workers, poolSize, ...). */
    public Map<String, String> awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String line = log.marked();
        while (line == null) {
            if (!process.isAlive()) {
                // Once the app has exited the file holds all it wrote: one more look.
                line = log.marked();
                if (line == null) {
                    throw notReady("the app exited before it was ready");
                }
                break;
            }
            if (System.nanoTime() > deadline) {
                throw notReady("timed out");
            }
            Thread.sleep(POLL_MS);
            line = log.marked();
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : line.trim().split("\\s+")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                fields.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return fields;
    }

    private UserError notReady(String why) {
        return new UserError("the app did not become ready (" + why + "); its last lines:\n  "
                + String.join("\n  ", tail()));
    }

    /** What the app printed up to its ready line (the last 15 lines of it), e.g. its backends line. */
    List<String> startLines() {
        return log.markedContext();
    }

    /**
     * Waits until {@code uri} answers: with {@code anyStatus}, any HTTP response (the port serves HTTP); else a
     * 2xx. Fails with one line when the app exits first or the time runs out.
     */
    public void awaitHttp(URI uri, boolean anyStatus, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build()) {
            while (true) {
                if (!process.isAlive()) {
                    List<String> lines = tail().stream().filter(l -> !l.isBlank()).toList();
                    throw new UserError(
                            "the app exited (code " + process.exitValue() + ") before it was ready"
                                    + (lines.isEmpty() ? "" : "; its last line: " + lines.getLast().strip())
                                    + "; see " + RunFolder.APP_LOG);
                }
                try {
                    int status = client
                            .send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                    if (anyStatus || (status >= 200 && status < 300)) {
                        return;
                    }
                    last = "HTTP " + status;
                } catch (IOException e) {
                    last = e.getClass().getSimpleName();
                }
                if (System.nanoTime() > deadline) {
                    throw new UserError(uri + " did not " + (anyStatus ? "answer" : "answer 2xx") + " within "
                            + timeout.toSeconds() + " s (last: " + last
                            + "); the app was stopped, see " + RunFolder.APP_LOG);
                }
                Thread.sleep(250);
            }
        }
    }

    /** The last 15 lines the app has written. */
    List<String> tail() {
        return log.tail();
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** SIGTERM, so the agent writes its recording and the app stops its embedded servers. */
    int stop(Duration grace) throws InterruptedException {
        Children.stop(process, grace);
        return process.exitValue();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            Children.stop(process, Duration.ofSeconds(30));
        }
    }
}

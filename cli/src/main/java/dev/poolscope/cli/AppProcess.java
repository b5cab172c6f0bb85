package dev.poolscope.cli;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The lab app as a child process: started with or without the agent, ready when it prints its ready line. */
final class AppProcess implements AutoCloseable {

    static final String READY = "poolscope-app ready: ";

    private final Process process;
    private final CompletableFuture<String> ready = new CompletableFuture<>();
    private final Deque<String> tail = new ArrayDeque<>();
    private final Thread pump;

    private AppProcess(List<String> command, Path log) throws IOException {
        process = Children.track(new ProcessBuilder(command).redirectErrorStream(true).start());
        BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
        pump = Thread.ofPlatform().daemon().name("app-log").start(() -> pump(out));
    }

    static AppProcess start(Layout layout, List<String> appArgs, Path agentDir, String agentOptions, Path log)
            throws IOException {
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
        command.add(Layout.javaBin());
        String jvmOpts = System.getenv("POOLSCOPE_APP_JVM_OPTS");
        if (jvmOpts != null && !jvmOpts.isBlank()) {
            command.addAll(List.of(jvmOpts.trim().split("\\s+")));
        }
        if (agentDir != null) {
            layout.require(layout.agentJar(), "profiler-agent");
            Files.createDirectories(agentDir);
            String options = "out=" + agentDir.toAbsolutePath()
                    + (agentOptions == null || agentOptions.isBlank() ? "" : "," + agentOptions);
            command.add("-javaagent:" + layout.agentJar() + "=" + options);
            command.add("--enable-native-access=ALL-UNNAMED");
        }
        command.addAll(List.of("-jar", jar.toString(), "--port", "0"));
        command.addAll(args);
        return new AppProcess(command, log);
    }

    private void pump(BufferedWriter out) {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)); out) {
            for (String line; (line = in.readLine()) != null;) {
                out.write(line);
                out.newLine();
                out.flush();
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > 15) {
                        tail.removeFirst();
                    }
                }
                int at = line.indexOf(READY);
                if (at >= 0) {
                    ready.complete(line.substring(at + READY.length()));
                }
            }
        } catch (IOException e) {
            // The process went away; awaitReady reports it.
        }
        ready.completeExceptionally(new IllegalStateException("the app exited before it was ready"));
    }

    /** Waits for the ready line; its key=value fields (url, server, workers, poolSize, ...). */
    Map<String, String> awaitReady(Duration timeout) throws InterruptedException {
        try {
            String line = ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            Map<String, String> fields = new LinkedHashMap<>();
            for (String pair : line.trim().split("\\s+")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    fields.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
            }
            return fields;
        } catch (ExecutionException | TimeoutException e) {
            throw new UserError("the app did not become ready ("
                    + (e instanceof TimeoutException ? "timed out" : e.getCause().getMessage())
                    + "); its last lines:\n  " + String.join("\n  ", tail()));
        }
    }

    List<String> tail() {
        synchronized (tail) {
            return new ArrayList<>(tail);
        }
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** SIGTERM, so the agent writes its recording and the app stops its embedded servers. */
    int stop(Duration grace) throws InterruptedException {
        Children.stop(process, grace);
        pump.join(5_000);
        return process.exitValue();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            Children.stop(process, Duration.ofSeconds(30));
        }
    }
}

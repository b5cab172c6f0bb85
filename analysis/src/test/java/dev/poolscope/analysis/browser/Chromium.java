package dev.poolscope.analysis.browser;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's headless Chromium, started with its DevTools on a port it picks itself (never assumes one is free) and a
 * throw-away profile. When the machine has no Chromium the build installs Debian's package ({@code apt-get install
 * chromium}, as root), as it gets PostgreSQL and JMeter for its other tests; where it cannot, the error says so in
 * one line.
 */
final class Chromium implements AutoCloseable {
    static final List<String> NAMES = List.of("chromium", "chromium-browser");
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

    private final Process process;
    private final DevTools devTools;

    private Chromium(Process process, DevTools devTools) {
        this.process = process;
        this.devTools = devTools;
    }

    /**
     * Starts a browser with its profile in {@code profileDir} (empty, the caller's to delete); an install, when
     * one is needed, writes apt-get's output to {@code installLog}.
     */
    static Chromium start(Path profileDir, Path installLog) throws IOException {
        Path binary = binary(installLog);
        Process p = new ProcessBuilder(binary.toString(), "--headless", "--remote-debugging-port=0",
                "--user-data-dir=" + profileDir, "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1200,900", "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Deque<String> lastLines = new ArrayDeque<>();
        CompletableFuture<URI> socket = new CompletableFuture<>();
        Thread reader = new Thread(() -> readStderr(p, lastLines, socket), "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            URI ws = socket.get(DevTools.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return new Chromium(p, new DevTools(ws));
        } catch (Exception e) {
            p.destroyForcibly();
            String tail;
            synchronized (lastLines) {
                tail = String.join(" | ", lastLines);
            }
            throw new IOException(
                    binary + " printed no DevTools address (" + e + "); its last lines: " + tail, e);
        }
    }

    /** Keeps reading so the browser never blocks on a full pipe; the first DevTools line completes {@code socket}. */
    private static void readStderr(Process p, Deque<String> lastLines, CompletableFuture<URI> socket) {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null;) {
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    socket.complete(URI.create(m.group(1)));
                }
                synchronized (lastLines) {
                    lastLines.addLast(line);
                    if (lastLines.size() > 5) {
                        lastLines.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            socket.completeExceptionally(e);
        }
        socket.completeExceptionally(new IOException("exited with " + p.exitValue()));
    }

    /** Opens {@code page} in a new tab, waits for its load event and for the page to settle. */
    PageVisit open(URI page) throws IOException {
        return PageVisit.open(devTools, page);
    }

    @Override
    public void close() throws IOException {
        try {
            devTools.send(null, "Browser.close", java.util.Map.of());
        } catch (RuntimeException ignored) {
            // The process is ended below either way.
        }
        devTools.close();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** Chromium on the PATH, installed from Debian's packages first when it is missing and this is root. */
    static Path binary(Path installLog) throws IOException {
        Optional<Path> found = onPath();
        if (found.isPresent()) {
            return found.get();
        }
        String why = install(installLog);
        return onPath().orElseThrow(() -> new IOException(
                "headless Chromium is needed to check the reports in a browser and is not installed: "
                        + why));
    }

    private static Optional<Path> onPath() {
        return NAMES.stream().map(Chromium::onPath).flatMap(Optional::stream).findFirst();
    }

    private static Optional<Path> onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Runs apt-get (update only when the install alone fails); returns why Chromium is still missing, if it is. */
    private static String install(Path log) throws IOException {
        if (onPath("apt-get").isEmpty()) {
            return "no apt-get on this machine; install Chromium and put it on the PATH as chromium";
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return "run `apt-get install -y chromium` as root (the build installs it only when it runs as root)";
        }
        System.err.println("Chromium is missing: apt-get install -y chromium (output in " + log + ")");
        if (apt(log, "install", "-y", "-q", "chromium") == 0) {
            return "";
        }
        int code = apt(log, "update", "-q");
        if (code == 0 && apt(log, "install", "-y", "-q", "chromium") == 0) {
            return "";
        }
        List<String> lines = Files.readAllLines(log);
        String last = lines.isEmpty() ? "" : lines.getLast().strip();
        return "`apt-get install -y chromium` failed (" + last + "), see " + log.toAbsolutePath();
    }

    private static int apt(Path log, String... args) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        List<String> command = new java.util.ArrayList<>(List.of("apt-get"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
        try {
            return pb.start().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while installing Chromium", e);
        }
    }
}

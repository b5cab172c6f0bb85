package dev.poolscope.cli.process;

import dev.poolscope.cli.UserError;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.run.RunJson;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The app under load: one instance ({@code agent/}, {@code app.log}, as always), or several instances of one service
 * on this machine ({@code agent-N/}, {@code app-N.log}) behind a {@link Balancer}. Instances of one service share
 * their database and cache: the first starts the embedded PostgreSQL and Redis (or uses the user's), and the others
 * are given the URLs it prints on its backends line, so the first instance also owns their lifetime and stops last.
 */
public final class AppGroup implements AutoCloseable {
    static final String BACKENDS = "poolscope-app backends: ";
    private static final Pattern POSTGRES = Pattern.compile("PostgreSQL (jdbc:postgresql:[^\\s,]+)");
    private static final Pattern REDIS = Pattern.compile("Redis (rediss?://[^\\s,]+)");

    private final Layout layout;
    private final AppSpec spec;
    private final Path dir;
    private final int count;
    private final List<AppProcess> apps = new ArrayList<>();
    private final List<Map<String, String>> ready = new ArrayList<>();
    private Balancer balancer;

    private AppGroup(Layout layout, AppSpec spec, Path dir, int count) {
        this.layout = layout;
        this.spec = spec;
        this.dir = dir;
        this.count = count;
    }

    /** Starts the first instance; {@link #awaitReady} starts the others once it knows the backends. */
    public static AppGroup start(Layout layout, AppSpec spec, Path dir, int count) throws IOException {
        if (count < 1 || count > 16) {
            throw new UserError("--instances must be 1 to 16, got " + count);
        }
        AppGroup g = new AppGroup(layout, spec, dir, count);
        List<String> first = new ArrayList<>(spec.args());
        if (count > 1) {
            first.add("--lab.embedded.max-connections=" + maxConnections(spec.args(), count));
        }
        g.apps.add(g.startInstance(1, first));
        return g;
    }

    /** The user's own app ({@code run --app-cmd}), started by the caller: one instance, no balancer. */
    public static AppGroup own(Layout layout, AppSpec spec, Path dir, AppProcess app) {
        AppGroup g = new AppGroup(layout, spec, dir, 1);
        g.apps.add(app);
        return g;
    }

    /** The first (with the user's own app, the only) instance. */
    public AppProcess first() {
        return apps.getFirst();
    }

    /**
     * Connections the first instance's embedded PostgreSQL must accept when every instance fills its pool: the app's
     * own rule (its pool and 20 more, at least 100) over all of them.
     */
    static int maxConnections(List<String> appArgs, int count) {
        int pool = 10;
        for (String a : appArgs) {
            if (a.startsWith("--pool-size=")) {
                try {
                    pool = Integer.parseInt(a.substring("--pool-size=".length()).trim());
                } catch (NumberFormatException e) {
                    // The app refuses it with its own message.
                }
            }
        }
        return Math.max(100, count * pool + 20);
    }

    private AppProcess startInstance(int n, List<String> args) throws IOException {
        String agent = count == 1 ? RunFolder.AGENT : RunFolder.instanceAgent(n);
        String log = count == 1 ? RunFolder.APP_LOG : RunFolder.instanceLog(n);
        return AppProcess.start(layout, args, spec.jvmOptions(), spec.agent() ? dir.resolve(agent) : null,
                spec.agentOptions(), dir.resolve(log));
    }

    /**
     * The first instance's ready fields; with several instances {@code url} is the balancer's and
     * {@code instances} their count (each instance's own fields are in {@link #describe}).
     */
    public Map<String, String> awaitReady(Duration timeout) throws IOException, InterruptedException {
        Map<String, String> first = apps.getFirst().awaitReady(timeout);
        ready.add(first);
        if (count == 1) {
            return first;
        }
        List<String> args = new ArrayList<>(spec.args());
        args.addAll(sharedBackends(apps.getFirst().startLines(), spec.args()));
        // The others start together: they only connect to backends that are already up.
        for (int n = 2; n <= count; n++) {
            apps.add(startInstance(n, args));
        }
        List<Integer> ports = new ArrayList<>(List.of(port(first.get("url"))));
        for (int n = 2; n <= count; n++) {
            Map<String, String> r = apps.get(n - 1).awaitReady(timeout);
            ready.add(r);
            ports.add(port(r.get("url")));
        }
        balancer = Balancer.start(ports);
        Map<String, String> fields = new LinkedHashMap<>(first);
        fields.put("url", "http://127.0.0.1:" + balancer.port());
        fields.put("instances", Integer.toString(count));
        return fields;
    }

    /**
     * The flags that point an instance at the first one's backends: read from its backends line, for each backend the
     * user did not give.
     */
    static List<String> sharedBackends(List<String> firstLines, List<String> appArgs) {
        String line = firstLines.stream().filter(l -> l.contains(BACKENDS)).reduce((a, b) -> b)
                .orElseThrow(() -> new UserError(
                        "the first instance printed no '" + BACKENDS.trim()
                                + "' line: cannot share its backends"));
        List<String> flags = new ArrayList<>();
        if (appArgs.stream().noneMatch(a -> a.startsWith("--db-url"))) {
            Matcher m = POSTGRES.matcher(line);
            if (!m.find()) {
                throw new UserError("no PostgreSQL URL on the first instance's line: " + line.trim());
            }
            // The embedded PostgreSQL trusts local connections as postgres.
            flags.addAll(List.of("--db-url=" + m.group(1), "--db-user=postgres", "--db-password="));
        }
        if (appArgs.stream().noneMatch(a -> a.startsWith("--redis-url"))) {
            Matcher m = REDIS.matcher(line);
            if (!m.find()) {
                throw new UserError("no Redis URL on the first instance's line: " + line.trim());
            }
            flags.add("--redis-url=" + m.group(1));
        }
        return flags;
    }

    private static int port(String url) {
        return Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
    }

    /** The first instance: it owns the backends. */
    public long pid() {
        return apps.getFirst().pid();
    }

    public List<Long> pids() {
        return apps.stream().map(AppProcess::pid).toList();
    }

    /** The first instance's own URL, for probes that must reach the JVM whose pid they name. */
    public String firstUrl() {
        return ready.getFirst().get("url");
    }

    public boolean alive() {
        return apps.stream().allMatch(AppProcess::alive);
    }

    /** For run.json: each instance's folder, log, pid and ready fields, and the balancer's counts. */
    public List<RunJson.Instance> describe() {
        List<RunJson.Instance> out = new ArrayList<>();
        for (int i = 0; i < apps.size(); i++) {
            out.add(new RunJson.Instance(RunFolder.instanceAgent(i + 1), RunFolder.instanceLog(i + 1),
                    apps.get(i).pid(), i < ready.size() ? ready.get(i) : Map.of()));
        }
        return out;
    }

    public RunJson.Balancer balancerStats() {
        return balancer == null ? null : balancer.stats();
    }

    /**
     * Stops the balancer, then every instance but the first (last started first), then the first, which stops the
     * backends the others used. Returns the first non-zero exit code, else 0.
     */
    public int stop(Duration grace) throws InterruptedException {
        if (balancer != null) {
            balancer.close();
        }
        int exit = 0;
        for (int i = apps.size() - 1; i >= 0; i--) {
            int e = apps.get(i).stop(grace);
            if (exit == 0) {
                exit = e;
            }
        }
        return exit;
    }

    @Override
    public void close() {
        if (balancer != null) {
            balancer.close();
        }
        for (int i = apps.size() - 1; i >= 0; i--) {
            apps.get(i).close();
        }
    }
}

package dev.poolscope.agent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's options, parsed from {@code -javaagent:poolscope-agent.jar=out=DIR,key=value,...}. Bad input
 * never stops the host: each problem is collected into {@link #problems()} and the default is used.
 */
record AgentOptions(Path out, boolean asprof, String cpuEvent, Duration cpuInterval, Duration wallInterval,
        String wallThreads, int stackDepth, Duration threshold,
        Duration sampleInterval, Duration gaugeInterval, Duration schedInterval, boolean console,
        Duration consoleInterval, long maxSizeBytes, long minFreeBytes, boolean instrument,
        int requestClockPerSecond, int allocSamplesPerSecond,
        Duration loopStall, boolean statements, Duration statementThreshold, Duration stopAfter,
        Map<String, String> effective,
        List<String> problems) {

    static final String DEFAULT_OUT_PREFIX = "poolscope-agent-";

    /** Every option with its default, in the order docs/reference/agent-options.md documents them. */
    static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("out", "");
        d.put("asprof", "true");
        d.put("cpuEvent", "ctimer");
        d.put("cpuInterval", "10ms");
        d.put("wallInterval", "20ms");
        d.put("wallThreads", "requests");
        d.put("stackDepth", "0");
        d.put("threshold", "10ms");
        d.put("sampleInterval", "20ms");
        d.put("gaugeInterval", "1s");
        d.put("schedInterval", "1s");
        d.put("console", "true");
        d.put("consoleInterval", "5s");
        d.put("maxSize", "1g");
        d.put("minFree", "100m");
        d.put("instrument", "true");
        d.put("requestClock", "400");
        d.put("allocSamples", "150");
        d.put("loopStall", "10ms");
        d.put("statements", "true");
        d.put("statementThreshold", "0");
        d.put("stopAfter", "0");
        return d;
    }

    static AgentOptions parse(String args, long pid) {
        List<String> problems = new ArrayList<>();
        Map<String, String> raw = defaults();
        if (args != null) {
            for (String part : args.split(",")) {
                String item = part.strip();
                if (item.isEmpty()) {
                    continue;
                }
                int eq = item.indexOf('=');
                if (eq <= 0) {
                    problems.add("'" + item + "' is not key=value");
                    continue;
                }
                String key = item.substring(0, eq).strip();
                if (!raw.containsKey(key)) {
                    problems.add("unknown option '" + key + "'");
                    continue;
                }
                raw.put(key, item.substring(eq + 1).strip());
            }
        }
        Parser p = new Parser(raw, problems);
        String outText = raw.get("out");
        if (outText.isEmpty()) {
            outText = DEFAULT_OUT_PREFIX + pid;
            if (args == null || !args.contains("out=")) {
                problems.add("no out=DIR given, writing to ./" + outText);
            } else {
                problems.add("out= is empty, writing to ./" + outText);
            }
        }
        Path out = Path.of(outText).toAbsolutePath().normalize();
        raw.put("out", out.toString());
        AgentOptions o = new AgentOptions(out, p.bool("asprof"),
                p.oneOf("cpuEvent", CPU_EVENTS),
                p.duration("cpuInterval", Duration.ofMillis(1)),
                p.duration("wallInterval", Duration.ofMillis(1)), p.oneOf("wallThreads", WALL_THREADS),
                p.count("stackDepth", 0), p.duration("threshold", Duration.ZERO),
                p.duration("sampleInterval", Duration.ofMillis(1)),
                p.duration("gaugeInterval", Duration.ofMillis(100)),
                p.duration("schedInterval", Duration.ofMillis(100)), p.bool("console"),
                p.duration("consoleInterval", Duration.ofSeconds(1)), p.size("maxSize"), p.size("minFree"),
                p.bool("instrument"), p.perSecondOrAll("requestClock"), p.count("allocSamples", 0),
                p.duration("loopStall", Duration.ZERO),
                p.bool("statements"), p.duration("statementThreshold", Duration.ZERO),
                p.duration("stopAfter", Duration.ZERO),
                Map.copyOf(raw), List.copyOf(problems));
        return o;
    }

    /**
     * async-profiler's cpu engines. {@code ctimer} (a per-thread CPU-time timer) is the default: it needs no
     * perf_events permission, so it samples alike on every Linux machine, and under the lab app's ~45,000
     * context switches a second its samples stay in the Java frames that made the system call, where
     * perf_events put 23% of them in the kernel's {@code finish_task_switch} (docs/lab/overhead.md).
     */
    static final List<String> CPU_EVENTS = List.of("ctimer", "cpu", "itimer");

    static final String WALL_ALL = "all", WALL_REQUESTS = "requests";

    /**
     * Which threads async-profiler's wall sampler visits: {@code all} of them each interval, or only the
     * {@code requests}: a servlet worker while it serves one, an event loop from its first task on.
     */
    static final List<String> WALL_THREADS = List.of(WALL_ALL, WALL_REQUESTS);

    /** Reads values, falling back to the default (and noting why) on anything malformed. */
    private record Parser(Map<String, String> raw, List<String> problems) {
        boolean bool(String key) {
            String v = raw.get(key).toLowerCase(Locale.ROOT);
            if (v.equals("true") || v.equals("false")) {
                return Boolean.parseBoolean(v);
            }
            return fallback(key, "true or false", Boolean::parseBoolean);
        }

        String oneOf(String key, List<String> allowed) {
            String v = raw.get(key).toLowerCase(Locale.ROOT);
            if (allowed.contains(v)) {
                return v;
            }
            return fallback(key, "one of " + String.join(", ", allowed), x -> x);
        }

        /** {@code all} (-1) or a whole number of at least 0. */
        int perSecondOrAll(String key) {
            String v = raw.get(key).strip().toLowerCase(Locale.ROOT);
            if (v.equals("all")) {
                return -1;
            }
            try {
                int n = Integer.parseInt(v);
                if (n >= 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // falls back below
            }
            return fallback(key, "all or a whole number of at least 0",
                    x -> x.equals("all") ? -1 : Integer.parseInt(x));
        }

        int count(String key, int min) {
            try {
                int n = Integer.parseInt(raw.get(key).strip());
                if (n >= min) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // falls back below
            }
            return fallback(key, "a whole number of at least " + min, Integer::parseInt);
        }

        Duration duration(String key, Duration min) {
            Duration d = parseDuration(raw.get(key));
            if (d == null || d.compareTo(min) < 0) {
                return fallback(key, "a duration of at least " + min.toMillis() + "ms (e.g. 20ms, 1s)",
                        AgentOptions::parseDuration);
            }
            return d;
        }

        long size(String key) {
            long s = parseSize(raw.get(key));
            if (s < 0) {
                return fallback(key, "a size such as 512m or 1g (0 = unlimited)", AgentOptions::parseSize);
            }
            return s;
        }

        private <T> T fallback(String key, String expected, java.util.function.Function<String, T> parse) {
            String def = defaults().get(key);
            problems.add(key + "=" + raw.get(key) + " is not " + expected + ", using " + def);
            raw.put(key, def);
            return parse.apply(def);
        }
    }

    static Duration parseDuration(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        long factorNanos;
        String digits;
        if (t.endsWith("ms")) {
            factorNanos = 1_000_000L;
            digits = t.substring(0, t.length() - 2);
        } else if (t.endsWith("us")) {
            factorNanos = 1_000L;
            digits = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            factorNanos = 1_000_000_000L;
            digits = t.substring(0, t.length() - 1);
        } else {
            factorNanos = 1_000_000L;
            digits = t;
        }
        try {
            long n = Long.parseLong(digits);
            return n < 0 ? null : Duration.ofNanos(Math.multiplyExact(n, factorNanos));
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    static long parseSize(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        long factor = 1;
        if (t.endsWith("k")) {
            factor = 1L << 10;
        } else if (t.endsWith("m")) {
            factor = 1L << 20;
        } else if (t.endsWith("g")) {
            factor = 1L << 30;
        }
        String digits = factor == 1 ? t : t.substring(0, t.length() - 1);
        try {
            long n = Long.parseLong(digits);
            return n < 0 ? -1 : Math.multiplyExact(n, factor);
        } catch (NumberFormatException | ArithmeticException e) {
            return -1;
        }
    }
}

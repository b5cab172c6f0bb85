package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;

import java.util.List;
import java.util.Map;

/**
 * A knob a sweep can vary: an app option that {@code run} passes on, any property of the app ({@code app:NAME}), the
 * plan, the plan's users, or any plan property ({@code prop:NAME}). It knows how its value is written in a folder name
 * and where the value goes in a run.
 */
record Knob(String name, Target target, String key) {

    enum Target {
        /**
         * {@code --key=value} on the app's command line: a lab app option, or ({@code app:NAME}) any property, which
         * Spring Boot reads from its command line above the app's own configuration.
         */
        APP,
        /** the plan's name or .jmx path. */
        PLAN,
        /** a plan property {@code -Jkey=value}. */
        PROP,
        /** a named bundle of other knobs' values, defined by an experiment ({@code case.NAME = ...}). */
        CASE
    }

    static final Knob CASE = new Knob("case", Target.CASE, "case");

    /** App options a sweep may vary: the ones {@code run} passes on and that describe the app, not where it runs. */
    static final List<String> APP_OPTIONS = List.of("threads", "server", "virtual-threads", "pool-size",
            "connection-timeout", "open-in-view", "tx-work-ms", "redis-pool", "stack", "event-loops",
            "cpu-on",
            "blocking-calls");
    /** Knobs whose values must be whole numbers, with their smallest value. */
    static final Map<String, Integer> WHOLE = Map.of("threads", 1, "pool-size", 1, "connection-timeout", 250,
            "tx-work-ms", 0, "redis-pool", 0, "event-loops", 1, "vus", 1);
    /** Folder names stay short where the examples are: {@code vt-true}. */
    static final Map<String, String> SHORT = Map.of("virtual-threads", "vt");

    static Knob parse(String name) {
        if (APP_OPTIONS.contains(name)) {
            return new Knob(name, Target.APP, name);
        }
        if (name.equals("plan")) {
            return new Knob(name, Target.PLAN, name);
        }
        if (name.equals("vus")) {
            return new Knob(name, Target.PROP, "vus");
        }
        if (name.startsWith("prop:") && name.length() > "prop:".length()
                && name.substring(5).matches("[A-Za-z0-9_.]+")) {
            return new Knob(name, Target.PROP, name.substring(5));
        }
        if (name.startsWith("app:") && name.substring(4).matches("[A-Za-z0-9_][A-Za-z0-9_.\\[\\]-]*")) {
            return new Knob(name, Target.APP, name.substring(4));
        }
        throw new UserError("unknown knob '" + name + "': one of " + String.join(", ", APP_OPTIONS)
                + ", plan, vus, app:NAME for a property of the app (--NAME=V), or prop:NAME for a plan property");
    }

    /** Checks one value; a one-line message naming the knob when it cannot be right. */
    String check(String value, String option) {
        if (value.isBlank()) {
            throw new UserError(option + ": an empty value");
        }
        Integer min = WHOLE.get(name);
        if (min != null) {
            int n;
            try {
                n = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new UserError(option + ": '" + value + "' is not a whole number");
            }
            if (n < min || (name.equals("threads") && n > 10_000)) {
                throw new UserError(option + ": " + n + " is out of range (at least " + min
                        + (name.equals("threads") ? ", at most 10000" : "") + ")");
            }
            return Integer.toString(n);
        }
        return value.trim();
    }

    /** {@code threads-0032}, {@code vt-true}, {@code path-api-sleep-ms-3000}, {@code server.tomcat.threads.max-0050}. */
    String folder(String value) {
        String n = SHORT.getOrDefault(name, name.startsWith("prop:") || name.startsWith("app:") ? key : name);
        return n + "-" + folderValue(value);
    }

    /** Whole numbers padded to 4 digits so folders sort by value; anything else reduced to letters, digits, . and -. */
    static String folderValue(String value) {
        if (value.matches("\\d{1,4}")) {
            return String.format(java.util.Locale.ROOT, "%04d", Integer.parseInt(value));
        }
        String s = value.replaceAll("[^A-Za-z0-9.]+", "-").replaceAll("^-+|-+$", "");
        return s.isEmpty() ? "x" : s;
    }
}

package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which app options belong to which stack. The servlet app has worker threads, three servers and Hikari's
 * open-in-view; the reactive app has event loops and refuses those (and the servlet app refuses the loop options).
 * A sweep across {@code stack} gives each run only the options its stack takes.
 */
final class Stacks {
    static final String SERVLET = "servlet";
    static final String REACTIVE = "reactive";

    /** Options only the servlet app takes. */
    static final Set<String> SERVLET_ONLY = Set.of("threads", "server", "virtual-threads", "open-in-view",
            "redis-pool", "tx-call-ms", "redis-stall-ms", "access-log");
    /** Options only the reactive app takes. */
    static final Set<String> REACTIVE_ONLY = Set.of("event-loops", "cpu-on", "blocking-calls");

    private Stacks() {
    }

    /** The stack an app command line starts: its last {@code --stack=}, else servlet. */
    static String of(List<String> args) {
        String stack = SERVLET;
        for (String a : args) {
            if (a.startsWith("--stack=")) {
                stack = a.substring("--stack=".length());
            }
        }
        return stack;
    }

    /** The option's name without dashes and value: {@code --threads=8} is {@code threads}. */
    static String option(String arg) {
        if (!arg.startsWith("--")) {
            return "";
        }
        int eq = arg.indexOf('=');
        return arg.substring(2, eq < 0 ? arg.length() : eq);
    }

    /** True when the app of {@code stack} takes the option {@code name}. */
    static boolean takes(String stack, String name) {
        return stack.equals(REACTIVE) ? !SERVLET_ONLY.contains(name) : !REACTIVE_ONLY.contains(name);
    }

    /** {@code args} without the options the chosen stack's app does not take. */
    static List<String> fit(List<String> args) {
        String stack = of(args);
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (takes(stack, option(a))) {
                out.add(a);
            }
        }
        return out;
    }

    /** The fixed options that some stack of the sweep will not get, for one line at its start; empty when none. */
    static List<String> dropped(List<String> fixed, List<String> stacks) {
        List<String> out = new ArrayList<>();
        for (String a : fixed) {
            for (String s : stacks) {
                if (!takes(s, option(a))) {
                    out.add(a + " (not for stack=" + s + ")");
                }
            }
        }
        return out;
    }

    /**
     * Refuses a setting that varies a knob its stack does not take: every value of it would be the same run. E.g.
     * {@code --vary stack=servlet,reactive --vary threads=8,200} (the reactive app has event loops instead).
     */
    static void check(Map<Knob, String> setting, String baseStack) {
        String stack = baseStack;
        for (Map.Entry<Knob, String> e : setting.entrySet()) {
            if (e.getKey().name().equals("stack")) {
                stack = e.getValue();
            }
        }
        if (!stack.equals(SERVLET) && !stack.equals(REACTIVE)) {
            throw new UserError("stack must be servlet or reactive, got '" + stack + "'");
        }
        for (Knob k : setting.keySet()) {
            if (k.target() == Knob.Target.APP && !takes(stack, k.key())) {
                throw new UserError("--vary " + k.name() + " does not apply to stack=" + stack + ": "
                        + (stack.equals(REACTIVE)
                                ? "the reactive app has event loops, not worker threads or servers (vary"
                                        + " event-loops, pool-size, cpu-on or blocking-calls)"
                                : "event-loops, cpu-on and blocking-calls are the reactive app's")
                        + "; put the stacks in separate sweeps or cases");
            }
        }
    }
}

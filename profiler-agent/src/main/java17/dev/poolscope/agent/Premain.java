package dev.poolscope.agent;

import java.lang.instrument.Instrumentation;

/**
 * The agent's entry point. Compiled at release 17 on its own so that it loads on an older JDK and can
 * step aside there; the real agent (Java 21 bytecode) is touched only by name, and only on 21+.
 */
public final class Premain {
    private static final int MIN_FEATURE = 21;

    private Premain() {
    }

    public static void premain(String args, Instrumentation inst) {
        boot("start", args, inst);
    }

    /** Attached to a running JVM: {@code stop} ends the recording an earlier attach started. */
    public static void agentmain(String args, Instrumentation inst) {
        boot("attach", args, inst);
    }

    private static void boot(String entry, String args, Instrumentation inst) {
        try {
            int feature = Runtime.version().feature();
            if (feature < MIN_FEATURE) {
                System.err.println("[poolscope-agent] JDK " + Runtime.version() + " is older than " + MIN_FEATURE
                        + ": the agent is off and the app runs unprofiled");
                return;
            }
            Class.forName("dev.poolscope.agent.Agent", true, Premain.class.getClassLoader())
                    .getMethod(entry, String.class, Instrumentation.class).invoke(null, args, inst);
        } catch (Throwable t) {
            // The host must start no matter what happened here.
            Throwable cause = t.getCause() != null ? t.getCause() : t;
            System.err.println("[poolscope-agent] could not start (" + cause + "): the app runs unprofiled");
        }
    }
}

package dev.poolscope.agent;

/**
 * Whether the hooks record. After an attached recording stops, the advice stays in the host's classes (taking it
 * out would mean retransforming them again while they serve) and only reads this flag: one volatile read per
 * hook, and nothing else. What a hook started before the flag went off still finishes, so counters and per-thread
 * depths stay balanced.
 */
public final class HookSwitch {
    private static volatile boolean on = true;

    private HookSwitch() {
    }

    public static boolean on() {
        return on;
    }

    static void set(boolean value) {
        on = value;
    }
}

package dev.poolscope.cli.process;

import dev.poolscope.cli.UserError;

import java.util.ArrayList;
import java.util.List;

/**
 * Optional CPU pinning for benchmarks: POOLSCOPE_APP_CPUS and POOLSCOPE_JMETER_CPUS (taskset lists such as
 * "0" or "0-1") keep the app, with the database and Redis it starts, and the load generator off each other's
 * cores, which narrows the run-to-run spread on a small machine. Unset, nothing is pinned.
 */
final class Pinning {

    private Pinning() {
    }

    static List<String> prefix(String variable) {
        String cpus = System.getenv(variable);
        List<String> prefix = new ArrayList<>();
        if (cpus != null && !cpus.isBlank()) {
            if (!cpus.matches("[0-9,\\-]+")) {
                throw new UserError(variable + " must be a CPU list like 0 or 0-1, got '" + cpus + "'");
            }
            prefix.addAll(List.of("taskset", "-c", cpus.trim()));
        }
        return prefix;
    }
}

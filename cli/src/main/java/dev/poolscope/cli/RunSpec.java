package dev.poolscope.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything one run is: the app's arguments, the plan and its properties, the phases' lengths, where it
 * goes. A sweep makes several that differ in one knob.
 */
record RunSpec(List<String> appArgs, String plan, Map<String, String> jmeterProps, int warmupSeconds,
        boolean primeCache, int durationSeconds, boolean agent, String agentOptions, boolean dashboard,
        boolean analyze,
        Path out) {

    RunSpec {
        appArgs = List.copyOf(appArgs);
        jmeterProps = Map.copyOf(jmeterProps);
    }
}

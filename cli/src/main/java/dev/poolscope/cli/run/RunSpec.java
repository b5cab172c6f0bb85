package dev.poolscope.cli.run;

import dev.poolscope.cli.process.AppCommand;
import dev.poolscope.cli.process.AppSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything one run is: the app's arguments, the plan and its properties, the phases' lengths, where it
 * goes. A sweep makes several that differ in one knob. {@code appCommand} is the user's own app
 * ({@code --app-cmd}); null runs the lab app, and then {@code appArgs} are the lab app's options. With it,
 * {@code appArgs} are appended to the user's command. {@code jvmOptions} go to the app's JVM beside the agent's
 * (a bench's reference mode: the JDK's own JFR without the agent).
 */
public record RunSpec(List<String> appArgs, String plan, Map<String, String> jmeterProps, int warmupSeconds,
        boolean primeCache, int durationSeconds, boolean agent, String agentOptions, boolean dashboard,
        boolean analyze,
        Path out, AppCommand appCommand, List<String> jvmOptions) {

    public RunSpec {
        appArgs = List.copyOf(appArgs);
        jmeterProps = Map.copyOf(jmeterProps);
        jvmOptions = List.copyOf(jvmOptions);
    }

    public RunSpec(List<String> appArgs, String plan, Map<String, String> jmeterProps, int warmupSeconds,
            boolean primeCache, int durationSeconds, boolean agent, String agentOptions, boolean dashboard,
            boolean analyze, Path out, AppCommand appCommand) {
        this(appArgs, plan, jmeterProps, warmupSeconds, primeCache, durationSeconds, agent, agentOptions,
                dashboard, analyze, out, appCommand, List.of());
    }

    /** A run of the lab app. */
    public RunSpec(List<String> appArgs, String plan, Map<String, String> jmeterProps, int warmupSeconds,
            boolean primeCache, int durationSeconds, boolean agent, String agentOptions, boolean dashboard,
            boolean analyze, Path out) {
        this(appArgs, plan, jmeterProps, warmupSeconds, primeCache, durationSeconds, agent, agentOptions,
                dashboard, analyze, out, null);
    }

    /** This run with other app arguments, plan, plan properties and folder; everything else kept. */
    public RunSpec with(List<String> appArgs, String plan, Map<String, String> jmeterProps, Path out) {
        return new RunSpec(appArgs, plan, jmeterProps, warmupSeconds, primeCache, durationSeconds, agent,
                agentOptions, dashboard, analyze, out, appCommand, jvmOptions);
    }

    /** This run with another length of measured load; everything else kept. */
    public RunSpec withDurationSeconds(int seconds) {
        return new RunSpec(appArgs, plan, jmeterProps, warmupSeconds, primeCache, seconds, agent,
                agentOptions,
                dashboard, analyze, out, appCommand, jvmOptions);
    }

    /** What the app process is started with. */
    public AppSpec app() {
        return new AppSpec(appArgs, jvmOptions, agent, agentOptions);
    }

    /** This run with these options for the app's JVM. */
    public RunSpec withJvmOptions(List<String> options) {
        return new RunSpec(appArgs, plan, jmeterProps, warmupSeconds, primeCache, durationSeconds, agent,
                agentOptions, dashboard, analyze, out, appCommand, options);
    }
}

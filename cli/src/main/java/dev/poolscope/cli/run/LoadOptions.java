package dev.poolscope.cli.run;

import dev.poolscope.cli.Durations;
import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.AppCommand;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import picocli.CommandLine.Option;

/** How a run loads the app: the plan, its properties, the phases' lengths, what is recorded. */
public final class LoadOptions {

    static final String DEFAULT_PLAN = "vu500";

    @Option(names = "--plan", paramLabel = "NAME", description = "a plan in jmeter-plans/plans (vu500, ping-1000, lock, ab-300, greetings, slow-query, n-plus-1) or a .jmx path (default: "
            + DEFAULT_PLAN + "; with --app-cmd, required)")
    String plan;

    @Option(names = "--vus", paramLabel = "N", description = "virtual users (the plan's 'vus' property)")
    Integer vus;

    @Option(names = "--duration", paramLabel = "D", defaultValue = "60s", description = "measured load, e.g. 60s or 2m (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--rampup", paramLabel = "S", description = "ramp-up in seconds (the plan's 'rampup' property)")
    Integer rampup;

    @Option(names = "--warmup", paramLabel = "D", description = "warm-up before the measured load (default: 5s; with --app-cmd: none, and"
            + " when given, the plan itself runs for D first)")
    String warmup;

    @Option(names = "--prime-cache", description = "before the warm-up, put the whole catalogue in Redis (one call to the lab app,"
            + " about 2 s on 2 cores); without it the load starts on a cold cache and throughput climbs for minutes")
    boolean primeCache;

    @Option(names = "--jmeter-prop", paramLabel = "K=V", description = "any other plan property, e.g. --jmeter-prop checkoutPercent=60")
    Map<String, String> jmeterProps = new LinkedHashMap<>();

    @Option(names = "--no-agent", description = "run without the profiler agent (no recording: the report has only the client's view)")
    boolean noAgent;

    @Option(names = "--agent-options", paramLabel = "K=V,...", description = "options for the agent (see docs/reference/agent-options.md)")
    String agentOptions;

    @Option(names = "--dashboard", negatable = true, description = "also write JMeter's HTML dashboard (run: on, sweep: off)")
    Boolean dashboard;

    @Option(names = "--no-analyze", description = "skip the analysis (run ./poolscope analyze DIR later)")
    boolean noAnalyze;

    public Map<String, String> props() {
        Map<String, String> props = new LinkedHashMap<>(jmeterProps);
        if (vus != null) {
            if (vus < 1) {
                throw new UserError("--vus must be at least 1, got " + vus);
            }
            props.put("vus", Integer.toString(vus));
        }
        if (rampup != null) {
            props.put("rampup", Integer.toString(rampup));
        }
        return props;
    }

    public int durationSeconds() {
        int s = Durations.seconds(duration, "--duration");
        if (s < 1) {
            throw new UserError("--duration must be at least 1 s");
        }
        return s;
    }

    /** The plan given, else the lab app's default. */
    public String plan() {
        return plan != null ? plan : DEFAULT_PLAN;
    }

    /** The warm-up given, else 5 s for the lab app and none for the user's own (whose requests poolscope cannot know). */
    public int warmupSeconds(boolean ownApp) {
        return warmup != null ? Durations.seconds(warmup, "--warmup") : ownApp ? 0 : 5;
    }

    public int warmupSeconds() {
        return warmupSeconds(false);
    }

    /**
     * The run these options describe, of the app given its arguments ({@code appCommand}: the user's own, else null);
     * {@code dashboardByDefault}: whether JMeter's dashboard is written unless --dashboard says otherwise.
     */
    public RunSpec spec(List<String> appArgs, Path out, AppCommand appCommand, boolean dashboardByDefault) {
        return new RunSpec(appArgs, plan(), props(), warmupSeconds(appCommand != null), primeCache,
                durationSeconds(), !noAgent, agentOptions, dashboard == null ? dashboardByDefault : dashboard,
                !noAnalyze, out, appCommand);
    }
}

package dev.poolscope.cli.bench;

import dev.poolscope.cli.UserError;

import java.util.ArrayList;
import java.util.List;

/** One configuration the overhead bench runs: with the agent and its options, or without and with JVM options. */
record OverheadMode(String name, boolean agent, String options, List<String> jvmOptions) {
    static final OverheadMode NONE = new OverheadMode("none", false, null, List.of());
    static final List<OverheadMode> DEFAULTS = List.of(NONE,
            new OverheadMode("jfr", true, "asprof=false,console=false", List.of()),
            new OverheadMode("full", true, "console=false", List.of()));

    OverheadMode {
        jvmOptions = List.copyOf(jvmOptions);
    }

    /** {@code NAME=K=V;K=V}: an agent mode with those options ({@code ;} between options). */
    static OverheadMode parse(String spec) {
        String name = name(spec, "--mode", "NAME=OPTIONS", "--mode wall50=wallInterval=50ms");
        String options = spec.length() == name.length()
                ? ""
                : spec.substring(name.length() + 1).replace(';', ',');
        return new OverheadMode(name, true, options.isEmpty() ? "console=false" : "console=false," + options,
                List.of());
    }

    /**
     * {@code NAME=OPTION OPTION}: no agent, the app's JVM started with those options (split at spaces), e.g. the
     * JDK's own JFR as the reference an agent mode is held against.
     */
    static OverheadMode parseJvm(String spec) {
        String name = name(spec, "--jvm-mode", "NAME=JVM_OPTIONS",
                "--jvm-mode jdkjfr=-XX:StartFlightRecording=settings=default");
        String options = spec.length() == name.length() ? "" : spec.substring(name.length() + 1).trim();
        if (options.isEmpty()) {
            throw new UserError("--jvm-mode '" + spec + "': no JVM options after '" + name + "='"
                    + " (the app without options is the mode 'none', always run)");
        }
        return new OverheadMode(name, false, null, List.of(options.split("\\s+")));
    }

    private static String name(String spec, String option, String form, String example) {
        int eq = spec.indexOf('=');
        String name = eq < 0 ? spec : spec.substring(0, eq);
        if (!name.matches("[A-Za-z0-9_-]+") || name.equals("none")) {
            throw new UserError(
                    option + " '" + spec + "': want " + form + " with a name of letters, digits,"
                            + " - or _ (not 'none', which is always run), e.g. " + example);
        }
        return name;
    }

    /**
     * No agent, then the agent modes ({@code --mode}, or jfr and full when none is given), then the JVM-option modes.
     */
    static List<OverheadMode> all(List<String> agentSpecs, List<String> jvmSpecs) {
        List<OverheadMode> all = new ArrayList<>(
                agentSpecs == null || agentSpecs.isEmpty() ? DEFAULTS : List.of(NONE));
        List<OverheadMode> given = new ArrayList<>();
        for (String spec : agentSpecs == null ? List.<String>of() : agentSpecs) {
            given.add(parse(spec));
        }
        for (String spec : jvmSpecs == null ? List.<String>of() : jvmSpecs) {
            given.add(parseJvm(spec));
        }
        for (OverheadMode m : given) {
            if (all.stream().anyMatch(x -> x.name().equals(m.name()))) {
                throw new UserError("mode " + m.name() + " is given twice");
            }
            all.add(m);
        }
        return all;
    }
}

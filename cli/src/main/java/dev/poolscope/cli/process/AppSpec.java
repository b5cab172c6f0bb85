package dev.poolscope.cli.process;

import java.util.List;

/**
 * What an app process is started with: the app's own arguments, options for its JVM, and whether the agent records it
 * with which options.
 */
public record AppSpec(List<String> args, List<String> jvmOptions, boolean agent, String agentOptions) {

    public AppSpec {
        args = List.copyOf(args);
        jvmOptions = List.copyOf(jvmOptions);
    }
}

package dev.poolscope.app.options;

import picocli.CommandLine.Option;

/**
 * The work each checkout does while it holds its connection: the knob that turns the pool into the bottleneck on
 * either stack. Alone in its mixin because the servlet app lists its other checkout knobs right after it.
 */
public final class TxWorkOption {

    @Option(names = "--tx-work-ms", paramLabel = "MS", description = "server-side work inside each checkout transaction, in ms (default: 100)")
    Integer txWorkMs;

    public void addTo(SpringArgs args) {
        args.set("lab.checkout.tx-work-ms", txWorkMs, "--tx-work-ms", 0, 60_000);
    }
}

package dev.poolscope.app.options;

import picocli.CommandLine.Option;

/** Where a lab app listens: loopback by default, as a lab app serves the machine it runs on. */
public final class ListenOptions {

    @Option(names = "--port", paramLabel = "N", description = "HTTP port; 0 picks a free one (default: ${DEFAULT-VALUE})", defaultValue = "8080")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "address to listen on (default: ${DEFAULT-VALUE})", defaultValue = "127.0.0.1")
    String bind;

    public void addTo(SpringArgs args) {
        args.set("server.port", port, "--port", 0, 65535).set("server.address", bind);
    }
}

package dev.poolscope.app.options;

import picocli.CommandLine.Option;

/** The ledger both stacks read with one query, with or without the index that makes it fast. */
public final class SlowQueryOptions {

    @Option(names = "--slow-query-rows", paramLabel = "N", description = "fill a ledger table of N rows at start-up, read by GET /api/ledger/{account} without an index (default: 0, no ledger)")
    Long rows;

    @Option(names = "--slow-query-index", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL", description = "index the ledger's account_id, so the same query is fast (default: false)")
    Boolean index;

    public void addTo(SpringArgs args) {
        args.set("lab.slow-query.rows", rows, "--slow-query-rows", 0, 50_000_000)
                .set("lab.slow-query.index", index);
    }
}

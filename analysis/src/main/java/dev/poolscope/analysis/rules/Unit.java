package dev.poolscope.analysis.rules;

/** Units of thresholds and evidence; the symbol is shown next to every number. */
public enum Unit {
    MILLISECONDS("ms"), PERCENT("%"), PER_SECOND("/s"), COUNT(""), THREADS("threads"), MEGABYTES(
            "MB"), MEGABYTES_PER_SECOND("MB/s");

    private final String symbol;

    Unit(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}

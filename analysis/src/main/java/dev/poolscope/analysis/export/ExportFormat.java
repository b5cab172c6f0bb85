package dev.poolscope.analysis.export;

import java.util.Locale;

import dev.poolscope.analysis.flame.ProfileKind;

/** The file formats a run's profiles are exported in, and the file name each gets by default. */
public enum ExportFormat {
    /** pprof's gzipped protobuf: {@code go tool pprof}, Grafana Pyroscope. */
    PPROF("pprof", ".pb.gz"),
    /** An OpenTelemetry profiles message (OTLP v1development, as proto v1.10.0 defines it), uncompressed. */
    OTLP("otlp", ".otlp.pb"),
    /** speedscope's own JSON file format. */
    SPEEDSCOPE("speedscope", ".speedscope.json"),
    /** Collapsed stacks, one {@code frame;frame;... count} line per stack (FlameGraph's and async-profiler's text). */
    COLLAPSED("collapsed", ".collapsed");

    private final String id;
    private final String suffix;

    ExportFormat(String id, String suffix) {
        this.id = id;
        this.suffix = suffix;
    }

    public String id() {
        return id;
    }

    /** The default file name of {@code kind} in this format, e.g. {@code wall.pb.gz}. */
    public String fileName(ProfileKind kind) {
        return kind.id() + suffix;
    }

    /** The format named {@code id}, or null. */
    public static ExportFormat of(String id) {
        for (ExportFormat f : values()) {
            if (f.id.equals(id.trim().toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        return null;
    }
}

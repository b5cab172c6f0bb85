package dev.poolscope.analysis.output;

/** The first line of a failure's message, for an error or a note that must stay one line. */
public final class OneLine {
    private OneLine() {
    }

    /** The message's first line, or the exception's simple name when it has no message. */
    public static String of(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}

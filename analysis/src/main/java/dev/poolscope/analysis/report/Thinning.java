package dev.poolscope.analysis.report;

import java.util.Locale;

/**
 * Which points of a scatter to draw when there are more than a cap: errors first (all of them while they fit in
 * half the cap, or more when there are few successes), then every k-th success, so the drawn total never exceeds
 * the cap. Points are visited in order; {@link #keep} answers for each, counting as it goes.
 */
final class Thinning {
    private final int total;
    private final int errors;
    private final int errorStride;
    private final int okStride;
    private int errorsSeen;
    private int oksSeen;
    private int drawn;

    private Thinning(int total, int errors, int errorStride, int okStride) {
        this.total = total;
        this.errors = errors;
        this.errorStride = errorStride;
        this.okStride = okStride;
    }

    static Thinning of(int total, int errors, int cap) {
        if (total <= cap) {
            return new Thinning(total, errors, 1, 1);
        }
        int oks = total - errors;
        int errorCap = Math.max(cap / 2, cap - oks);
        int errorStride = Math.max(1, ceilDiv(errors, errorCap));
        int errorsDrawn = ceilDiv(errors, errorStride);
        int okStride = Math.max(1, ceilDiv(oks, Math.max(1, cap - errorsDrawn)));
        return new Thinning(total, errors, errorStride, okStride);
    }

    boolean keep(boolean error) {
        boolean keep = error ? errorsSeen++ % errorStride == 0 : oksSeen++ % okStride == 0;
        if (keep) {
            drawn++;
        }
        return keep;
    }

    int drawn() {
        return drawn;
    }

    /** "N of M drawn" with how, for the view's note. */
    String describe(String what) {
        if (errorStride == 1 && okStride == 1) {
            return String.format(Locale.ROOT, "%s: every one of the %,d drawn", what, total);
        }
        return String.format(Locale.ROOT,
                "%s: %,d points of %,d drawn (%s of %,d successful, %s of %,d failed)",
                what, drawn, total, every(okStride), total - errors, every(errorStride), errors);
    }

    private static String every(int stride) {
        return stride == 1
                ? "all"
                : stride == 2 ? "every 2nd" : stride == 3 ? "every 3rd" : "every " + stride + "th";
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}

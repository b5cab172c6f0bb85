package dev.poolscope.jmeter;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import dev.poolscope.format.jtl.JtlFormatException;

/**
 * Command line: {@code JtlCheck RESULTS.jtl [MAX_ERROR_PERCENT]} prints the summary line and exits 1 when the error
 * rate is above the limit (default 0) or nothing was sampled, 2 on bad input. For scripts that run JMeter, which
 * itself exits 0 whatever happened.
 */
public final class JtlCheck {
    private JtlCheck() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: JtlCheck RESULTS.jtl [MAX_ERROR_PERCENT]");
            return 2;
        }
        double maxErrorPercent;
        try {
            maxErrorPercent = args.length == 2 ? Double.parseDouble(args[1]) : 0;
        } catch (NumberFormatException e) {
            System.err.println("jtl: MAX_ERROR_PERCENT must be a number, not '" + args[1] + "'");
            return 2;
        }
        JtlSummary summary;
        try {
            summary = JtlSummary.read(Path.of(args[0]));
        } catch (NoSuchFileException e) {
            System.err.println("jtl: no such file: " + args[0]);
            return 2;
        } catch (IOException | JtlFormatException e) {
            System.err.println("jtl: " + e.getMessage());
            return 2;
        }
        System.out.println(args[0] + ": " + summary.describe());
        if (summary.samples() == 0) {
            System.err.println("jtl: no samples: the plan sent no requests");
            return 1;
        }
        if (summary.errorRate() * 100 > maxErrorPercent) {
            System.err.printf("jtl: error rate above %s%%%n", args.length == 2 ? args[1] : "0");
            return 1;
        }
        return 0;
    }
}

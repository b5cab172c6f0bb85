package dev.poolscope.app.options;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The Spring Boot arguments a lab app's options become, one property per option, in the order they are added: Spring
 * joins the values of a property given twice, so the order is part of what a command line means. A refusal is a
 * picocli {@link ParameterException}, which {@link SpringCommand} turns into one line and exit code 2.
 */
public final class SpringArgs {

    /** A Spring property such as --spring.jpa.show-sql=true passes through; anything else is a typo. */
    private static final Pattern SPRING_PROPERTY = Pattern.compile("--[A-Za-z][\\w-]*(\\.[\\w\\[\\]-]+)+=.*");

    private final CommandLine cli;
    private final List<String> args = new ArrayList<>();

    SpringArgs(CommandLine cli, List<String> passThrough) {
        this.cli = cli;
        for (String extra : passThrough) {
            if (!SPRING_PROPERTY.matcher(extra).matches()) {
                throw refusal("unknown option '" + extra + "' (see --help)");
            }
            args.add(extra);
        }
    }

    /** Adds {@code --property=value} if the option was given (is not null). */
    public SpringArgs set(String property, Object value) {
        if (value != null) {
            args.add("--" + property + "=" + value);
        }
        return this;
    }

    /** Adds {@code --property=value} if the option was given, after refusing a value outside [min, max]. */
    public SpringArgs set(String property, Number value, String option, long min, long max) {
        if (value != null) {
            long n = value.longValue();
            if (n < min || n > max) {
                throw refusal(option + " must be between " + min + " and " + max + ", got " + n);
            }
            set(property, value);
        }
        return this;
    }

    /** The error to throw for a value the options' types accept but the app cannot use. */
    ParameterException refusal(String message) {
        return new ParameterException(cli, message);
    }

    String[] toArray() {
        return args.toArray(String[]::new);
    }
}

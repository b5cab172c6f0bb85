package dev.poolscope.cli.process;

import dev.poolscope.cli.UserError;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The user's own app: a command line that starts one JVM, given as one string ({@code --app-cmd}), with
 * {@code ${port}} (the port poolscope picked) and {@code ${java}} (the JDK poolscope runs on) filled in.
 *
 * <p>
 * The agent goes into that JVM only: its options are inserted right after the leading {@code java}. Not through
 * {@code JDK_JAVA_OPTIONS}, which every {@code java} launcher started under the command reads (a build tool's own
 * JVM, a forked one), so two agents would write one folder. Hence the command must start with {@code java} (a path
 * ending in {@code /java}, or {@code ${java}}); a script or a build tool is refused with a one-line message. The
 * string is split into words here, not by a shell: single and double quotes group, a backslash escapes the next
 * character, nothing else (no variables, globs or pipes).
 *
 * @param template
 *            the command as given
 * @param readyUrl
 *            the URL that answers 2xx once the app is ready, {@code ${port}} filled in later; null: any HTTP
 *            answer on the port counts
 * @param readyTimeoutSeconds
 *            how long the app may take to become ready
 */
public record AppCommand(String template, String readyUrl, int readyTimeoutSeconds) {

    static final String PORT = "${port}";
    static final String JAVA = "${java}";

    public AppCommand {
        List<String> words = words(template);
        if (words.isEmpty()) {
            throw new UserError("--app-cmd is empty: give the command that starts your app, e.g. 'java -jar"
                    + " my.jar --server.port=${port}'");
        }
        String first = words.getFirst();
        if (!first.equals(JAVA) && !Path.of(first).getFileName().toString().equals("java")) {
            throw new UserError("--app-cmd must start with java (or a path to it, or ${java}), not '" + first
                    + "': the agent is added to that JVM's options; run your app's jar or classes with java");
        }
        if (!template.contains(PORT)) {
            throw new UserError(
                    "--app-cmd has no ${port}: poolscope picks a free port and JMeter is sent there, so"
                            + " the app must listen on it, e.g. --server.port=${port}");
        }
        if (readyUrl != null && !readyUrl.startsWith("http://") && !readyUrl.startsWith("https://")) {
            throw new UserError("--ready-url must be an http:// URL, got '" + readyUrl + "'");
        }
        if (readyTimeoutSeconds < 1) {
            throw new UserError("--ready-timeout must be at least 1 s");
        }
    }

    /**
     * The command to start: {@code java}, then {@code jvmArgs} (the agent), then the rest of the template, then
     * {@code appArgs} (a sweep's {@code --NAME=V}, which Spring Boot reads as properties that override the app's
     * own).
     */
    public List<String> command(int port, String javaBin, List<String> jvmArgs, List<String> appArgs) {
        List<String> words = words(template);
        List<String> out = new ArrayList<>();
        out.add(words.getFirst().equals(JAVA) ? javaBin : fill(words.getFirst(), port, javaBin));
        out.addAll(jvmArgs);
        for (String w : words.subList(1, words.size())) {
            out.add(fill(w, port, javaBin));
        }
        out.addAll(appArgs);
        return out;
    }

    /** The ready URL with its port, or {@code http://127.0.0.1:PORT/} when none was given. */
    public URI readyUri(int port) {
        String url = readyUrl == null ? "http://127.0.0.1:" + PORT + "/" : readyUrl;
        try {
            return URI.create(url.replace(PORT, Integer.toString(port)));
        } catch (IllegalArgumentException e) {
            throw new UserError("--ready-url is not a URL: " + url);
        }
    }

    /** True when the template itself sets {@code --NAME=...} (a sweep must not set it a second time). */
    public boolean sets(String name) {
        return words(template).stream().anyMatch(w -> w.startsWith("--" + name + "=") || w.equals("--" + name)
                || w.startsWith("-D" + name + "="));
    }

    private static String fill(String word, int port, String javaBin) {
        return word.replace(PORT, Integer.toString(port)).replace(JAVA, javaBin);
    }

    /** Splits like a shell does for plain words and quotes, without any expansion. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < command.length()
                        && (command.charAt(i + 1) == '"' || command.charAt(i + 1) == '\\')) {
                    w.append(command.charAt(++i));
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < command.length()) {
                w.append(command.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new UserError("--app-cmd has an unclosed " + quote + " quote");
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }
}

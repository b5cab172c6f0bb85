package dev.poolscope.cli.process;

import dev.poolscope.format.folder.RunFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The real JMeter as a process: the checkout's {@code jmeter-plans/jmeter} (JMeter 5.6.3 from Maven Central), non-GUI,
 * on poolscope's own JDK, pinned to POOLSCOPE_JMETER_CPUS when set. Its output goes to {@code OUT/jmeter.out}.
 */
public final class JMeter {

    private JMeter() {
    }

    /**
     * Starts {@code plan} against 127.0.0.1:{@code port} for {@code seconds} (the plans' host, port and duration
     * properties, with {@code props} besides), writing {@code OUT/results.jtl} with each sample's request id,
     * {@code OUT/jmeter.log} and, with {@code dashboard}, JMeter's HTML dashboard in {@code OUT/dashboard}.
     */
    public static Process start(Layout layout, Path plan, Path out, int port, int seconds,
            Map<String, String> props,
            boolean dashboard) throws IOException {
        Files.createDirectories(out);
        List<String> command = new ArrayList<>(Pinning.prefix("POOLSCOPE_JMETER_CPUS"));
        command.addAll(List.of(layout.jmeter().toString(), "-n", "-t", plan.toString(), "-l",
                out.resolve(RunFolder.RESULTS_JTL).toString(), "-j",
                out.resolve(RunFolder.JMETER_LOG).toString(),
                "-Jhost=127.0.0.1",
                "-Jport=" + port, "-Jduration=" + seconds, "-Jsample_variables=requestId"));
        props.forEach((k, v) -> command.add("-J" + k + "=" + v));
        if (dashboard) {
            command.addAll(List.of("-e", "-o", out.resolve(RunFolder.DASHBOARD).toString()));
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(out.resolve("jmeter.out").toFile());
        // JMeter needs Java 17+; the JDK running poolscope is 21+.
        pb.environment().put("JAVA_HOME", Java.home().toString());
        return Children.track(pb.start());
    }
}

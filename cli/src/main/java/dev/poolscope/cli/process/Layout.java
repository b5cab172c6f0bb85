package dev.poolscope.cli.process;

import dev.poolscope.cli.PoolscopeCli;
import dev.poolscope.cli.UserError;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the pieces of a poolscope checkout are. */
public record Layout(Path home) {

    public static Layout detect() {
        String configured = System.getProperty("poolscope.home", System.getenv("POOLSCOPE_HOME"));
        if (configured != null && !configured.isBlank()) {
            return new Layout(Path.of(configured).toAbsolutePath().normalize());
        }
        try {
            // cli/target/poolscope-cli.jar -> the checkout
            Path jar = Path
                    .of(PoolscopeCli.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return new Layout(jar.getParent().getParent().getParent());
        } catch (URISyntaxException | RuntimeException e) {
            return new Layout(Path.of("").toAbsolutePath());
        }
    }

    /**
     * The lab app's exec jar as the build extracts it (app/pom.xml): its classes beside its libraries, which start
     * faster than the same jar run nested.
     */
    Path appJar() {
        return home.resolve("app/target/run/poolscope-app-0.1.0-SNAPSHOT-exec.jar");
    }

    Path reactiveAppJar() {
        return home.resolve("app-reactive/target/run/poolscope-app-reactive-0.1.0-SNAPSHOT-exec.jar");
    }

    public Path agentJar() {
        return home.resolve("profiler-agent/target/poolscope-agent.jar");
    }

    public Path analysisJar() {
        return home.resolve("analysis/target/poolscope-analysis.jar");
    }

    public Path jmeter() {
        return home.resolve("jmeter-plans/jmeter");
    }

    /** A plan by name ({@code vu500}) from jmeter-plans/plans, or a path to any .jmx. */
    public Path plan(String nameOrPath) {
        Path asPath = Path.of(nameOrPath);
        if (nameOrPath.endsWith(".jmx") && Files.isRegularFile(asPath)) {
            return asPath.toAbsolutePath();
        }
        Path named = home.resolve("jmeter-plans/plans").resolve(nameOrPath + ".jmx");
        if (!Files.isRegularFile(named)) {
            throw new UserError(
                    "no plan '" + nameOrPath + "': expected " + named + " or a path to a .jmx file");
        }
        return named;
    }

    public void require(Path jar, String module) {
        if (!Files.isRegularFile(jar)) {
            throw new UserError(jar + " is missing: build it with ./mvnw -pl " + module
                    + " -am package -DskipTests (./poolscope does this itself)");
        }
    }
}

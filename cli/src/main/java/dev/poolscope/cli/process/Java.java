package dev.poolscope.cli.process;

import java.nio.file.Path;

/**
 * The JDK every process poolscope starts runs on: the one running poolscope, which {@code ./poolscope} chose (a JDK 21
 * or newer: POOLSCOPE_JAVA_HOME, else the newest one installed). Its tools (jcmd, jfr) come from the same JDK.
 */
public final class Java {

    private Java() {
    }

    /** The JDK's home: this JVM's {@code java.home}. */
    public static Path home() {
        return Path.of(System.getProperty("java.home"));
    }

    /** The {@code java} launcher. */
    public static String bin() {
        return tool("java").toString();
    }

    /** A tool of the JDK, e.g. {@code jcmd} or {@code jfr}. */
    public static Path tool(String name) {
        return home().resolve("bin").resolve(name);
    }
}

package dev.poolscope.cli.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The app's log read back while it is written: whole lines only, the ready line found once, the last lines kept. */
class AppLogTest {

    @TempDir
    Path dir;

    @Test
    void findsTheReadyLineOnlyOnceItIsComplete() throws Exception {
        Path file = dir.resolve("app.log");
        AppLog log = new AppLog(file, "ready: ");
        assertThat(log.marked()).as("no file yet").isNull();
        append(file,
                "starting\nbackends: PostgreSQL jdbc:postgresql://127.0.0.1:5/db\nready: url=http://127.0.0.1:8");
        assertThat(log.marked()).as("the line is still being written").isNull();
        assertThat(log.tail()).containsExactly("starting",
                "backends: PostgreSQL jdbc:postgresql://127.0.0.1:5/db");
        append(file, "080 server=tomcat\r\nserving\nready: url=elsewhere\n");
        assertThat(log.marked()).isEqualTo("url=http://127.0.0.1:8080 server=tomcat");
        assertThat(log.markedContext()).containsExactly("starting",
                "backends: PostgreSQL jdbc:postgresql://127.0.0.1:5/db",
                "ready: url=http://127.0.0.1:8080 server=tomcat");
        assertThat(log.tail()).endsWith("serving", "ready: url=elsewhere");
    }

    @Test
    void keepsTheLastFifteenLines() throws Exception {
        Path file = dir.resolve("app.log");
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= 40; i++) {
            b.append("line ").append(i).append('\n');
        }
        append(file, b.toString());
        AppLog log = new AppLog(file, null);
        assertThat(log.tail()).hasSize(15).startsWith("line 26").endsWith("line 40");
        assertThat(log.marked()).isNull();
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}

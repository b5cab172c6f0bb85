package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.format.event.StatementEvent;
import jdk.jfr.Recording;

/**
 * poolscope.Statement as the agent writes it (the format module's event class, committed in a real JFR recording)
 * reads back field for field: a JDBC batch on a thread, an R2DBC execution with its request, a failed one, and a text
 * of the longest length the agent writes.
 */
class StatementEventsTest {
    @TempDir
    Path dir;

    @Test
    void everyFieldReadsBack() throws Exception {
        String longest = "select " + "x".repeat(StatementEvent.SQL_MAX_CHARS - 8) + StatementEvent.SQL_CUT;
        Path agent = Files.createDirectories(dir.resolve("agent"));
        try (Recording r = new Recording()) {
            r.enable(StatementEvent.class).withThreshold(java.time.Duration.ZERO);
            r.start();
            commit("insert into t values (?)", StatementEvent.KIND_EXECUTE_BATCH, 3, 3, true, "c1", "");
            commit("SELECT name FROM product WHERE id = $1", StatementEvent.KIND_R2DBC, -1, 0, true, "c2",
                    "req-7");
            commit(longest, StatementEvent.KIND_EXECUTE_QUERY, -1, 0, false, "", "");
            r.stop();
            r.dump(agent.resolve("recording.jfr"));
        }
        List<Events.Statement> read = new ArrayList<>();
        new RecordingReader().read(agent, new RecordingListener() {
            @Override
            public void statement(Events.Statement e) {
                read.add(e);
            }
        });
        assertThat(read).hasSize(3);
        Events.Statement batch = read.get(0);
        assertThat(batch.sql()).isEqualTo("insert into t values (?)");
        assertThat(batch.kind()).isEqualTo("executeBatch");
        assertThat(batch.rows()).isEqualTo(3);
        assertThat(batch.batchSize()).isEqualTo(3);
        assertThat(batch.success()).isTrue();
        assertThat(batch.connectionId()).isEqualTo("c1");
        assertThat(batch.reactive()).isFalse();
        assertThat(batch.thread().name()).isEqualTo(Thread.currentThread().getName());
        assertThat(batch.endNanos()).isGreaterThanOrEqualTo(batch.startNanos());
        Events.Statement reactive = read.get(1);
        assertThat(reactive.reactive()).isTrue();
        assertThat(reactive.requestId()).isEqualTo("req-7");
        Events.Statement failed = read.get(2);
        assertThat(failed.success()).isFalse();
        assertThat(failed.sql()).hasSize(StatementEvent.SQL_MAX_CHARS).endsWith(StatementEvent.SQL_CUT);
    }

    private static void commit(String sql, String kind, long rows, int batch, boolean success,
            String connection,
            String request) throws InterruptedException {
        StatementEvent e = new StatementEvent();
        e.begin();
        Thread.sleep(2);
        e.end();
        e.sql = sql;
        e.kind = kind;
        e.rows = rows;
        e.batchSize = batch;
        e.success = success;
        e.connectionId = connection;
        e.requestId = request;
        e.commit();
    }
}

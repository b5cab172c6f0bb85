package dev.poolscope.agent.statements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolscope.agent.ConnectionIds;
import dev.poolscope.format.event.StatementEvent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** The hooks as the advice calls them, a pool's proxy around a driver's objects, recorded by a real JFR recording. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StatementHooksTest {
    private final Object pooledConnection = new Object();
    private final Object driverConnection = new Object();

    /** Hikari's proxy connection makes the driver's statement inside its own prepareStatement, then wraps it. */
    private Object prepareThroughAProxy(String sql, Object proxyStatement, Object driverStatement) {
        Object outer = StatementHooks.creating(pooledConnection);
        Object inner = StatementHooks.creating(driverConnection);
        StatementHooks.created(inner, driverStatement, sql);
        StatementHooks.created(outer, proxyStatement, sql);
        return proxyStatement;
    }

    @Test
    void theOutermostCallsCountWithTheDriversConnection() throws Exception {
        Object proxy = new Object();
        Object driver = new Object();
        prepareThroughAProxy("select * from t where id = 42", proxy, driver);
        assertNull(StatementHooks.infoOf(driver), "the driver's statement under the proxy is not stamped");
        assertEquals(ConnectionIds.of(driverConnection), StatementHooks.infoOf(proxy).connectionId());

        List<RecordedEvent> events = record(() -> {
            Object outer = StatementHooks.enter();
            Object inner = StatementHooks.enter();
            StatementHooks.executed(inner, driver, null, StatementEvent.KIND_EXECUTE_UPDATE, 1, true);
            StatementHooks.executed(outer, proxy, null, StatementEvent.KIND_EXECUTE_UPDATE, 1, true);
            Object failing = StatementHooks.enter();
            StatementHooks.executed(failing, proxy, "select 1 from nowhere",
                    StatementEvent.KIND_EXECUTE_QUERY, -1,
                    false);
        });
        assertEquals(List.of("executeUpdate select * from t where id = ? 1 true",
                "executeQuery select ? from nowhere -1 false"),
                events.stream()
                        .map(e -> e.getString(StatementEvent.KIND) + " " + e.getString(StatementEvent.SQL)
                                + " " + e.getLong(StatementEvent.ROWS) + " "
                                + e.getBoolean(StatementEvent.SUCCESS))
                        .toList());
        assertTrue(events.stream()
                .allMatch(e -> e.getString(StatementEvent.CONNECTION_ID)
                        .equals(ConnectionIds.of(driverConnection))));
    }

    @Test
    void aBatchSumsItsCountsAndEmptiesItself() throws Exception {
        Object plain = prepareThroughAProxy(null, new Object(), new Object());
        List<RecordedEvent> events = record(() -> {
            StatementHooks.addBatch(plain, "insert into t values (1)");
            StatementHooks.addBatch(plain, "insert into t values (2)");
            StatementHooks.addBatch(plain, "delete from t where id = 3");
            StatementHooks.executedBatch(StatementHooks.enter(), plain, StatementEvent.KIND_EXECUTE_BATCH,
                    new int[]{1, 1, 0}, true);
            StatementHooks.addBatch(plain, "insert into t values (4)");
            StatementHooks.executedBatch(StatementHooks.enter(), plain, StatementEvent.KIND_EXECUTE_BATCH,
                    new int[]{-2}, true);
            StatementHooks.addBatch(plain, "insert into t values (5)");
            StatementHooks.addBatch(plain, "insert into t values (6)");
            StatementHooks.executedBatch(StatementHooks.enter(), plain,
                    StatementEvent.KIND_EXECUTE_LARGE_BATCH, null, false);
        });
        assertEquals(List.of("insert into t values (?); delete from t where id = ? 3 2",
                "insert into t values (?) 1 -1", "insert into t values (?) 2 -1"),
                events.stream().map(e -> e.getString(StatementEvent.SQL) + " "
                        + e.getInt(StatementEvent.BATCH_SIZE) + " " + e.getLong(StatementEvent.ROWS))
                        .toList());
    }

    /** Statements whose class carries no field go to a weak map, which stops growing at its cap. Last: it fills it. */
    @Test
    @Order(Integer.MAX_VALUE)
    void theMapOfStatementsWithoutAFieldIsCapped() {
        List<Object> alive = new ArrayList<>();
        for (int i = 0; i < StatementHooks.MAX_MAPPED + 1_000; i++) {
            Object statement = new Object();
            alive.add(statement);
            StatementHooks.created(StatementHooks.creating(driverConnection), statement, "select 1");
        }
        assertTrue(StatementHooks.mapped() <= StatementHooks.MAX_MAPPED, StatementHooks.mapped() + " mapped");
        assertNull(StatementHooks.infoOf(alive.get(alive.size() - 1)),
                "the ones past the cap are not stamped");
        alive.clear();
    }

    private static List<RecordedEvent> record(Runnable body) throws Exception {
        Path file = Files.createTempFile("statements", ".jfr");
        try (Recording r = new Recording()) {
            r.enable(StatementEvent.class).withThreshold(java.time.Duration.ZERO);
            r.start();
            body.run();
            r.stop();
            r.dump(file);
        }
        try {
            return RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals(StatementEvent.NAME))
                    .sorted(java.util.Comparator.comparing(RecordedEvent::getStartTime)).toList();
        } finally {
            Files.delete(file);
        }
    }
}

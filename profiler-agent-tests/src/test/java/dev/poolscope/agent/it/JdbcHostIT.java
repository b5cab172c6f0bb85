package dev.poolscope.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordedEvent;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.zaxxer.hikari.HikariDataSource;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.StatementEvent;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * The statement hooks on a real driver (PgJDBC) behind a real pool (HikariCP) in a real JVM, fed what could break
 * them ({@link JdbcHost}): the host prints the same with the agent as without, and the recording has one event per
 * execution with the texts, kinds, counts and connections the cases imply.
 */
class JdbcHostIT {
    private static final Path WORK = Path.of("target", "it", "jdbc").toAbsolutePath();
    private static EmbeddedPostgres postgres;
    private static String url;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.builder().setServerConfig("listen_addresses", "127.0.0.1")
                .setPGStartupWait(Duration.ofSeconds(60)).start();
        url = "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres";
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void theHostSeesNothingAndEveryExecutionIsRecordedOnce() throws Exception {
        List<String> without = run("without", null);
        Path out = WORK.resolve("with").resolve("agent");
        List<String> with = run("with",
                JvmProcess.javaWithAgent("out=" + out + ",asprof=false,console=false"));
        assertEquals(without, with, "the host's view, without and with the agent");
        assertTrue(with.contains("case failing-query: org.postgresql.util.PSQLException 42P01 ERROR: relation"
                + " \"no_such_table\" does not exist"), with.toString());

        Map<String, List<RecordedEvent>> ev = Recordings.byType(out.resolve("recording.jfr"));
        List<RecordedEvent> st = ev.getOrDefault(StatementEvent.NAME, List.of());
        assertTrue(ev.get(AgentStatusEvent.NAME).stream()
                .allMatch(e -> e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS) == 0), "no errors suppressed");
        Set<String> held = ev.getOrDefault(ConnectionHoldEvent.NAME, List.of()).stream()
                .map(e -> e.getString(ConnectionHoldEvent.CONNECTION_ID)).collect(Collectors.toSet());
        assertFalse(held.isEmpty());

        // The prepared query 5 times, the two literal texts, the bare driver's: one text, once per execution (not
        // once more for the driver's statement under Hikari's proxy).
        List<RecordedEvent> byId = of(st, "select name from item where id = ?");
        assertEquals(8, byId.size(), texts(st));
        assertTrue(byId.stream().allMatch(e -> kind(e).equals(StatementEvent.KIND_EXECUTE_QUERY) && ok(e)
                && e.getLong(StatementEvent.ROWS) == -1 && e.getInt(StatementEvent.BATCH_SIZE) == 0));
        assertEquals(7, byId.stream().filter(e -> held.contains(connection(e))).count(),
                "the pooled ones ran on connections the holds name");
        assertEquals(1, byId.stream().filter(e -> !held.contains(connection(e)) && !connection(e).isEmpty())
                .count(), "the bare driver's connection is no pool's");
        assertInsideAHold(byId.stream().filter(e -> held.contains(connection(e))).toList(),
                ev.get(ConnectionHoldEvent.NAME));

        List<RecordedEvent> updates = of(st, "update item set name = ? where id <= ?");
        assertEquals(List.of(StatementEvent.KIND_EXECUTE_UPDATE + " 3",
                StatementEvent.KIND_EXECUTE_LARGE_UPDATE + " 4"),
                updates.stream().map(e -> kind(e) + " " + e.getLong(StatementEvent.ROWS)).toList());

        RecordedEvent huge = st.stream()
                .filter(e -> sql(e).startsWith("select count(*) from item where id in (?")).findFirst()
                .orElseThrow(() -> new AssertionError(texts(st)));
        assertTrue(sql(huge).endsWith(StatementEvent.SQL_CUT)
                && sql(huge).length() <= StatementEvent.SQL_MAX_CHARS + 1, sql(huge));

        assertEquals(List.of(1L, 1L), of(st, "insert into blob (data) values (?)").stream()
                .map(e -> e.getLong(StatementEvent.ROWS)).toList());
        assertEquals(1, of(st, "select length(data) from blob where data = ?").size());

        // Batches: a Statement's texts, each once; a prepared one's size and summed counts.
        assertEquals(List.of("4 4"), of(st,
                "insert into item values (?); update item set name = ? where id = ?; delete from item where id = ?")
                .stream().map(e -> e.getInt(StatementEvent.BATCH_SIZE) + " " + e.getLong(StatementEvent.ROWS))
                .toList());
        assertEquals(List.of(StatementEvent.KIND_EXECUTE_BATCH + " 1 1"),
                of(st, "delete from item where id = ?").stream().map(e -> kind(e) + " "
                        + e.getInt(StatementEvent.BATCH_SIZE) + " " + e.getLong(StatementEvent.ROWS))
                        .toList());
        assertEquals(List.of(StatementEvent.KIND_EXECUTE_BATCH + " 100 100 true",
                StatementEvent.KIND_EXECUTE_LARGE_BATCH + " 10 10 true",
                StatementEvent.KIND_EXECUTE_BATCH + " 3 -1 false"),
                of(st, "insert into item (id, name) values (?)").stream()
                        .map(e -> kind(e) + " " + e.getInt(StatementEvent.BATCH_SIZE) + " "
                                + e.getLong(StatementEvent.ROWS) + " " + ok(e))
                        .toList());

        List<RecordedEvent> failing = of(st, "select * from no_such_table where id = ?");
        assertEquals(1, failing.size());
        assertFalse(ok(failing.get(0)));
        assertEquals(1, of(st, "select ?").size(), "the statement after the failures");
        assertEquals(List.of(StatementEvent.KIND_EXECUTE), of(st, "{? = call upper(?)}").stream()
                .map(JdbcHostIT::kind).toList());

        // One connection, two threads: 50 each, both on the same connection.
        List<RecordedEvent> shared = of(st, "select id * ? from item where id = ?");
        assertEquals(100, shared.size());
        assertEquals(Set.of("shared-0", "shared-1"),
                shared.stream().map(e -> e.getThread().getJavaName()).collect(Collectors.toSet()));
        assertEquals(1, shared.stream().map(JdbcHostIT::connection).distinct().count());
        assertTrue(held.contains(connection(shared.get(0))));

        assertTrue(st.stream().allMatch(e -> e.getString(StatementEvent.REQUEST_ID).isEmpty()));
        assertEquals(2, st.stream().filter(e -> !ok(e)).count(), "only the failing query and batch failed");
    }

    @Test
    void statementsMadeBeforeTheAgentAttachedRunUnharmed() throws Exception {
        Path out = WORK.resolve("attach").resolve("agent");
        List<String> lines = run("attach", null, "-Djdk.attach.allowAttachSelf=true",
                JvmProcess.agentJar().toString(),
                "out=" + out + ",asprof=false,console=false");
        assertTrue(lines.contains("agent: recording"), lines.toString());
        assertTrue(lines.contains("case old-prepared: item 2") && lines.contains("case old-plain: old1")
                && lines.contains("case new-prepared: item 11")
                && lines.contains("case new-batch: [1, 1]"), lines.toString());

        Map<String, List<RecordedEvent>> ev = Recordings.byType(out.resolve("recording.jfr"));
        List<RecordedEvent> st = ev.getOrDefault(StatementEvent.NAME, List.of());
        assertTrue(ev.get(AgentStatusEvent.NAME).stream()
                .allMatch(e -> e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS) == 0), "no errors suppressed");
        // Made before: executed and timed, the prepared one's text unknown, no connection known.
        // (PgJDBC's isValid, which Hikari may call on a borrow, runs an empty text too: executeUpdate.)
        List<RecordedEvent> unknown = of(st, "").stream()
                .filter(e -> kind(e).equals(StatementEvent.KIND_EXECUTE_QUERY)).toList();
        assertEquals(1, unknown.size(), texts(st));
        assertEquals("", connection(unknown.get(0)));
        assertEquals(1, of(st, "select ? || ?").size(), texts(st));
        // Made after: stamped in the weak map.
        List<RecordedEvent> after = of(st, "select name from item where id > ? limit ?");
        assertEquals(1, after.size(), texts(st));
        assertFalse(connection(after.get(0)).isEmpty());
        assertEquals(List.of(2), of(st, "insert into item values (?); delete from item where id = ?").stream()
                .map(e -> e.getInt(StatementEvent.BATCH_SIZE)).toList());
    }

    /** Each statement falls inside a hold of its connection: what lets the analysis put it in the hold. */
    private static void assertInsideAHold(List<RecordedEvent> statements, List<RecordedEvent> holds) {
        for (RecordedEvent s : statements) {
            assertTrue(holds.stream()
                    .anyMatch(h -> h.getString(ConnectionHoldEvent.CONNECTION_ID).equals(connection(s))
                            && !h.getStartTime().isAfter(s.getStartTime())
                            && !h.getEndTime().isBefore(s.getEndTime())),
                    "a hold around " + sql(s) + " at " + s.getStartTime());
        }
    }

    /** Runs the host; {@code agentCommand} null: without the agent. Returns its stdout. */
    private static List<String> run(String name, List<String> agentCommand, String... extra)
            throws Exception {
        Path dir = WORK.resolve(name);
        JvmProcess.clean(dir);
        List<String> cmd = new ArrayList<>(agentCommand != null
                ? agentCommand
                : List.of(JvmProcess.java(), "--enable-native-access=ALL-UNNAMED"));
        List<String> args = new ArrayList<>(List.of(extra));
        // JVM options (-D…) go before the class, the rest after it.
        List<String> jvmOptions = args.stream().filter(a -> a.startsWith("-D")).toList();
        args.removeAll(jvmOptions);
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-Xmx256m", "-cp", hostClassPath(), JdbcHost.class.getName(), url, "postgres"));
        cmd.addAll(args);
        try (JvmProcess p = JvmProcess.start(dir, cmd)) {
            assertEquals(0, p.awaitExit(Duration.ofSeconds(180)), JvmProcess.tail(p.stderr));
            List<String> lines = p.stdoutLines();
            assertTrue(lines.contains("host done"), lines + "\n" + JvmProcess.tail(p.stderr));
            return lines;
        }
    }

    /** The test classes, the driver, HikariCP and its logging API: not the agent's own classes. */
    private static String hostClassPath() throws URISyntaxException {
        List<String> entries = new ArrayList<>();
        entries.add(Path.of("target", "test-classes").toAbsolutePath().toString());
        for (Class<?> c : List.of(org.postgresql.Driver.class, HikariDataSource.class,
                org.slf4j.Logger.class)) {
            entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private static List<RecordedEvent> of(List<RecordedEvent> statements, String sql) {
        return statements.stream().filter(e -> sql(e).equals(sql))
                .sorted(java.util.Comparator.comparing(RecordedEvent::getStartTime)).toList();
    }

    private static String texts(List<RecordedEvent> statements) {
        return statements.stream()
                .map(e -> kind(e) + " " + sql(e).substring(0, Math.min(100, sql(e).length())))
                .distinct().collect(Collectors.joining("\n"));
    }

    private static String sql(RecordedEvent e) {
        return e.getString(StatementEvent.SQL);
    }

    private static String kind(RecordedEvent e) {
        return e.getString(StatementEvent.KIND);
    }

    private static String connection(RecordedEvent e) {
        return e.getString(StatementEvent.CONNECTION_ID);
    }

    private static boolean ok(RecordedEvent e) {
        return e.getBoolean(StatementEvent.SUCCESS);
    }
}

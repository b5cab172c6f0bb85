package dev.poolscope.agent.it;

import java.sql.BatchUpdateException;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;

import com.sun.tools.attach.VirtualMachine;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * A host that uses JDBC the ways that could trip the statement hooks, on a real PostgreSQL through HikariCP and through
 * the bare driver, and prints what it saw. {@link JdbcHostIT} runs it with and without the agent: the lines must be
 * the same (the host saw every result and every exception unchanged). Each line names a case; the recording's
 * statements are matched to the cases by their texts.
 *
 * <p>
 * Arguments: {@code JDBC_URL USER [AGENT_JAR AGENT_OPTIONS]}. With the last two the host makes statements first,
 * then loads the agent into itself (as {@code ./poolscope attach} would), uses them and new ones, and stops it.
 */
public final class JdbcHost {
    private JdbcHost() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String user = args[1];
        boolean attach = args.length >= 4;
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setMaximumPoolSize(2);
        config.setPoolName("HikariPool-host");
        if (!attach) {
            awaitRecording();
        }
        try (HikariDataSource pool = new HikariDataSource(config)) {
            schema(pool);
            if (attach) {
                attached(pool, args[2], args[3]);
            } else {
                everyCase(pool, url, user);
            }
        }
        System.out.println("host done");
    }

    /**
     * With the agent from the command line the recording starts beside main: what runs before it is not recorded. The
     * agent says when it runs in a system property.
     */
    private static void awaitRecording() throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.getProperty("poolscope.agent.state") != null
                && !System.getProperty("poolscope.agent.message", "").contains(" started in ")
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private static void schema(HikariDataSource pool) throws SQLException {
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            s.execute("drop table if exists item, blob");
            s.execute("create table item (id bigint primary key, name text not null)");
            s.execute("create table blob (id serial primary key, data bytea not null)");
            s.executeUpdate("insert into item select g, 'item ' || g from generate_series(1, 1000) g");
        }
    }

    private static void everyCase(HikariDataSource pool, String url, String user) throws Exception {
        try (Connection c = pool.getConnection()) {
            preparedQueries(c);
            literals(c);
            updates(c);
            hugeText(c);
            binary(c);
            batches(c);
            failures(c);
            callable(c);
        }
        twoThreadsOneConnection(pool);
        try (Connection raw = DriverManager.getConnection(url, user, "")) {
            try (PreparedStatement ps = raw.prepareStatement("select name from item where id = ?")) {
                ps.setLong(1, 7);
                System.out.println("case raw-driver: " + firstString(ps.executeQuery()));
            }
        }
    }

    private static void preparedQueries(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select name from item where id = ?")) {
            List<String> names = new ArrayList<>();
            for (long id = 1; id <= 5; id++) {
                ps.setLong(1, id);
                names.add(firstString(ps.executeQuery()));
            }
            System.out.println("case prepared-query: " + names);
        }
    }

    private static void literals(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            String a = firstString(s.executeQuery("select name from item where id = 42"));
            String b = firstString(s.executeQuery("select name   from item\n where id = 43 -- the next one"));
            System.out.println("case literals: " + a + ", " + b);
        }
    }

    private static void updates(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("update item set name = ? where id <= ?")) {
            ps.setString(1, "renamed");
            ps.setLong(2, 3);
            System.out.println("case update: " + ps.executeUpdate());
            ps.setLong(2, 4);
            System.out.println("case large-update: " + ps.executeLargeUpdate());
        }
    }

    /** A 2 MB text: an IN-list of 300,000 ids. */
    private static void hugeText(Connection c) throws SQLException {
        StringBuilder sql = new StringBuilder("select count(*) from item where id in (");
        for (int i = 1; i <= 300_000; i++) {
            sql.append(i).append(i < 300_000 ? ", " : ")");
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.toString())) {
            rs.next();
            System.out.println("case huge-text (" + sql.length() / 1024 + " KB): " + rs.getLong(1));
        }
    }

    private static void binary(Connection c) throws SQLException {
        byte[] data = new byte[1 << 20];
        new Random(24).nextBytes(data);
        try (PreparedStatement ps = c.prepareStatement("insert into blob (data) values (?)")) {
            ps.setBytes(1, data);
            System.out.println("case binary-insert: " + ps.executeUpdate());
            ps.setBinaryStream(1, new java.io.ByteArrayInputStream(data, 0, 1000), 1000);
            System.out.println("case binary-stream: " + ps.executeUpdate());
        }
        try (PreparedStatement ps = c.prepareStatement("select length(data) from blob where data = ?")) {
            ps.setBytes(1, data);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                System.out.println("case binary-query: " + rs.getInt(1));
            }
        }
    }

    private static void batches(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.addBatch("insert into item values (5001, 'a')");
            s.addBatch("insert into item values (5002, 'b')");
            s.addBatch("update item set name = 'c' where id = 5001");
            s.addBatch("delete from item where id = 5002");
            System.out.println("case statement-batch: " + Arrays.toString(s.executeBatch()));
            s.addBatch("delete from item where id = 5001");
            s.clearBatch();
            s.addBatch("delete from item where id = 5001");
            System.out.println("case statement-batch-cleared: " + Arrays.toString(s.executeBatch()));
        }
        try (PreparedStatement ps = c.prepareStatement("insert into item (id, name) values (?, ?)")) {
            for (int i = 0; i < 100; i++) {
                ps.setLong(1, 6000 + i);
                ps.setString(2, "batch " + i);
                ps.addBatch();
            }
            System.out.println("case prepared-batch: " + Arrays.stream(ps.executeBatch()).sum());
            for (int i = 0; i < 10; i++) {
                ps.setLong(1, 7000 + i);
                ps.setString(2, "large " + i);
                ps.addBatch();
            }
            System.out.println("case large-batch: " + Arrays.stream(ps.executeLargeBatch()).sum());
        }
    }

    private static void failures(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeQuery("select * from no_such_table where id = 1");
            System.out.println("case failing-query: no exception");
        } catch (SQLException e) {
            System.out.println("case failing-query: " + describe(e));
        }
        try (PreparedStatement ps = c.prepareStatement("insert into item (id, name) values (?, ?)")) {
            for (long id : new long[]{8000, 1, 8001}) {
                ps.setLong(1, id);
                ps.setString(2, "dup");
                ps.addBatch();
            }
            ps.executeBatch();
            System.out.println("case failing-batch: no exception");
        } catch (BatchUpdateException e) {
            System.out.println("case failing-batch: " + describe(e) + " counts "
                    + Arrays.toString(e.getUpdateCounts()));
        }
        try (Statement s = c.createStatement()) {
            System.out.println("case after-failures: " + firstString(s.executeQuery("select 'still fine'")));
        }
    }

    private static void callable(Connection c) throws SQLException {
        try (CallableStatement cs = c.prepareCall("{? = call upper(?)}")) {
            cs.registerOutParameter(1, Types.VARCHAR);
            cs.setString(2, "called");
            cs.execute();
            System.out.println("case callable: " + cs.getString(1));
        }
    }

    /** One connection, two threads, each with its own statements, at once (the driver serialises them). */
    private static void twoThreadsOneConnection(HikariDataSource pool) throws Exception {
        try (Connection shared = pool.getConnection()) {
            CountDownLatch start = new CountDownLatch(1);
            long[] sums = new long[2];
            Thread[] threads = new Thread[2];
            for (int t = 0; t < 2; t++) {
                int me = t;
                threads[t] = new Thread(() -> {
                    try (PreparedStatement ps = shared
                            .prepareStatement("select id * 2 from item where id = ?")) {
                        start.await();
                        for (int i = 1; i <= 50; i++) {
                            ps.setLong(1, i);
                            try (ResultSet rs = ps.executeQuery()) {
                                rs.next();
                                sums[me] += rs.getLong(1);
                            }
                        }
                    } catch (Exception e) {
                        sums[me] = -1;
                    }
                }, "shared-" + t);
                threads[t].start();
            }
            start.countDown();
            for (Thread t : threads) {
                t.join();
            }
            System.out.println("case two-threads: " + sums[0] + " " + sums[1]);
        }
    }

    /**
     * Statements made before the agent is loaded, used after: no SQL is known for a prepared one, no connection for
     * either; the host must not notice.
     */
    private static void attached(HikariDataSource pool, String agentJar, String options) throws Exception {
        try (Connection c = pool.getConnection();
                PreparedStatement before = c.prepareStatement("select name from item where id = ?");
                Statement plainBefore = c.createStatement()) {
            before.setLong(1, 1);
            System.out.println("case before-attach: " + firstString(before.executeQuery()));
            VirtualMachine vm = VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
            try {
                vm.loadAgent(agentJar, options);
                System.out.println("agent: " + System.getProperty("poolscope.agent.state"));
                before.setLong(1, 2);
                System.out.println("case old-prepared: " + firstString(before.executeQuery()));
                System.out.println(
                        "case old-plain: " + firstString(plainBefore.executeQuery("select 'old' || 1")));
                try (PreparedStatement after = c
                        .prepareStatement("select name from item where id > ? limit 1")) {
                    after.setLong(1, 10);
                    System.out.println("case new-prepared: " + firstString(after.executeQuery()));
                }
                try (Statement s = c.createStatement()) {
                    s.addBatch("insert into item values (9001, 'x')");
                    s.addBatch("delete from item where id = 9001");
                    System.out.println("case new-batch: " + Arrays.toString(s.executeBatch()));
                }
                vm.loadAgent(agentJar, "stop");
            } finally {
                vm.detach();
            }
        }
    }

    private static String firstString(ResultSet rs) throws SQLException {
        try (rs) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static String describe(SQLException e) {
        return e.getClass().getName() + " " + e.getSQLState() + " "
                + e.getMessage().lines().findFirst().orElse("");
    }
}

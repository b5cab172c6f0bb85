package dev.poolscope.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;

import org.junit.jupiter.api.Test;

/** The pre-filter on real class files: the drivers', the pools' and the JDK's. */
class SqlClassFilterTest {
    private static byte[] bytesOf(String className) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(className.replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    @Test
    void theClassesThatImplementJdbcOrR2dbcPass() throws IOException {
        for (String c : new String[]{"org.postgresql.jdbc.PgConnection", "org.postgresql.jdbc.PgStatement",
                "org.postgresql.jdbc.PgPreparedStatement", "org.postgresql.jdbc.PgCallableStatement",
                "com.zaxxer.hikari.pool.ProxyConnection",
                "com.zaxxer.hikari.pool.HikariProxyPreparedStatement",
                "com.zaxxer.hikari.pool.ProxyStatement", "io.r2dbc.pool.PooledConnection"}) {
            assertTrue(SqlClassFilter.mentionsSql(bytesOf(c)), c);
        }
    }

    @Test
    void othersDoNot() throws IOException {
        for (String c : new String[]{"java.util.ArrayList", "java.lang.String",
                "java.util.concurrent.ForkJoinPool",
                "org.junit.jupiter.api.Assertions"}) {
            assertFalse(SqlClassFilter.mentionsSql(bytesOf(c)), c);
        }
    }

    @Test
    void anUnreadableClassFileIsPassedOn() {
        assertTrue(SqlClassFilter.mentionsSql(new byte[]{1, 2, 3}));
        assertTrue(SqlClassFilter
                .mentionsSql(new byte[]{(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0,
                        0, 65, 0, 9, 99}));
    }
}

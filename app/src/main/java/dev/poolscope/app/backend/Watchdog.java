package dev.poolscope.app.backend;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A small shell process that outlives the app by design: it polls the app's pid once a second and, when the app is
 * gone without stopping its servers (kill -9, a crash, an OOM kill), stops the embedded PostgreSQL (SIGINT: fast
 * shutdown; SIGQUIT after 5 s) and Redis (SIGTERM; SIGKILL after 5 s). A clean stop destroys the watchdog first, so
 * it never signals a pid that was reused. POSIX shell only; where there is none the app runs without it and says so.
 */
final class Watchdog implements AutoCloseable {
    /**
     * $1 the app's pid, $2 PostgreSQL's postmaster or 0, $3 Redis or 0, $4 PostgreSQL's data directory or "" (deleted
     * once the postmaster is gone: it is the app's own, PostgresData).
     */
    static final String SCRIPT = """
            while kill -0 "$1" 2>/dev/null; do sleep 1; done
            [ "$2" != 0 ] && kill -INT "$2" 2>/dev/null
            [ "$3" != 0 ] && kill -TERM "$3" 2>/dev/null
            sleep 5
            [ "$2" != 0 ] && kill -QUIT "$2" 2>/dev/null
            [ "$3" != 0 ] && kill -KILL "$3" 2>/dev/null
            if [ -n "$4" ]; then
              n=0
              while [ "$2" != 0 ] && kill -0 "$2" 2>/dev/null && [ $n -lt 10 ]; do sleep 1; n=$((n+1)); done
              rm -rf "$4"
            fi
            exit 0
            """;

    private final Process process;

    private Watchdog(Process process) {
        this.process = process;
    }

    /** Starts watching; returns null (and logs why) when nothing is to be watched or no shell can run. */
    static Watchdog start(EmbeddedPostgres postgres, Path postgresData, int redisPort) {
        long pg = postgres == null ? 0 : postmasterPid(postgres).orElse(0);
        long redis = redisPort <= 0 ? 0 : redisPid(redisPort).orElse(0);
        if (pg == 0 && redis == 0) {
            return null;
        }
        String data = ownData(postgresData);
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c", SCRIPT, "poolscope-watchdog",
                Long.toString(ProcessHandle.current().pid()), Long.toString(pg), Long.toString(redis), data));
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            // On the console, like the ready line, which launchers and tests read back.
            System.out.println("poolscope-app: watchdog pid " + p.pid() + " stops PostgreSQL (pid " + pg
                    + ") and Redis (pid " + redis + ") if this app dies"
                    + (data.isEmpty() ? "" : ", and deletes PostgreSQL's data (" + data + ")"));
            return new Watchdog(p);
        } catch (IOException | RuntimeException e) {
            System.out.println(
                    "poolscope-app: no watchdog (" + e + "): if this app is killed, stop PostgreSQL pid "
                            + pg + " and Redis pid " + redis + " by hand");
            return null;
        }
    }

    /** The data directory to delete, only when PostgresData made it (the script deletes what it is given). */
    static String ownData(Path dir) {
        return dir != null && dir.getFileName().toString().startsWith(PostgresData.PREFIX)
                ? dir.toAbsolutePath().toString()
                : "";
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.destroy();
    }

    /** The postmaster is the parent of any backend: ask one for its pid. */
    static OptionalLong postmasterPid(EmbeddedPostgres postgres) {
        try (Connection c = postgres.getPostgresDatabase().getConnection();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("select pg_backend_pid()")) {
            r.next();
            return ProcessHandle.of(r.getLong(1)).flatMap(ProcessHandle::parent)
                    .map(h -> OptionalLong.of(h.pid())).orElse(OptionalLong.empty());
        } catch (Exception e) {
            System.out.println(
                    "poolscope-app: cannot find the PostgreSQL postmaster pid for the watchdog: " + e);
            return OptionalLong.empty();
        }
    }

    /** Redis says its own pid in INFO server (process_id). */
    static OptionalLong redisPid(int port) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(2000);
            OutputStream out = s.getOutputStream();
            out.write("INFO server\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder text = new StringBuilder();
            byte[] buf = new byte[4096];
            int n;
            while ((n = in.read(buf)) > 0) {
                text.append(new String(buf, 0, n, StandardCharsets.US_ASCII));
                int at = text.indexOf("process_id:");
                if (at >= 0 && text.indexOf("\r\n", at) > 0) {
                    String v = text.substring(at + "process_id:".length(), text.indexOf("\r\n", at)).trim();
                    return OptionalLong.of(Long.parseLong(v));
                }
            }
        } catch (IOException | RuntimeException e) {
            System.out.println("poolscope-app: cannot find the Redis pid for the watchdog: " + e);
        }
        return OptionalLong.empty();
    }
}

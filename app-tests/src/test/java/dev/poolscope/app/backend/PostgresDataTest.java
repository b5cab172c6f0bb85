package dev.poolscope.app.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.env.StandardEnvironment;

/**
 * The embedded PostgreSQL's data directories on a real PostgreSQL: initdb's first directory becomes the template,
 * later starts copy it, a template the server cannot start is made again, and every directory goes with its server.
 */
class PostgresDataTest {

    @TempDir
    Path tmp;

    @Test
    void theFirstStartKeepsInitdbsDirectoryAndLaterStartsCopyIt() throws Exception {
        PostgresData data = new PostgresData(tmp.resolve(PostgresData.PREFIX + "template-test"));
        Path first = startQueryStop(data);
        assertThat(data.template().resolve("PG_VERSION")).isRegularFile();
        assertThat(data.template().resolve("epg-lock")).doesNotExist();
        assertThat(first).as("deleted with its server").doesNotExist();

        // A file only the template has: the next directory is a copy of it.
        Files.writeString(data.template().resolve("poolscope-marker"), "from the template");
        Path second = startQueryStop(data,
                dir -> assertThat(dir.resolve("poolscope-marker")).isRegularFile());
        assertThat(second).doesNotExist();
    }

    @Test
    void aTemplateOtherBinariesMadeIsMadeAgain() throws Exception {
        PostgresData data = new PostgresData(tmp.resolve(PostgresData.PREFIX + "template-test"));
        startQueryStop(data);
        String binaries = Files.readString(data.template().resolve(PostgresData.BINARIES));
        assertThat(binaries).hasSize(64);
        // As if another PostgreSQL (another major version: it would not start on this directory) had made it.
        Files.writeString(data.template().resolve(PostgresData.BINARIES), "0".repeat(64));
        Files.writeString(data.template().resolve("PG_VERSION"), "9\n");
        Files.writeString(data.template().resolve("poolscope-marker"), "old");
        long started = System.nanoTime();
        startQueryStop(data, dir -> assertThat(dir.resolve("poolscope-marker")).doesNotExist());
        assertThat((System.nanoTime() - started) / 1e9).as("failed before the server's start-up wait (30 s)")
                .isLessThan(25);
        assertThat(Files.readString(data.template().resolve(PostgresData.BINARIES))).isEqualTo(binaries);
        assertThat(Files.readString(data.template().resolve("PG_VERSION")).strip()).isNotEqualTo("9");
        assertThat(data.template().resolve("poolscope-marker")).doesNotExist();
    }

    @Test
    void aCopyKeepsPermissionsAndLeavesTheLockAndPidFilesOut() throws Exception {
        Path template = tmp.resolve(PostgresData.PREFIX + "template-files");
        Files.createDirectories(template.resolve("base/1"));
        Files.writeString(template.resolve("PG_VERSION"), "17\n");
        Files.writeString(template.resolve("base/1/112"), "page");
        Files.writeString(template.resolve("epg-lock"), "");
        Files.writeString(template.resolve("postmaster.pid"), "42");
        Files.setPosixFilePermissions(template, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(template.resolve("base/1/112"),
                PosixFilePermissions.fromString("rw-------"));
        PostgresData.Directory dir = new PostgresData(template).create();
        assertThat(dir.fromTemplate()).isTrue();
        assertThat(dir.path().getFileName().toString()).startsWith(PostgresData.PREFIX);
        assertThat(dir.path().resolve("base/1/112")).hasContent("page");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.path())))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions
                .toString(Files.getPosixFilePermissions(dir.path().resolve("base/1/112"))))
                .isEqualTo("rw-------");
        assertThat(dir.path().resolve("epg-lock")).doesNotExist();
        assertThat(dir.path().resolve("postmaster.pid")).doesNotExist();
        PostgresData.delete(dir.path());
    }

    @Test
    void withoutATemplateTheDirectoryIsEmptyForInitdb() throws Exception {
        PostgresData.Directory dir = new PostgresData(tmp.resolve(PostgresData.PREFIX + "template-none"))
                .create();
        assertThat(dir.fromTemplate()).isFalse();
        try (var files = Files.list(dir.path())) {
            assertThat(files).isEmpty();
        }
        PostgresData.delete(dir.path());
    }

    @Test
    void theWatchdogDeletesOnlyADirectoryPostgresDataMade() {
        assertThat(Watchdog.ownData(tmp.resolve(PostgresData.PREFIX + "123")))
                .endsWith(PostgresData.PREFIX + "123");
        assertThat(Watchdog.ownData(tmp.resolve("epg123"))).isEmpty();
        assertThat(Watchdog.ownData(null)).isEmpty();
    }

    private interface DirCheck {
        void check(Path dir) throws Exception;
    }

    private static Path startQueryStop(PostgresData data) throws Exception {
        return startQueryStop(data, dir -> {
        });
    }

    /** Starts a server as the app does, checks its directory, runs a statement, stops it; its directory. */
    private static Path startQueryStop(PostgresData data, DirCheck check) throws Exception {
        BackendServices services = new BackendServices();
        try {
            services.postgres = EmbeddedBackends.startPostgres(new StandardEnvironment(),
                    EmbeddedBackends.freePort(),
                    services, data);
            Path dir = services.postgresData;
            check.check(dir);
            try (Connection c = services.postgres.getPostgresDatabase().getConnection();
                    Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("select count(*) from pg_database")) {
                assertThat(r.next()).isTrue();
                assertThat(r.getInt(1)).isPositive();
            }
            return dir;
        } finally {
            services.close();
        }
    }
}

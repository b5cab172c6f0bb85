package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

import dev.poolscope.format.event.JdkTypes;

/**
 * Socket waits named by what they wait for, on stacks the JVM recorded: a read under {@code DriverManager} (a driver
 * connecting) and the real PostgreSQL driver's reads in the agent's fixture are database time; a plain read is not.
 */
class DatabaseSocketTest {

    @Test
    void aReadUnderTheJdbcApiIsDatabaseIoAndAPlainReadIsSocketIo(@TempDir Path dir) throws Exception {
        Driver driver = new SlowHandshakeDriver();
        DriverManager.registerDriver(driver);
        try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
                Recording rec = new Recording()) {
            rec.enable(JdkTypes.SOCKET_READ).withThreshold(Duration.ofMillis(10)).withStackTrace();
            rec.start();
            Thread replier = Thread.ofPlatform().start(() -> replyLate(server, 2));
            SlowHandshakeDriver.port = server.getLocalPort();
            try (Connection ignored = DriverManager.getConnection("jdbc:poolscope-test:late")) {
                // connect() returned null after its read: DriverManager throws below instead.
            } catch (SQLException expected) {
                // "No suitable driver": the read under DriverManager has happened.
            }
            readOneByte(server.getLocalPort());
            replier.join();
            rec.stop();
            rec.dump(Files.createDirectories(dir.resolve("agent")).resolve("recording.jfr"));
        } finally {
            DriverManager.deregisterDriver(driver);
        }
        List<Events.ThreadWait> waits = socketWaits(dir);
        assertThat(waits).extracting(Events.ThreadWait::kind).containsExactlyInAnyOrder(
                Events.WaitKind.DATABASE_IO, Events.WaitKind.SOCKET_READ);
    }

    @Test
    void thePostgresDriversReadsInTheRealAgentsRecordingAreDatabaseIo() throws Exception {
        Path recording = RealParkStacksTest.RECORDING;
        int driverReads = 0;
        int otherReads = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            String type = e.getEventType().getName();
            if (!type.equals(JdkTypes.SOCKET_READ) && !type.equals(JdkTypes.SOCKET_WRITE)) {
                continue;
            }
            boolean postgres = e.getStackTrace() != null && e.getStackTrace().getFrames().stream()
                    .map(RecordedFrame::getMethod)
                    .anyMatch(m -> m != null && m.getType().getName().startsWith("org.postgresql."));
            Events.WaitKind kind = StackClassifier.socket(e.getStackTrace(), Events.WaitKind.SOCKET_READ);
            if (postgres) {
                driverReads++;
                assertThat(kind).isEqualTo(Events.WaitKind.DATABASE_IO);
            } else {
                otherReads++;
            }
        }
        List<Events.ThreadWait> waits = socketWaits(recording.getParent().getParent());
        assertThat(driverReads).isPositive();
        // The driver's two writes (491 and 149 bytes to the local PostgreSQL) and Tomcat flushing a 199-byte response
        // (open-in-view still holding the connection) took 11 to 16 ms each: all three fit the smallest send buffer and
        // went to this machine, so they could only wait for a CPU, and are no wait at all.
        assertThat(waits.stream().filter(w -> w.kind() == Events.WaitKind.LOCAL_WRITE)).hasSize(3);
        assertThat(waits.stream().filter(w -> w.kind() == Events.WaitKind.DATABASE_IO))
                .hasSize(driverReads - 2);
        assertThat(otherReads).isEqualTo(1);
        assertThat(waits).hasSize(driverReads + otherReads);
    }

    private static List<Events.ThreadWait> socketWaits(Path runDir) throws RecordingException {
        List<Events.ThreadWait> out = new ArrayList<>();
        new RecordingReader().read(runDir.resolve("agent"), new RecordingListener() {
            @Override
            public void threadWait(Events.ThreadWait e) {
                if (e.kind() == Events.WaitKind.DATABASE_IO || e.kind() == Events.WaitKind.SOCKET_READ
                        || e.kind() == Events.WaitKind.SOCKET_WRITE
                        || e.kind() == Events.WaitKind.LOCAL_WRITE) {
                    out.add(e);
                }
            }
        });
        return out;
    }

    /** Accepts {@code n} connections and answers each with one byte after 40 ms. */
    private static void replyLate(ServerSocket server, int n) {
        for (int i = 0; i < n; i++) {
            try (Socket s = server.accept(); OutputStream out = s.getOutputStream()) {
                Thread.sleep(40);
                out.write(1);
                out.flush();
                s.getInputStream().read();
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static int readOneByte(int port) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
                InputStream in = s.getInputStream()) {
            return in.read();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A driver whose connect waits for the server's first byte, as a real one waits for its handshake. */
    static final class SlowHandshakeDriver implements Driver {
        static volatile int port;

        @Override
        public Connection connect(String url, Properties info) {
            if (acceptsURL(url)) {
                readOneByte(port);
            }
            return null;
        }

        @Override
        public boolean acceptsURL(String url) {
            return url != null && url.startsWith("jdbc:poolscope-test:");
        }

        @Override
        public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
            return new DriverPropertyInfo[0];
        }

        @Override
        public int getMajorVersion() {
            return 1;
        }

        @Override
        public int getMinorVersion() {
            return 0;
        }

        @Override
        public boolean jdbcCompliant() {
            return false;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }
    }
}

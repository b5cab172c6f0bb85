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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;

import dev.poolscope.format.event.JdkTypes;

/**
 * What the JVM records about a socket write's peer and size, and about a monitor's holder, read back by the analysis'
 * own reader from a real recording: a small write to this machine is no wait, a large one is; a monitor enter names
 * the thread whose exit let the waiter in.
 */
class LocalWritesAndOwnersTest {

    @Test
    void aSmallWriteToThisMachineIsLocalAndALargeOneIsASocketWrite(@TempDir Path dir) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
                Recording rec = new Recording()) {
            rec.enable(JdkTypes.SOCKET_WRITE).withThreshold(Duration.ZERO).withStackTrace();
            rec.start();
            Thread reader = Thread.ofPlatform().start(() -> drain(server));
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                    OutputStream out = s.getOutputStream()) {
                out.write(new byte[270]);
                out.flush();
                out.write(new byte[64 * 1024]);
                out.flush();
            }
            reader.join();
            rec.stop();
            rec.dump(Files.createDirectories(dir.resolve("agent")).resolve("recording.jfr"));
        }
        List<Events.ThreadWait> writes = new ArrayList<>();
        long me = Thread.currentThread().threadId();
        new RecordingReader().read(dir.resolve("agent"), new RecordingListener() {
            @Override
            public void threadWait(Events.ThreadWait e) {
                // Only this test's writes: the build may talk to its forked JVM over a local socket too.
                if (e.thread().javaThreadId() == me) {
                    writes.add(e);
                }
            }
        });
        assertThat(writes).extracting(Events.ThreadWait::kind).containsExactly(Events.WaitKind.LOCAL_WRITE,
                Events.WaitKind.SOCKET_WRITE);
    }

    @Test
    void aMonitorEnterNamesTheThreadThatHeldTheMonitor(@TempDir Path dir) throws Exception {
        Object monitor = new Object();
        CountDownLatch held = new CountDownLatch(1);
        Thread holder;
        Thread waiter;
        try (Recording rec = new Recording()) {
            rec.enable(JdkTypes.JAVA_MONITOR_ENTER).withThreshold(Duration.ofMillis(10)).withStackTrace();
            rec.start();
            holder = Thread.ofPlatform().name("holder").start(() -> {
                synchronized (monitor) {
                    held.countDown();
                    sleep(80);
                }
            });
            held.await();
            waiter = Thread.ofPlatform().name("waiter").start(() -> {
                synchronized (monitor) {
                    monitor.hashCode();
                }
            });
            waiter.join();
            holder.join();
            rec.stop();
            rec.dump(Files.createDirectories(dir.resolve("agent")).resolve("recording.jfr"));
        }
        List<Events.ThreadWait> enters = new ArrayList<>();
        new RecordingReader().read(dir.resolve("agent"), new RecordingListener() {
            @Override
            public void threadWait(Events.ThreadWait e) {
                if (e.kind() == Events.WaitKind.MONITOR_ENTER) {
                    enters.add(e);
                }
            }
        });
        assertThat(enters).hasSize(1);
        assertThat(enters.getFirst().thread().javaThreadId()).isEqualTo(waiter.threadId());
        assertThat(enters.getFirst().ownerThreadId()).isEqualTo(holder.threadId());
    }

    private static void drain(ServerSocket server) {
        try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

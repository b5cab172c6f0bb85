package dev.poolscope.analysis.flame;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;

/**
 * Wall-sample stacks as async-profiler 4 recorded them from the lab app's worker threads (top frame first, native
 * frames by symbol): copied from a real recording of
 * {@code ./poolscope run --plan ping-1000 --vus 50 --duration 20s --jmeter-prop 'path=/api/cpu?iterations=1000000'}
 * and {@code --tx-work-ms 5 --plan vu500}, shortened below the frames that decide.
 */
class WallStacksTest {

    /** "n:" marks a native frame, anything else is a Java frame. */
    private static List<WallStacks.Frame> stack(String... frames) {
        List<WallStacks.Frame> out = new ArrayList<>();
        for (String f : frames) {
            out.add(f.startsWith("n:")
                    ? new WallStacks.Frame(f.substring(2), false)
                    : new WallStacks.Frame(f, true));
        }
        return out;
    }

    @Test
    void aMonitorEnterBelowTheEventThresholdIsALockWait() {
        assertThat(WallStacks.classify(stack("n:__futex_abstimed_wait_common", "n:___pthread_cond_wait",
                "n:PlatformEvent::park", "n:ObjectMonitor::enter_internal",
                "n:ObjectMonitor::enter_with_contention_mark",
                "n:ObjectMonitor::enter", "n:LightweightSynchronizer::inflate_and_enter",
                "n:LightweightSynchronizer::enter",
                "n:SharedRuntime::complete_monitor_locking_C", "n:C2 Runtime complete_monitor_locking",
                "java.lang.ClassLoader.loadClass",
                "org.springframework.boot.loader.net.protocol.jar.JarUrlClassLoader.loadClass")))
                .isEqualTo(Events.WaitKind.MONITOR_ENTER);
        // Linking a class another thread is initialising: the JVM's init monitor.
        assertThat(WallStacks.classify(stack("n:__futex_abstimed_wait_common", "n:PlatformEvent::park",
                "n:ObjectMonitor::enter_internal", "n:ObjectMonitor::enter",
                "n:LightweightSynchronizer::enter",
                "n:InstanceKlass::link_class_impl", "n:InstanceKlass::initialize_impl",
                "n:InterpreterRuntime::_new",
                "org.apache.catalina.connector.Request.<init>"))).isEqualTo(Events.WaitKind.MONITOR_ENTER);
        // The JIT's queue lock, taken by a thread whose method just got hot.
        assertThat(WallStacks.classify(stack("n:__lll_lock_wait", "n:pthread_mutex_lock@@GLIBC_2.2.5",
                "n:Mutex::lock_contended", "n:Mutex::lock", "n:CompileBroker::compile_method_base",
                "java.lang.String.decodeASCII"))).isEqualTo(Events.WaitKind.MONITOR_ENTER);
        assertThat(WallStacks.classify(stack("n:__futex_abstimed_wait_common", "n:ObjectMonitor::wait",
                "n:JVM_MonitorWait", "java.lang.Object.wait0", "java.lang.Object.wait")))
                .isEqualTo(Events.WaitKind.MONITOR_WAIT);
    }

    @Test
    void parksAreNamedByWhoParked() {
        assertThat(
                WallStacks.classify(stack("n:__futex_abstimed_wait_common", "n:Parker::park", "n:Unsafe_Park",
                        "jdk.internal.misc.Unsafe.park", "java.util.concurrent.locks.LockSupport.parkNanos",
                        "java.util.concurrent.CompletableFuture$Signaller.block",
                        "java.util.concurrent.CompletableFuture.timedGet",
                        "io.lettuce.core.protocol.AsyncCommand.await")))
                .isEqualTo(Events.WaitKind.PARK_REDIS);
        assertThat(WallStacks.classify(stack("n:Unsafe_Park", "jdk.internal.misc.Unsafe.park",
                "java.util.concurrent.locks.LockSupport.parkNanos",
                "java.util.concurrent.SynchronousQueue$TransferStack.transfer",
                "com.zaxxer.hikari.util.ConcurrentBag.borrow"))).isEqualTo(Events.WaitKind.PARK_POOL);
        assertThat(WallStacks.classify(stack("n:Unsafe_Park", "jdk.internal.misc.Unsafe.park",
                "java.util.concurrent.locks.LockSupport.park",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                "java.util.concurrent.locks.ReentrantLock.lock",
                "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory.doInLock")))
                .isEqualTo(Events.WaitKind.PARK_OTHER);
    }

    @Test
    void socketWaitsUnderAJdbcDriverAreTheDatabase() {
        assertThat(WallStacks.classify(stack("n:poll", "n:Java_sun_nio_ch_Net_poll", "sun.nio.ch.Net.poll",
                "sun.nio.ch.NioSocketImpl.park", "sun.nio.ch.NioSocketImpl.implRead",
                "sun.nio.ch.NioSocketImpl.read",
                "java.net.Socket$SocketInputStream.read",
                "org.postgresql.core.VisibleBufferedInputStream.readMore")))
                .isEqualTo(Events.WaitKind.DATABASE_IO);
        assertThat(WallStacks.classify(stack("n:poll", "sun.nio.ch.Net.poll", "sun.nio.ch.NioSocketImpl.park",
                "sun.nio.ch.NioSocketImpl.implWrite", "sun.nio.ch.NioSocketImpl.write",
                "java.net.Socket$SocketOutputStream.write", "org.example.Client.send")))
                .isEqualTo(Events.WaitKind.SOCKET_WRITE);
        assertThat(WallStacks.classify(stack("n:poll", "sun.nio.ch.Net.poll", "sun.nio.ch.NioSocketImpl.park",
                "sun.nio.ch.NioSocketImpl.read", "org.example.Client.receive")))
                .isEqualTo(Events.WaitKind.SOCKET_READ);
    }

    @Test
    void sleepsAreSleepsAndUnknownWaitsStayUnnamed() {
        assertThat(WallStacks.classify(stack("n:__futex_abstimed_wait_common", "java.lang.Thread.sleep0",
                "java.lang.Thread.sleep", "dev.poolscope.app.Work.pause"))).isEqualTo(Events.WaitKind.SLEEP);
        assertThat(WallStacks.classify(stack("n:pread64", "n:Java_java_io_RandomAccessFile_readBytes0",
                "java.io.RandomAccessFile.readBytes0", "java.util.zip.ZipFile$Source.readFullyAt"))).isNull();
        assertThat(
                WallStacks.classify(stack("n:__futex_abstimed_wait_common", "n:SafepointSynchronize::block")))
                .isNull();
        assertThat(WallStacks.classify(List.of())).isNull();
    }
}

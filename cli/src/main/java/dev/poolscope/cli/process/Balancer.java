package dev.poolscope.cli.process;

import dev.poolscope.format.run.RunJson;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * A round-robin TCP relay on loopback in front of several app instances, as an L4 load balancer: each accepted
 * connection goes to the next instance and its bytes are copied untouched both ways, so the X-Request-Id header
 * reaches the instance that serves the request and the client-vs-server join still works. Kept-alive connections stay
 * on their instance. The extra hop is part of what the client measures beyond the server's span (the report's
 * backlog); its counts go into run.json.
 */
final class Balancer implements AutoCloseable {
    private static final int BUFFER = 16 * 1024;

    private final ServerSocket server;
    private final List<Integer> ports;
    private final AtomicLong next = new AtomicLong();
    private final AtomicLongArray connections;
    private final LongAdder bytesIn = new LongAdder();
    private final LongAdder bytesOut = new LongAdder();
    private final LongAdder failedConnects = new LongAdder();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;

    private Balancer(List<Integer> ports) throws IOException {
        this.ports = List.copyOf(ports);
        this.connections = new AtomicLongArray(ports.size());
        // Port 0: never assume a port is free.
        this.server = new ServerSocket(0, 1024, InetAddress.getLoopbackAddress());
        this.acceptor = Thread.ofPlatform().daemon().name("poolscope-balancer").start(this::accept);
    }

    static Balancer start(List<Integer> ports) throws IOException {
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("no instance to balance over");
        }
        return new Balancer(ports);
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                // Closed: the run is over.
                return;
            }
            int i = (int) (next.getAndIncrement() % ports.size());
            connections.incrementAndGet(i);
            Thread.ofVirtual().name("balancer-" + i).start(() -> relay(client, i));
        }
    }

    private void relay(Socket client, int instance) {
        open.add(client);
        Socket upstream = null;
        try {
            try {
                upstream = new Socket(InetAddress.getLoopbackAddress(), ports.get(instance));
            } catch (IOException e) {
                // The instance is gone: the client sees its connection closed, as behind a real balancer.
                failedConnects.increment();
                return;
            }
            open.add(upstream);
            client.setTcpNoDelay(true);
            upstream.setTcpNoDelay(true);
            Socket up = upstream;
            Thread back = Thread.ofVirtual().start(() -> pipe(up, client, bytesOut));
            pipe(client, upstream, bytesIn);
            back.join();
        } catch (IOException | InterruptedException e) {
            // One side reset: both are closed below.
        } finally {
            close(client);
            close(upstream);
        }
    }

    /** Copies until EOF, then half-closes the other side; on an error closes both so the other pipe ends too. */
    private void pipe(Socket from, Socket to, LongAdder bytes) {
        byte[] buf = new byte[BUFFER];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buf)) >= 0;) {
                out.write(buf, 0, n);
                out.flush();
                bytes.add(n);
            }
            to.shutdownOutput();
        } catch (IOException e) {
            close(from);
            close(to);
        }
    }

    private void close(Socket s) {
        if (s == null) {
            return;
        }
        open.remove(s);
        try {
            s.close();
        } catch (IOException e) {
            // Already gone.
        }
    }

    /** For run.json: the port, connections per instance, bytes each way and connections no instance took. */
    RunJson.Balancer stats() {
        List<Long> perInstance = new ArrayList<>();
        for (int i = 0; i < connections.length(); i++) {
            perInstance.add(connections.get(i));
        }
        return new RunJson.Balancer(port(), perInstance, bytesIn.sum(), bytesOut.sum(), failedConnects.sum());
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // Nothing to release.
        }
        new ArrayList<>(open).forEach(this::close);
        try {
            acceptor.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

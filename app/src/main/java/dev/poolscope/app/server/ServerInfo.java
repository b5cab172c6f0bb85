package dev.poolscope.app.server;

import java.lang.reflect.Field;
import java.util.concurrent.Executor;

import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ThreadPool;
import org.springframework.boot.web.embedded.jetty.JettyWebServer;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.boot.web.embedded.undertow.UndertowWebServer;
import org.springframework.boot.web.server.WebServer;

import io.undertow.Undertow;

/** What the running server really is and how many workers it really has. */
public final class ServerInfo {

    private ServerInfo() {
    }

    public static String name(WebServer server) {
        if (server instanceof TomcatWebServer) {
            return "tomcat";
        }
        if (server instanceof JettyWebServer) {
            return "jetty";
        }
        if (server instanceof UndertowWebServer) {
            return "undertow";
        }
        return server.getClass().getSimpleName();
    }

    /** The live worker maximum, or "virtual" when requests run on virtual threads. */
    public static String workers(WebServer server) {
        try {
            if (server instanceof TomcatWebServer tomcat) {
                Executor executor = tomcat.getTomcat().getConnector().getProtocolHandler().getExecutor();
                if (executor instanceof org.apache.tomcat.util.threads.ThreadPoolExecutor pool) {
                    return Integer.toString(pool.getMaximumPoolSize());
                }
                if (executor instanceof java.util.concurrent.ThreadPoolExecutor pool) {
                    return Integer.toString(pool.getMaximumPoolSize());
                }
                return executor == null ? "unknown" : "virtual";
            }
            if (server instanceof JettyWebServer jetty) {
                ThreadPool pool = jetty.getServer().getThreadPool();
                if (pool instanceof QueuedThreadPool queued) {
                    return queued.getVirtualThreadsExecutor() != null
                            ? "virtual"
                            : Integer.toString(queued.getMaxThreads());
                }
                return pool instanceof org.eclipse.jetty.util.thread.VirtualThreadPool
                        ? "virtual"
                        : pool.getClass().getSimpleName();
            }
            if (server instanceof UndertowWebServer) {
                // Boot keeps the Undertow instance private; reading it is the only way to report the live value.
                Field field = UndertowWebServer.class.getDeclaredField("undertow");
                field.setAccessible(true);
                Undertow undertow = (Undertow) field.get(server);
                return Integer.toString(undertow.getWorker().getMXBean().getMaxWorkerPoolSize());
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "unknown";
        }
        return "unknown";
    }
}

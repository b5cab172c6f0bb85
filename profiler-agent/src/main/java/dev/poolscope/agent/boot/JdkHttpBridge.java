package dev.poolscope.agent.boot;

/**
 * The one agent class the JDK's own HttpClient can see. {@code jdk.internal.net.http.HttpClientImpl} is defined by the
 * platform class loader, which cannot see the agent's classes on the class path; the agent appends this class alone to
 * the bootstrap search path, where every loader finds it, and sets {@link #hooks} to its implementation. It uses JDK
 * types only, so it needs nothing else there. Every method must be public (the advice calls it from another runtime
 * package) and must never throw into the host.
 */
public abstract class JdkHttpBridge {
    /** The agent's implementation; null until the agent set it, and then never null again. */
    public static volatile JdkHttpBridge hooks;

    protected JdkHttpBridge() {
    }

    /** {@code HttpClient.send} was called. Returns what {@link #sendEnd} gets back, or null. */
    public abstract Object sendBegin();

    public abstract void sendEnd(Object call, Object request, Object response, Throwable thrown);

    /** {@code HttpClient.sendAsync} was called. Returns what {@link #asyncEnd} gets back, or null. */
    public abstract Object asyncBegin();

    public abstract void asyncEnd(Object call, Object request, Object future, Throwable thrown);

    /** Counts a Throwable the advice swallowed (the advice's exception handler); never throws. */
    public static void suppressed(Throwable t) {
        try {
            JdkHttpBridge h = hooks;
            if (h != null) {
                h.onSuppressed(t);
            }
        } catch (Throwable ignored) {
            // Nothing may reach the host.
        }
    }

    protected abstract void onSuppressed(Throwable t);
}

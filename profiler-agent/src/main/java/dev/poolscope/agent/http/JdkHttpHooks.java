package dev.poolscope.agent.http;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.boot.JdkHttpBridge;
import dev.poolscope.format.event.HttpCallEvent;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;

/**
 * The agent's side of {@link JdkHttpBridge}: what the advice in the JDK's {@code HttpClientImpl} calls. Loaded only
 * after the bridge is on the bootstrap search path (by name, from {@code HttpInstrumentation}), so that its superclass
 * is the bridge the JDK's classes see.
 */
public final class JdkHttpHooks extends JdkHttpBridge {

    @Override
    public Object sendBegin() {
        return HttpCalls.enter(HttpCallEvent.CLIENT_JDK);
    }

    @Override
    public void sendEnd(Object call, Object request, Object response, Throwable thrown) {
        String target = null;
        String method = null;
        int status = HttpCallEvent.NO_STATUS;
        try {
            if (request instanceof HttpRequest r) {
                target = HttpTarget.of(r.uri());
                method = r.method();
            }
            if (response instanceof HttpResponse<?> r) {
                status = r.statusCode();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
        HttpCalls.exit(call, target, method, status, thrown);
    }

    @Override
    public Object asyncBegin() {
        return HttpCalls.beginAsync(HttpCallEvent.CLIENT_JDK, null);
    }

    @Override
    public void asyncEnd(Object call, Object request, Object future, Throwable thrown) {
        if (call == null) {
            return;
        }
        try {
            String target = null;
            String method = null;
            if (request instanceof HttpRequest r) {
                target = HttpTarget.of(r.uri());
                method = r.method();
            }
            if (thrown != null || !(future instanceof CompletableFuture<?> f)) {
                HttpCalls.endAsync(call, target, method, HttpCallEvent.NO_STATUS, thrown);
                return;
            }
            String t = target;
            String m = method;
            // A dependent of the caller's future, never the future itself: the caller's result and errors are untouched.
            f.whenComplete((r, failure) -> HttpCalls.endAsync(call, t, m,
                    r instanceof HttpResponse<?> response ? response.statusCode() : HttpCallEvent.NO_STATUS,
                    failure));
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    @Override
    protected void onSuppressed(Throwable t) {
        Suppressed.record(t);
    }
}

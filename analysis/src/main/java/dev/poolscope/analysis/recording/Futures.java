package dev.poolscope.analysis.recording;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** The result of work read on another thread, its failure rethrown as it was thrown there. */
public final class Futures {
    private Futures() {
    }

    /** {@code what} says in an interruption's message what was being read. */
    public static <T> T await(Future<T> f, String what) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + what, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}

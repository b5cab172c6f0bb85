package dev.poolscope.cli.run;

import dev.poolscope.cli.UserError;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A call into another JVM that may never return (its attach listener is stuck behind a thread that never finishes),
 * run on a daemon thread and given up after a bound: the user gets a one-line error instead of a launcher that hangs.
 */
final class Bounded {
    private Bounded() {
    }

    interface Call<T> {
        T call() throws Exception;
    }

    /** The call's result; its own exception as thrown; a {@link UserError} saying {@code late} when it takes too long. */
    static <T> T within(Duration bound, String late, Call<T> call) throws Exception {
        FutureTask<T> task = new FutureTask<>((Callable<T>) call::call);
        Thread t = new Thread(task, "poolscope-bounded-call");
        t.setDaemon(true);
        t.start();
        try {
            return task.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            t.interrupt();
            throw new UserError(late);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }
}

package dev.poolscope.agent.workers;

import net.bytebuddy.asm.Advice;

/**
 * Inlined into the constructors of Tomcat's ThreadPoolExecutor, Jetty's QueuedThreadPool and XNIO's
 * XnioWorker: the pool is remembered (weakly) for the periodic gauge.
 */
final class WorkerPoolAdvice {
    private WorkerPoolAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object pool, @Advice.Origin("#t") String declaringType) {
        WorkerPools.constructed(pool, declaringType);
    }

    /**
     * {@code execute(Runnable)} when the agent attached to a running JVM: the pool was constructed before, so it
     * is met at its next task instead. One identity check per task once it is known.
     */
    static final class Executing {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object pool, @Advice.Origin("#t") String declaringType) {
            WorkerPools.seen(pool, declaringType);
        }
    }
}

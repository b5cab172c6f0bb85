package dev.poolscope.agent.loops;

import net.bytebuddy.asm.Advice;

/** Advice inlined into Netty's event loops around one unit of work. Never loaded by the agent. */
final class LoopAdvice {
    private LoopAdvice() {
    }

    /** {@code NioEventLoop.processSelectedKey(SelectionKey, AbstractNioChannel)}, {@code EpollEventLoop.processReady}. */
    static final class Io {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return LoopHooks.enter(LoopHooks.IO);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object slot) {
            LoopHooks.exit(slot);
        }
    }

    /** {@code AbstractEventExecutor.safeExecute(Runnable)}: one queued or scheduled task. */
    static final class Task {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return LoopHooks.enter(LoopHooks.TASK);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object slot) {
            LoopHooks.exit(slot);
        }
    }
}

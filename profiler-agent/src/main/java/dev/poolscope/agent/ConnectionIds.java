package dev.poolscope.agent;

/**
 * A physical connection's id as the pool events carry it ({@code ConnectionHold}, {@code R2dbcHold}): its identity
 * hash in hex, stable across borrows.
 */
public final class ConnectionIds {
    private ConnectionIds() {
    }

    public static String of(Object connection) {
        return of(System.identityHashCode(connection));
    }

    public static String of(int identityHash) {
        return Integer.toHexString(identityHash);
    }
}

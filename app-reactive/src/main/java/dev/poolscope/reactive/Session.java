package dev.poolscope.reactive;

/** The user's session in Redis ({@code session:<userId>}), the servlet app's JSON. */
record Session(long orders, Long lastOrderId) {
    static final Session EMPTY = new Session(0, null);

    static String key(long userId) {
        return "session:" + userId;
    }
}

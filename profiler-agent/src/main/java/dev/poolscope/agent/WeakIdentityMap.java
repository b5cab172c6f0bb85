package dev.poolscope.agent;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-object state for host objects whose class was already loaded when the agent attached: the JVM refuses to
 * add a field on retransformation, so a borrow or a Redis command carries its start here instead. Keys by
 * identity and holds them weakly; an entry is normally taken when its object completes, and one whose object
 * never completes goes with the object.
 */
public final class WeakIdentityMap<V> {
    private final ConcurrentHashMap<Key, V> map = new ConcurrentHashMap<>();
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();

    public void put(Object key, V value) {
        purge();
        map.put(new WeakKey(key, collected), value);
    }

    /** Puts only when the key has no value yet; true when it did. */
    public boolean putIfAbsent(Object key, V value) {
        purge();
        return map.putIfAbsent(new WeakKey(key, collected), value) == null;
    }

    /** The value, left in place; null when there is none. */
    public V get(Object key) {
        return map.get(new Lookup(key));
    }

    /** Takes the value: of two callers racing for one key, only one gets it. */
    public V remove(Object key) {
        return map.remove(new Lookup(key));
    }

    public int size() {
        purge();
        return map.size();
    }

    private void purge() {
        for (Object k; (k = collected.poll()) != null;) {
            map.remove(k);
        }
    }

    private interface Key {
        Object referent();
    }

    private static boolean same(Key a, Object other) {
        if (a == other) {
            return true;
        }
        if (!(other instanceof Key b)) {
            return false;
        }
        Object r = a.referent();
        return r != null && r == b.referent();
    }

    private static final class WeakKey extends WeakReference<Object> implements Key {
        private final int hash;

        WeakKey(Object referent, ReferenceQueue<Object> queue) {
            super(referent, queue);
            this.hash = System.identityHashCode(referent);
        }

        @Override
        public Object referent() {
            return get();
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            return same(this, other);
        }
    }

    private record Lookup(Object referent) implements Key {
        @Override
        public int hashCode() {
            return System.identityHashCode(referent);
        }

        @Override
        public boolean equals(Object other) {
            return same(this, other);
        }
    }
}

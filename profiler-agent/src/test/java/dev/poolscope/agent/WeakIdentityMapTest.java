package dev.poolscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WeakIdentityMapTest {

    /** Equal but distinct objects, like two borrows of equal proxies: each keeps its own value. */
    record Key(String name) {
    }

    @Test
    void keysAreIdentitiesAndAValueIsTakenOnce() {
        WeakIdentityMap<String> map = new WeakIdentityMap<>();
        Key a = new Key("same");
        Key b = new Key("same");
        map.put(a, "a");
        map.put(b, "b");
        assertEquals(2, map.size());
        assertEquals("b", map.remove(b));
        assertNull(map.remove(b), "complete and cancel both arrive: only the first takes it");
        assertEquals("a", map.remove(a));
        assertEquals(0, map.size());
    }

    @Test
    void putIfAbsentKeepsTheFirstValue() {
        WeakIdentityMap<String> map = new WeakIdentityMap<>();
        Object command = new Object();
        assertTrue(map.putIfAbsent(command, "first dispatch"));
        assertFalse(map.putIfAbsent(command, "retry"));
        assertEquals("first dispatch", map.remove(command));
    }
}

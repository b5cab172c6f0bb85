package dev.poolscope.testapp.cases.gclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The cache keeps at most its capacity of pages of the configured size: the live set the case's heap is sized for. */
class PageCacheTest {

    @Test
    void keepsAtMostItsCapacityOfPagesOfTheirSize() throws Exception {
        PageCache cache = new PageCache(3, 8);
        for (int id = 0; id < 10; id++) {
            assertThat(cache.page(id)).isBetween(8 * 1024 - 64, 8 * 1024 + 64);
        }
        assertThat(pages(cache)).hasSize(3).containsOnlyKeys(7, 8, 9);
    }

    @SuppressWarnings("unchecked")
    private static Map<Integer, byte[]> pages(PageCache cache) throws ReflectiveOperationException {
        Field f = PageCache.class.getDeclaredField("pages");
        f.setAccessible(true);
        return (Map<Integer, byte[]>) f.get(cache);
    }
}

package dev.poolscope.testapp.cases.gclock;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/** The rendered pages, least recently used out first, behind one monitor. */
@Component
class PageCache {
    private final int pageBytes;
    private final Map<Integer, byte[]> pages;

    PageCache(@Value("${catalog.pages}") int capacity, @Value("${catalog.page-kb}") int pageKb) {
        this.pageBytes = pageKb * 1024;
        this.pages = new LinkedHashMap<>(capacity * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, byte[]> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Renders outside the lock (most of the garbage), then publishes a compact copy under it. */
    int page(int id) {
        byte[] rendered = render(id);
        synchronized (pages) {
            byte[] cached = pages.get(id);
            if (cached == null) {
                cached = Arrays.copyOf(rendered, rendered.length);
                pages.put(id, cached);
            }
            return cached.length;
        }
    }

    private byte[] render(int id) {
        StringBuilder page = new StringBuilder(pageBytes);
        int row = 0;
        while (page.length() < pageBytes - 64) {
            page.append("<tr><td>").append(id).append('-').append(row).append("</td><td>")
                    .append(Integer.toHexString(id * 31 + row++)).append("</td></tr>\n");
        }
        return page.toString().getBytes(StandardCharsets.UTF_8);
    }
}

package dev.poolscope.testapp.cases.gclock;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

import dev.poolscope.testapp.cases.Health;

/**
 * gc-lock: a catalogue that renders a page per request and publishes it into one shared LRU cache under a
 * {@code synchronized} section. The section is short (a copy of the page and a map update) but allocates, on a heap
 * the cache keeps mostly full: a collection that starts while a thread is inside it stops the holder with the
 * monitor held, and every other worker queues on the monitor for the pause. Run on a small heap ({@code -Xmx96m}).
 */
@SpringBootApplication(exclude = DataSourceAutoConfiguration.class)
@Import(Health.class)
@PropertySource("classpath:cases/gc-lock.properties")
public class CatalogApplication {
}

package dev.poolscope.testapp.cases.warmup;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

import dev.poolscope.testapp.cases.Health;

/**
 * warmup: a healthy service with a start-up transient of its own. Balances cost about 2 ms of CPU each and the load
 * leaves most of the cores free, but the first balance request starts a background rebuild of the ledger's index (two
 * threads busy for 10 s): for those first seconds the workers wait for a CPU, and then never again.
 */
@SpringBootApplication(exclude = DataSourceAutoConfiguration.class)
@Import(Health.class)
@PropertySource("classpath:cases/warmup.properties")
public class LedgerApplication {
}

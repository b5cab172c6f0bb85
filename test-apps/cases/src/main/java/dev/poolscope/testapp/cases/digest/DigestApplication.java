package dev.poolscope.testapp.cases.digest;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

import dev.poolscope.testapp.cases.Health;

/**
 * digest: every request chains SHA-256 over its own output a few thousand times (milliseconds of CPU, nothing else)
 * and answers about a hundred bytes, behind 300 Tomcat workers. On a machine with few cores the workers mostly wait
 * for a CPU, including inside their small response writes; more threads cannot overlap anything.
 */
@SpringBootApplication(exclude = DataSourceAutoConfiguration.class)
@Import(Health.class)
@PropertySource("classpath:cases/digest.properties")
public class DigestApplication {
}

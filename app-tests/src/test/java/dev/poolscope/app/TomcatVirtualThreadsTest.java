package dev.poolscope.app;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "spring.threads.virtual.enabled=true")
class TomcatVirtualThreadsTest extends EndpointContract {

    @Override
    String expectedServer() {
        return "tomcat";
    }

    @Override
    String expectedWorkers() {
        return "virtual";
    }
}

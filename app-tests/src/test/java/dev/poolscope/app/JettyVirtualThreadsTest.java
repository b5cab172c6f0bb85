package dev.poolscope.app;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {"lab.server=jetty",
        "spring.threads.virtual.enabled=true"})
class JettyVirtualThreadsTest extends EndpointContract {

    @Override
    String expectedServer() {
        return "jetty";
    }

    @Override
    String expectedWorkers() {
        return "virtual";
    }
}

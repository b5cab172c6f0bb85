package dev.poolscope.app;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {"lab.server=jetty",
        "lab.threads=32"})
class JettyEndpointsTest extends EndpointContract {

    @Override
    String expectedServer() {
        return "jetty";
    }

    @Override
    String expectedWorkers() {
        return "32";
    }
}

package dev.poolscope.app;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {"lab.server=undertow",
        "lab.threads=24"})
class UndertowEndpointsTest extends EndpointContract {

    @Override
    String expectedServer() {
        return "undertow";
    }

    @Override
    String expectedWorkers() {
        return "24";
    }
}

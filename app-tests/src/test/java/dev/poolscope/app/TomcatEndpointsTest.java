package dev.poolscope.app;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class TomcatEndpointsTest extends EndpointContract {

    @Override
    String expectedServer() {
        return "tomcat";
    }

    @Override
    String expectedWorkers() {
        return "200";
    }
}

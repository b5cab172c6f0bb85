package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;

import dev.poolscope.app.server.ServerInfo;
import dev.poolscope.app.testing.Contract;
import dev.poolscope.app.testing.Http;

/** The seven endpoints, as every server configuration must serve them (real PostgreSQL and Redis underneath). */
abstract class EndpointContract {

    @LocalServerPort
    int port;

    @Autowired
    ServletWebServerApplicationContext context;

    @Autowired
    StringRedisTemplate redis;

    Http http() {
        return new Http(port);
    }

    abstract String expectedServer();

    abstract String expectedWorkers();

    @Test
    void runsOnTheChosenServerWithTheChosenWorkers() {
        assertThat(ServerInfo.name(context.getWebServer())).isEqualTo(expectedServer());
        assertThat(ServerInfo.workers(context.getWebServer())).isEqualTo(expectedWorkers());
    }

    @Test
    void ping() {
        Contract.pingEchoesARequestId(http());
    }

    @Test
    void sleepBlocksForTheAskedTime() {
        Contract.sleepTakesTheAskedTime(http());
    }

    @Test
    void cpuReturnsTheLoopResult() {
        Contract.cpuReturnsTheLoopResult(http());
    }

    @Test
    void productIsReadFromTheDatabaseThenFromTheCache() {
        Contract.productIsReadFromTheDatabaseThenFromTheCache(http(), redis);
    }

    @Test
    void cacheFillPutsEveryProductInRedis() {
        Contract.cacheFillPutsEveryProductInRedis(http(), redis);
    }

    @Test
    void reserveTakesOneFromStock() {
        Contract.reserveTakesOneFromStock(http());
    }

    @Test
    void checkoutPlacesAnOrderAndWritesTheSession() {
        Contract.checkoutPlacesAnOrderAndWritesTheSession(http(), redis);
    }
}

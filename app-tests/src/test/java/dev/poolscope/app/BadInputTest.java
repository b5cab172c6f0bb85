package dev.poolscope.app;

import static dev.poolscope.app.testing.Contract.assertProblem;

import java.net.http.HttpResponse;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import dev.poolscope.app.testing.Http;

/** Bad requests get 400/404 with a problem+json body and never a stack trace. Same context as TomcatEndpointsTest. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class BadInputTest {

    @LocalServerPort
    int port;

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            GET  | /api/products/abc                 | 400 | Failed to convert 'id' with value: 'abc'
            GET  | /api/products/0                   | 400 | product id must be positive, got 0
            GET  | /api/products/999999              | 404 | no product 999999
            GET  | /api/sleep?ms=-5                  | 400 | ms must be between 0 and 60000, got -5
            GET  | /api/sleep?ms=60001               | 400 | ms must be between 0 and 60000, got 60001
            GET  | /api/sleep?ms=ten                 | 400 | Failed to convert 'ms' with value: 'ten'
            GET  | /api/cpu?iterations=0             | 400 | iterations must be between 1 and 2000000000, got 0
            GET  | /api/cpu?iterations=9999999999    | 400 | iterations must be between 1 and 2000000000, got 9999999999
            POST | /api/stock/x/reserve              | 400 | Failed to convert 'id' with value: 'x'
            POST | /api/stock/999999/reserve         | 404 | no stock for product 999999
            POST | /api/stock/1/reserve?quantity=0   | 400 | quantity must be between 1 and 100, got 0
            GET  | /api/serial?ms=-1                 | 400 | ms must be between 0 and 1000, got -1
            GET  | /api/serial?ms=1001               | 400 | ms must be between 0 and 1000, got 1001
            GET  | /api/nothing-here                 | 404 | No static resource api/nothing-here.
            GET  | /api/shelves/0                    | 400 | shelf id must be positive, got 0
            GET  | /api/shelves/1?items=0            | 400 | items must be between 1 and 100, got 0
            GET  | /api/shelves/1?items=101          | 400 | items must be between 1 and 100, got 101
            GET  | /api/shelves/1?items=many         | 400 | Failed to convert 'items' with value: 'many'
            GET  | /api/shelves/101                  | 404 | no shelf 101
            GET  | /api/ledger/1                     | 404 | no ledger: start the app with --slow-query-rows N
            GET  | /api/ledger/x                     | 400 | Failed to convert 'accountId' with value: 'x'
            """)
    void refusedWithProblemJson(String method, String path, int status, String detail) throws Exception {
        Http http = new Http(port);
        HttpResponse<String> r = method.equals("GET") ? http.get(path) : http.post(path, null);
        assertProblem(r, status, detail);
    }

    @ParameterizedTest(name = "checkout {0} -> 400")
    @CsvSource(delimiter = '|', textBlock = """
            {"productId":1}                          | userId must be a positive number
            {"userId":1}                             | productId must be a positive number
            {"userId":-3,"productId":1}              | userId must be a positive number
            {"userId":1,"productId":1,"quantity":11} | quantity must be between 1 and 10, got 11
            {not json                                | Failed to read request
            """)
    void badCheckoutBodies(String body, String detail) throws Exception {
        assertProblem(new Http(port).post("/api/checkout", body), 400, detail);
    }

    @org.junit.jupiter.api.Test
    void unknownProductAtCheckoutIs404() throws Exception {
        assertProblem(new Http(port).post("/api/checkout", "{\"userId\":1,\"productId\":123456}"), 404,
                "no product 123456");
    }
}

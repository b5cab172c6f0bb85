package dev.poolscope.agent.http;

import dev.poolscope.format.event.HttpCallEvent;

import java.net.URI;

import net.bytebuddy.asm.Advice;

import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Advice inlined into Spring's HTTP clients; Spring types resolve there. Never loaded by the agent. Every exit calls
 * {@link HttpCalls#exit} whatever happens before it: a level that did not would leave its thread's calls nested.
 */
final class SpringHttpAdvice {
    private SpringHttpAdvice() {
    }

    /** {@code RestTemplate.doExecute(URI, String, HttpMethod, RequestCallback, ResponseExtractor)}. */
    static final class RestTemplateExecute {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return HttpCalls.enter(HttpCallEvent.CLIENT_REST_TEMPLATE);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object call, @Advice.Argument(0) URI url,
                @Advice.Argument(2) HttpMethod method, @Advice.Thrown Throwable thrown) {
            HttpCalls.exit(call, HttpTarget.of(url), method == null ? null : method.name(),
                    HttpCallEvent.NO_STATUS, thrown);
        }
    }

    /** {@code RestClient}'s {@code DefaultRequestBodyUriSpec.exchangeInternal(ExchangeFunction, boolean)}. */
    static final class RestClientExchange {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return HttpCalls.enter(HttpCallEvent.CLIENT_REST_CLIENT);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object call, @Advice.Thrown Throwable thrown) {
            // The URI and the status come from the ClientHttpRequest it executes (below).
            HttpCalls.exit(call, null, null, HttpCallEvent.NO_STATUS, thrown);
        }
    }

    /** {@code AbstractClientHttpRequest.execute()}: every Spring request factory's request. */
    static final class RequestExecute {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return HttpCalls.enter(HttpCallEvent.CLIENT_SPRING);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object call, @Advice.This ClientHttpRequest request,
                @Advice.Return ClientHttpResponse response, @Advice.Thrown Throwable thrown) {
            String target = null;
            String method = null;
            int status = HttpCallEvent.NO_STATUS;
            try {
                target = HttpTarget.of(request.getURI());
                method = request.getMethod().name();
                if (response != null) {
                    status = response.getStatusCode().value();
                }
            } catch (Throwable t) {
                // A response that cannot tell its status: the call is still recorded, with -1.
            }
            HttpCalls.exit(call, target, method, status, thrown);
        }
    }
}

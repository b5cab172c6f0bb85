package dev.poolscope.reactive;

import org.springframework.boot.web.embedded.netty.NettyServerCustomizer;
import org.springframework.stereotype.Component;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import reactor.netty.NettyPipeline;
import reactor.netty.channel.ChannelOperations;
import reactor.netty.http.server.HttpServer;

/**
 * Keeps kept-alive connections read. Reactor Netty 1.2.18 (Spring Boot 3.5's) reads each connection on demand and
 * can forget to ask again (reactor/reactor-netty#4361, fixed upstream in September 2026, in no 1.2 release up to
 * 1.2.18): a request that arrives before the previous exchange on its connection has ended is queued with its
 * end-of-request marker; when the queue is
 * drained and that request is answered at once, on the event loop ({@code /api/ping}), its exchange ends while the
 * marker is still queued, and the marker is then drained with no exchange to take it and no read asked for. The
 * connection's next request then waits in the socket until its client gives up: the 30 s stalls of the warm-up. The
 * marker reaches the handler put here, just before Reactor Netty's own, which asks for the read.
 */
@Component
class KeepAliveReads implements NettyServerCustomizer {

    private static final String HANDLER = "poolscope.keepAliveReads";

    @Override
    public HttpServer apply(HttpServer server) {
        return server.doOnChannelInit((observer, channel, remote) -> {
            if (channel.pipeline().get(NettyPipeline.ReactiveBridge) != null) {
                channel.pipeline().addBefore(NettyPipeline.ReactiveBridge, HANDLER,
                        ReadAfterOrphanEnd.INSTANCE);
            }
        });
    }

    /** Asks for the next read when a request's end arrives with no exchange bound to the channel. */
    @ChannelHandler.Sharable
    static final class ReadAfterOrphanEnd extends ChannelInboundHandlerAdapter {
        static final ReadAfterOrphanEnd INSTANCE = new ReadAfterOrphanEnd();

        private ReadAfterOrphanEnd() {
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            boolean orphanEnd = msg instanceof LastHttpContent && !(msg instanceof HttpRequest)
                    && ChannelOperations.get(ctx.channel()) == null;
            ctx.fireChannelRead(msg);
            // When Reactor Netty did ask for the read (the usual case), a second ask changes nothing.
            if (orphanEnd) {
                ctx.read();
            }
        }
    }
}

package dev.poolscope.agent;

import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static net.bytebuddy.matcher.ElementMatchers.takesNoArguments;

import dev.poolscope.agent.http.CallStamp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.pool.TypePool;

/**
 * The outbound HTTP clients' hooks, added to {@link Instrumenter}'s builder (poolscope.HttpCall): the JDK's HttpClient,
 * Spring's RestTemplate, RestClient and ClientHttpRequest, Apache HttpClient 4 and 5 (classic), OkHttp, and Reactor
 * Netty's client (under WebClient). Each is matched by name, so a client the host does not have costs nothing.
 */
final class HttpInstrumentation {
    static final String JDK_CLIENT = "jdk.internal.net.http.HttpClientImpl";
    private static final String PKG = "dev.poolscope.agent.";
    private static final String BRIDGE = PKG + "boot.JdkHttpBridge";
    /** Null until the JDK's client is first loaded; then whether the bridge is in place. */
    private static Boolean bridged;

    private HttpInstrumentation() {
    }

    static AgentBuilder add(AgentBuilder builder, AgentBuilder.Transformer.ForAdvice advice,
            Instrumentation inst) {
        AgentBuilder b = builder
                // Spring: RestTemplate's and RestClient's whole exchange, and any ClientHttpRequest inside or alone.
                .type(named("org.springframework.web.client.RestTemplate"))
                .transform(advice.advice(named("doExecute").and(takesArguments(5))
                        .and(takesArgument(0, named("java.net.URI"))),
                        PKG + "http.SpringHttpAdvice$RestTemplateExecute"))
                .type(named("org.springframework.web.client.DefaultRestClient$DefaultRequestBodyUriSpec"))
                .transform(advice.advice(named("exchangeInternal").and(takesArguments(2)),
                        PKG + "http.SpringHttpAdvice$RestClientExchange"))
                .type(named("org.springframework.http.client.AbstractClientHttpRequest"))
                .transform(advice.advice(named("execute").and(takesNoArguments()),
                        PKG + "http.SpringHttpAdvice$RequestExecute"))
                // Apache HttpClient 4 and 5 (classic): the overloads call each other, one call is their outermost.
                .type(named("org.apache.http.impl.client.CloseableHttpClient"))
                .transform(advice.advice(named("execute").and(isPublic()).and(not(isBridge())),
                        PKG + "http.ApacheHttpAdvice$Execute4"))
                .type(named("org.apache.hc.client5.http.impl.classic.CloseableHttpClient"))
                .transform(advice.advice(named("execute").and(isPublic()).and(not(isBridge())),
                        PKG + "http.ApacheHttpAdvice$Execute5"))
                // 5's handler overloads call doExecute directly: the level that sees the status.
                .type(namedOneOf("org.apache.hc.client5.http.impl.classic.InternalHttpClient",
                        "org.apache.hc.client5.http.impl.classic.MinimalHttpClient"))
                .transform(advice.advice(named("doExecute").and(takesArguments(3)),
                        PKG + "http.ApacheHttpAdvice$Execute5"))
                // OkHttp 4 and 5, and 3.
                .type(namedOneOf("okhttp3.internal.connection.RealCall", "okhttp3.RealCall"))
                .transform(advice.advice(named("execute").and(takesNoArguments()),
                        PKG + "http.OkHttpAdvice$Execute"))
                // Reactor Netty's client: an attempt subscribed, the response in, the final error.
                .type(named("reactor.netty.http.client.HttpClientConnect$HttpClientHandler"))
                .transform((bb, type, loader, module, pd) -> bb
                        .defineField(CallStamp.FIELD, Object.class, Modifier.PRIVATE | Modifier.VOLATILE)
                        .implement(CallStamp.class).intercept(FieldAccessor.ofField(CallStamp.FIELD)))
                .transform(advice.advice(named("test").and(takesArguments(Throwable.class)),
                        PKG + "http.NettyClientAdvice$Failed"))
                .type(named("reactor.netty.http.client.HttpClientConnect$HttpObserver"))
                .transform(advice.advice(isConstructor().and(takesArguments(2)),
                        PKG + "http.NettyClientAdvice$Attempt"))
                .type(named("reactor.netty.http.client.HttpClientConnect$HttpIOHandlerObserver"))
                .transform(advice.advice(named("onStateChange").and(takesArguments(2)),
                        PKG + "http.NettyClientAdvice$Responded"));
        if (ModuleLayer.boot().findModule("java.net.http").isEmpty()) {
            return b;
        }
        try {
            // The advice's exception handler must be the bridge's too: Suppressed is not visible from the JDK's
            // classes. Described from the agent jar, not loaded: the bridge must first be loaded by the boot loader.
            ClassLoader agent = HttpInstrumentation.class.getClassLoader();
            MethodDescription suppressed = TypePool.Default.of(ClassFileLocator.ForClassLoader.of(agent))
                    .describe(BRIDGE).resolve().getDeclaredMethods().filter(named("suppressed")).getOnly();
            AgentBuilder.Transformer jdkAdvice = new AgentBuilder.Transformer.ForAdvice().include(agent)
                    .withExceptionHandler(
                            new Advice.ExceptionHandler.Simple(MethodInvocation.invoke(suppressed)))
                    .advice(named("send").and(takesArguments(2)).and(isPublic()),
                            PKG + "http.JdkHttpAdvice$Send")
                    .advice(named("sendAsync").and(takesArguments(3)).and(isPublic()),
                            PKG + "http.JdkHttpAdvice$SendAsync");
            // The bridge goes on the boot search path only when the JDK's client is loaded: the JVM then keeps class
            // data sharing to the boot loader's classes and says so on stderr, which a host that never calls it is
            // spared.
            return b.type(named(JDK_CLIENT))
                    .transform((bb, type, loader, module, pd) -> installBridge(inst)
                            ? jdkAdvice.transform(bb, type, loader, module, pd)
                            : bb);
        } catch (RuntimeException e) {
            Suppressed.count(e);
            AgentLog.info("the JDK's HttpClient is not hooked: " + e);
            return b;
        }
    }

    /** Puts the bridge in place once ({@link #jdkBridge}); whether it is. */
    private static synchronized boolean installBridge(Instrumentation inst) {
        if (bridged == null) {
            bridged = jdkBridge(inst) != null;
        }
        return bridged;
    }

    /**
     * Puts {@code JdkHttpBridge} alone on the bootstrap search path (a jar of one class in the temporary folder, gone at
     * exit), lets {@code java.net.http} read it and sets its hooks. Null when the JDK has no {@code java.net.http} or any
     * step fails: the JDK's client is then not hooked, and nothing else changes.
     */
    private static Class<?> jdkBridge(Instrumentation inst) {
        Module http = ModuleLayer.boot().findModule("java.net.http").orElse(null);
        if (http == null) {
            return null;
        }
        try {
            String resource = BRIDGE.replace('.', '/') + ".class";
            Path jar = Files.createTempFile("poolscope-agent-boot", ".jar");
            jar.toFile().deleteOnExit();
            try (InputStream in = HttpInstrumentation.class.getClassLoader().getResourceAsStream(resource);
                    OutputStream file = Files.newOutputStream(jar);
                    JarOutputStream out = new JarOutputStream(file)) {
                if (in == null) {
                    throw new IOException(resource + " is not in the agent jar");
                }
                out.putNextEntry(new JarEntry(resource));
                in.transferTo(out);
                out.closeEntry();
            }
            inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
            Class<?> bridge = Class.forName(BRIDGE, true, null);
            if (bridge.getClassLoader() != null) {
                throw new IllegalStateException(BRIDGE + " was loaded by " + bridge.getClassLoader());
            }
            inst.redefineModule(http, Set.of(bridge.getModule()), Map.of(), Map.of(), Set.of(), Map.of());
            // By name and reflection: this class must not link to the bridge before it is on the bootstrap path.
            Object hooks = Class
                    .forName(PKG + "http.JdkHttpHooks", true, HttpInstrumentation.class.getClassLoader())
                    .getConstructor().newInstance();
            bridge.getField("hooks").set(null, hooks);
            return bridge;
        } catch (Throwable t) {
            Suppressed.count(t);
            AgentLog.info("the JDK's HttpClient is not hooked (the other HTTP clients are): " + t);
            return null;
        }
    }
}

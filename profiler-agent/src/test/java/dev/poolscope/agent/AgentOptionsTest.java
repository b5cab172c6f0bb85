package dev.poolscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void defaultsApplyWhenOnlyOutIsGiven() {
        AgentOptions o = AgentOptions.parse("out=/tmp/x", 1);
        assertEquals(Path.of("/tmp/x"), o.out());
        assertTrue(o.asprof());
        assertEquals("ctimer", o.cpuEvent());
        assertEquals(Duration.ofMillis(10), o.cpuInterval());
        assertEquals(Duration.ofMillis(20), o.wallInterval());
        assertEquals(Duration.ofMillis(10), o.threshold());
        assertEquals(Duration.ofSeconds(1), o.gaugeInterval());
        assertEquals(Duration.ofSeconds(5), o.consoleInterval());
        assertEquals(1L << 30, o.maxSizeBytes());
        assertTrue(o.problems().isEmpty(), o.problems().toString());
    }

    @Test
    void valuesAreParsedWithUnits() {
        AgentOptions o = AgentOptions.parse("out=/tmp/x,asprof=false,wallInterval=50ms,gaugeInterval=2s,"
                + "console=FALSE,maxSize=256m,threshold=0", 1);
        assertFalse(o.asprof());
        assertFalse(o.console());
        assertEquals(Duration.ofMillis(50), o.wallInterval());
        assertEquals(Duration.ofSeconds(2), o.gaugeInterval());
        assertEquals(256L << 20, o.maxSizeBytes());
        assertEquals(Duration.ZERO, o.threshold());
        assertEquals("50ms", o.effective().get("wallInterval"));
    }

    @Test
    void everyStatementIsRecordedUnlessAThresholdOrSwitchSaysOtherwise() {
        AgentOptions d = AgentOptions.parse("out=/tmp/x", 1);
        assertTrue(d.statements());
        assertEquals(Duration.ZERO, d.statementThreshold());
        AgentOptions o = AgentOptions.parse("out=/tmp/x,statements=false,statementThreshold=5ms", 1);
        assertFalse(o.statements());
        assertEquals(Duration.ofMillis(5), o.statementThreshold());
        AgentOptions bad = AgentOptions.parse("out=/tmp/x,statementThreshold=-1ms", 1);
        assertEquals(Duration.ZERO, bad.statementThreshold());
        assertEquals(
                java.util.List.of("statementThreshold=-1ms is not a duration of at least 0ms (e.g. 20ms, 1s),"
                        + " using 0"),
                bad.problems());
    }

    @Test
    void malformedAndUnknownOptionsFallBackToDefaultsAndAreAllReported() {
        AgentOptions o = AgentOptions.parse("out=/tmp/x,wallInterval=fast,bogus=1,asprof=maybe,justaword", 1);
        assertEquals(Duration.ofMillis(20), o.wallInterval());
        assertTrue(o.asprof());
        assertEquals("20ms", o.effective().get("wallInterval"));
        assertEquals(4, o.problems().size(), o.problems().toString());
        String all = String.join("; ", o.problems());
        assertTrue(all.contains("wallInterval=fast is not a duration"), all);
        assertTrue(all.contains("unknown option 'bogus'"), all);
        assertTrue(all.contains("'justaword' is not key=value"), all);
    }

    @Test
    void allocationSamplesAreARateOrOff() {
        assertEquals(150, AgentOptions.parse("out=/tmp/x", 1).allocSamplesPerSecond());
        assertEquals(0, AgentOptions.parse("out=/tmp/x,allocSamples=0", 1).allocSamplesPerSecond());
        AgentOptions o = AgentOptions.parse("out=/tmp/x,allocSamples=-1", 1);
        assertEquals(150, o.allocSamplesPerSecond());
        assertEquals(java.util.List.of("allocSamples=-1 is not a whole number of at least 0, using 150"),
                o.problems());
    }

    @Test
    void requestClockIsAllNoneOrARate() {
        assertEquals(400, AgentOptions.parse("out=/tmp/x", 1).requestClockPerSecond());
        assertEquals(-1, AgentOptions.parse("out=/tmp/x,requestClock=ALL", 1).requestClockPerSecond());
        assertEquals(0, AgentOptions.parse("out=/tmp/x,requestClock=0", 1).requestClockPerSecond());
        assertEquals(50, AgentOptions.parse("out=/tmp/x,requestClock=50", 1).requestClockPerSecond());
        AgentOptions o = AgentOptions.parse("out=/tmp/x,requestClock=-3", 1);
        assertEquals(400, o.requestClockPerSecond());
        assertEquals(
                java.util.List.of("requestClock=-3 is not all or a whole number of at least 0, using 400"),
                o.problems());
    }

    @Test
    void theCpuEngineIsOneAsyncProfilerHas() {
        assertEquals("cpu", AgentOptions.parse("out=/tmp/x,cpuEvent=CPU", 1).cpuEvent());
        AgentOptions o = AgentOptions.parse("out=/tmp/x,cpuEvent=cycles", 1);
        assertEquals("ctimer", o.cpuEvent());
        assertEquals(java.util.List.of("cpuEvent=cycles is not one of ctimer, cpu, itimer, using ctimer"),
                o.problems());
    }

    @Test
    void missingOutFallsBackToAFolderNamedAfterThePid() {
        AgentOptions o = AgentOptions.parse(null, 4242);
        assertEquals(Path.of("poolscope-agent-4242").toAbsolutePath(), o.out());
        assertEquals(1, o.problems().size());
    }

    @Test
    void intervalsBelowTheirFloorAreRejected() {
        AgentOptions o = AgentOptions.parse("out=/tmp/x,gaugeInterval=1ms,cpuInterval=0", 1);
        assertEquals(Duration.ofSeconds(1), o.gaugeInterval());
        assertEquals(Duration.ofMillis(10), o.cpuInterval());
        assertEquals(2, o.problems().size());
    }

    @Test
    void theWallFilterAndStackDepthReachAsyncProfilersCommand() {
        AgentOptions all = AgentOptions.parse("out=/tmp/x,wallThreads=ALL", 1);
        assertEquals("all", all.wallThreads());
        assertEquals("start,event=ctimer,interval=10000000,wall=20ms,file=/tmp/x/async-profiler.jfr",
                AsyncProfilerControl.command(all, "ctimer"));
        assertEquals("requests", AgentOptions.parse("out=/tmp/x", 1).wallThreads());
        AgentOptions o = AgentOptions.parse("out=/tmp/x,wallThreads=Requests,stackDepth=96", 1);
        assertEquals("requests", o.wallThreads());
        assertEquals(96, o.stackDepth());
        assertEquals("start,event=ctimer,interval=10000000,wall=20ms,filter,jstackdepth=96,"
                + "file=/tmp/x/async-profiler.jfr", AsyncProfilerControl.command(o, "ctimer"));
    }

    @Test
    void aBadWallFilterOrStackDepthFallsBackAndIsReported() {
        AgentOptions o = AgentOptions.parse("out=/tmp/x,wallThreads=some,stackDepth=-3", 1);
        assertEquals("requests", o.wallThreads());
        assertEquals(0, o.stackDepth());
        String all = String.join("\n", o.problems());
        assertTrue(all.contains("wallThreads=some is not one of all, requests, using requests"), all);
        assertTrue(all.contains("stackDepth=-3 is not a whole number of at least 0, using 0"), all);
    }
}

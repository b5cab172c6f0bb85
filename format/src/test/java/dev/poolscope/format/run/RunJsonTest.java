package dev.poolscope.format.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * run.json files as launchers wrote them read into the record and write back the same. run-main-0be4d12.json is a
 * real run's ({@code ./poolscope run --plan vu500 --vus 50 --duration 10s} at commit 0be4d12, before the record);
 * attach.json and instances-own-app-died.json hold every field the attach and run writers of that commit could
 * write, in their order.
 */
class RunJsonTest {
    /** As the launcher writes it. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @ParameterizedTest
    @ValueSource(strings = {"run-main-0be4d12.json", "attach.json", "instances-own-app-died.json"})
    void anOlderFileReadsAndWritesBackTheSameButItsNulls(String name) throws IOException {
        String old = resource(name);
        RunJson run = JSON.readValue(old, RunJson.class);
        String again = JSON.writeValueAsString(run);
        // The old writer put "agentOptions": null for the defaults; the record leaves an unknown value out.
        String withoutNulls = old.lines().filter(l -> !l.endsWith(" : null,"))
                .collect(Collectors.joining("\n"));
        assertEquals(withoutNulls, again);
    }

    @Test
    void theRealRunsFieldsAreTyped() throws IOException {
        RunJson run = JSON.readValue(resource("run-main-0be4d12.json"), RunJson.class);
        assertEquals("vu500", run.plan());
        assertEquals(Map.of("vus", "50"), run.jmeterProps());
        assertEquals(1795644398050L, run.phases().loadStartMs());
        assertEquals(1795644424647L, run.phases().loadEndMs());
        assertEquals("200", run.app().get("workers"));
        assertEquals(46576360L, run.memory().heapUsedAfterGcBytes());
        assertEquals(801L, run.results().samples());
        assertArrayEquals(new long[]{1795644398061L, 23650L}, run.appCpuDuringLoad().getFirst());
        assertNull(run.agentOptions());
        assertFalse(run.attached());
        assertTrue(JSON.readValue(resource("attach.json"), RunJson.class).attached());
    }

    @Test
    void unknownFieldsAreIgnoredAndMissingOnesAreNull() throws IOException {
        RunJson run = JSON.readValue("{\"plan\":\"p\",\"futureField\":{\"x\":1},\"phases\":{\"later\":1}}",
                RunJson.class);
        assertEquals("p", run.plan());
        assertNull(run.phases().loadStartMs());
        assertNull(run.results());
    }

    @Test
    void theBuilderWritesWhatItWasToldInTheFilesOrder() throws IOException {
        List<long[]> cpu = new java.util.ArrayList<>();
        RunJson.Builder b = RunJson.builder("v").plan("vu500", "/p.jmx").appArgs(List.of()).agent(true, null)
                .appStartMs(1).appCpuDuringLoad(cpu);
        cpu.add(new long[]{5, 6});
        String json = JSON.writeValueAsString(b.writtenAt("t").build());
        assertEquals("""
                {
                  "poolscopeVersion" : "v",
                  "plan" : "vu500",
                  "planFile" : "/p.jmx",
                  "appArgs" : [ ],
                  "agent" : true,
                  "phases" : {
                    "appStartMs" : 1
                  },
                  "writtenAt" : "t",
                  "appCpuDuringLoad" : [ [ 5, 6 ] ]
                }""", json);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = RunJsonTest.class.getResourceAsStream("/run-json/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).stripTrailing();
        }
    }
}

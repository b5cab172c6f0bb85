package dev.poolscope.analysis.jtl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JtlReaderTest {
    @TempDir
    Path dir;

    @Test
    void readsColumnsByNameIncludingQuotedFieldsAndRequestId() throws Exception {
        Path f = dir.resolve("results.jtl");
        Files.writeString(f,
                """
                        timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,requestId
                        1763700000000,120,GET orders,200,OK,TG 1-1,text,true,,10,5,3,3,http://h/a,100,0,2,r-1
                        1763700000100,7000,GET orders,500,"Error, with comma",TG 1-2,text,false,"boom, again",10,5,3,3,http://h/b,6900,0,1,r-2
                        notanumber,1,x,200,OK,t,text,true,,1,1,1,1,u,1,0,0,r-3
                        """);
        List<JtlSample> all = new java.util.ArrayList<>();
        JtlReader.Result r = new JtlReader().read(f, all::add);
        assertThat(r.rows()).isEqualTo(2);
        assertThat(r.skipped()).isEqualTo(1);
        assertThat(r.hasRequestId()).isTrue();
        assertThat(all.get(1))
                .isEqualTo(new JtlSample(1763700000100L, 7000, "GET orders", "500", false, 3, 6900, 1,
                        "http://h/b", "r-2"));
        assertThat(all.get(0).endMillis()).isEqualTo(1763700000120L);
    }

    @Test
    void aLastLineTornMidQuoteKeepsEveryRowBeforeIt() throws Exception {
        Path f = Files.writeString(dir.resolve("torn.jtl"), "timeStamp,elapsed,label,success,requestId\n"
                + "1763700000000,120,GET a,true,r-1\n1763700000100,7,GET a,true,r-2\n1763700000200,9,\"GET, b");
        JtlReader.Result r = new JtlReader().read(f, s -> {
        });
        assertThat(r.rows()).isEqualTo(2);
        assertThat(r.skipped()).isEqualTo(1);
    }

    @Test
    void jmetersNullForARequestIdThePlanNeverSetIsNoId() throws Exception {
        // What a user's plan without request ids writes when run with -Jsample_variables=requestId.
        Path f = Files.writeString(dir.resolve("own.jtl"),
                "timeStamp,elapsed,label,success,URL,\"requestId\"\n"
                        + "1763700000000,120,GET /orders/{id},true,http://127.0.0.1:8080/orders/7,null\n");
        List<JtlSample> all = new JtlReader().readAll(f);
        assertThat(all).singleElement().extracting(JtlSample::requestId).isEqualTo("");
        assertThat(all.getFirst().url()).isEqualTo("http://127.0.0.1:8080/orders/7");
    }

    @Test
    void missingEmptyOrHeaderlessFilesAreOneLineErrors() throws Exception {
        assertThatThrownBy(() -> new JtlReader().readAll(dir.resolve("nope.jtl")))
                .hasMessageStartingWith("no JMeter results:").hasMessageEndingWith("does not exist");
        Path empty = Files.createFile(dir.resolve("empty.jtl"));
        assertThatThrownBy(() -> new JtlReader().readAll(empty))
                .hasMessageEndingWith("is empty (did JMeter run? see its jmeter.log)");
        Path noHeader = Files.writeString(dir.resolve("h.jtl"), "1,2,3\n");
        assertThatThrownBy(() -> new JtlReader().readAll(noHeader))
                .hasMessageContaining("has no 'timeStamp' column");
    }
}

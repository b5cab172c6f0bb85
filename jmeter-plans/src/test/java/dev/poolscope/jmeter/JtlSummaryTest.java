package dev.poolscope.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.format.jtl.JtlFormatException;

class JtlSummaryTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,\"requestId\"\n";

    @TempDir
    Path dir;

    @Test
    void countsSamplesErrorsAndCausesTheWayJMeterWritesThem() throws IOException {
        Path jtl = write(HEADER
                + "1000,50,GET /api/ping,200,,Clients 1-1,text,true,,100,90,2,2,http://h/api/ping,50,0,3,id-1\n"
                + "1010,40,GET /api/ping,503,Service Unavailable,Clients 1-2,text,false,"
                + "\"Test failed: code expected to equal /\n\n****** received  : [[[503]]]\",10,90,2,2,"
                + "http://h/api/ping,40,0,0,id-2\n"
                + "1020,5000,POST /api/checkout,\"Non HTTP response code: java.net.SocketTimeoutException\","
                + "\"Non HTTP response message: Read timed out, after 5 s\",Clients 1-1,text,false,,0,0,2,2,"
                + "http://h/api/checkout,0,0,1,id-3\n"
                + "1030,30,GET /api/ping,503,\"say \"\"busy\"\"\",Clients 1-2,text,false,,0,0,2,2,"
                + "http://h/api/ping,30,0,0,\n");

        JtlSummary s = JtlSummary.read(jtl);

        assertThat(s.samples()).isEqualTo(4);
        assertThat(s.errors()).isEqualTo(3);
        assertThat(s.errorRate()).isEqualTo(0.75);
        assertThat(s.firstStartMs()).isEqualTo(1000);
        assertThat(s.lastEndMs()).isEqualTo(6020);
        assertThat(s.samplesWithoutRequestId()).isEqualTo(1);
        assertThat(s.byLabel()).containsExactly(Map.entry("GET /api/ping", new JtlSummary.Counts(3, 2)),
                Map.entry("POST /api/checkout", new JtlSummary.Counts(1, 1)));
        assertThat(s.errorsByCode()).containsExactly(Map.entry("503", 2L),
                Map.entry("Non HTTP response code: java.net.SocketTimeoutException", 1L));
        assertThat(s.describe()).isEqualTo("4 samples, 3 errors (75.00%): 503 x 2, Non HTTP response code:"
                + " java.net.SocketTimeoutException x 1; 0.8/s over 5.0 s; 1 without a request id");
    }

    @Test
    void aWindowKeepsOnlyTheSamplesThatStartedInItButStillChecksEveryRow() throws IOException {
        Path jtl = write(HEADER
                + "1000,900,GET /api/ping,200,,Clients 1-1,text,true,,100,90,1,1,http://h/api/ping,10,0,1,a\n"
                + "2000,30,GET /api/ping,200,,Clients 1-1,text,true,,100,90,1,1,http://h/api/ping,10,0,1,b\n"
                + "2999,20,GET /api/ping,503,,Clients 1-1,text,false,,100,90,1,1,http://h/api/ping,10,0,1,c\n"
                + "3000,10,GET /api/ping,200,,Clients 1-1,text,true,,100,90,1,1,http://h/api/ping,10,0,1,d\n");

        JtlSummary s = JtlSummary.read(jtl, 2000, 3000);

        assertThat(s.samples()).isEqualTo(2);
        assertThat(s.errors()).isEqualTo(1);
        assertThat(s.p99Ms()).isEqualTo(30);
        assertThat(s.firstStartMs()).isEqualTo(2000);
        assertThat(s.lastEndMs()).isEqualTo(3019);

        Path broken = write(HEADER
                + "1000,x,GET /api/ping,200,,Clients 1-1,text,true,,100,90,1,1,http://h/api/ping,10,0,1,a\n");
        assertThatThrownBy(() -> JtlSummary.read(broken, 2000, 3000)).isInstanceOf(JtlFormatException.class)
                .hasMessageEndingWith("line 2: elapsed is 'x', not a whole number");
    }

    @Test
    void aCleanRunHasNoErrorsAndAnEmptyOneSaysSo() throws IOException {
        JtlSummary clean = JtlSummary.read(write(HEADER
                + "1000,10,GET /api/ping,200,,Clients 1-1,text,true,,100,90,1,1,http://h/api/ping,10,0,1,a\r\n"
                + "1500,500,GET /api/ping,200,,Clients 1-1,text,true,,100,90,1,1,http://h/api/ping,10,0,0,b\r\n"));
        assertThat(clean.describe()).isEqualTo("2 samples, 0 errors (0.00%); 2.0/s over 1.0 s");

        JtlSummary empty = JtlSummary.read(write(HEADER));
        assertThat(empty.samples()).isZero();
        assertThat(empty.errorRate()).isZero();
        assertThat(empty.describe()).isEqualTo("0 samples, 0 errors (0.00%)");
    }

    @Test
    void jmetersNullForARequestIdThePlanNeverSetCountsAsNoId() throws IOException {
        // A user's plan that sends no id, run with -Jsample_variables=requestId: JMeter writes null.
        JtlSummary s = JtlSummary.read(write(HEADER
                + "1000,10,GET /orders,200,,Shoppers 1-1,text,true,,100,90,1,1,http://h/orders/1,10,0,1,null\n"
                + "1500,20,GET /orders,200,,Shoppers 1-1,text,true,,100,90,1,1,http://h/orders/2,10,0,0,r-2\n"));
        assertThat(s.samplesWithoutRequestId()).isEqualTo(1);
        assertThat(s.describe()).endsWith("; 1 without a request id");
    }

    @Test
    void findsColumnsByNameWhateverTheOrderAndDelimiter() throws IOException {
        JtlSummary s = JtlSummary.read(write("success\telapsed\ttimeStamp\nfalse\t7\t100\ntrue\t3\t90\n"));
        assertThat(s.samples()).isEqualTo(2);
        assertThat(s.errors()).isEqualTo(1);
        assertThat(s.errorsByCode()).containsExactly(Map.entry("no response code", 1L));
        assertThat(s.samplesWithoutRequestId()).isEqualTo(2);
        assertThat(s.durationMs()).isEqualTo(17);
    }

    @Test
    void percentilesAndThroughputOverQuotedRows() throws IOException {
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,success,requestId\n");
        for (int i = 1; i <= 100; i++) {
            // 100 samples over 10 s, elapsed 1..100 ms, a label with a comma inside quotes
            jtl.append(1_000_000L + i * 100L - 100).append(',').append(i)
                    .append(",\"GET /api/ping, quoted\",200,true,id-")
                    .append(i).append('\n');
        }
        JtlSummary s = JtlSummary.read(write(jtl.toString()));
        assertThat(s.samples()).isEqualTo(100);
        assertThat(s.p50Ms()).isEqualTo(50);
        assertThat(s.p99Ms()).isEqualTo(99);
        assertThat(s.throughputPerSecond()).isBetween(10.0, 10.2);
    }

    @Test
    void aLastLineTornByAKilledJMeterIsDroppedAndTheRowsBeforeItKept() throws IOException {
        // No line break at the end: the writer stopped mid-line, inside a quoted field here.
        JtlSummary cut = JtlSummary
                .read(write("timeStamp,elapsed,label,success\n1,5,a,true\n2,6,a,false\n3,7,\"b"));
        assertThat(cut.samples()).isEqualTo(2);
        assertThat(cut.errors()).isEqualTo(1);
        JtlSummary shortRow = JtlSummary.read(write("timeStamp,elapsed,success\n1,5,true\n2,5"));
        assertThat(shortRow.samples()).isEqualTo(1);
        // A malformed row that is not the last, or a complete last line, is still an error.
        assertThatThrownBy(() -> JtlSummary.read(write("timeStamp,elapsed,success\n1,5\n2,5,true")))
                .isInstanceOf(JtlFormatException.class);
    }

    @Test
    void explainsFilesItCannotRead() throws IOException {
        assertThatThrownBy(() -> JtlSummary.read(write(""))).isInstanceOf(JtlFormatException.class)
                .hasMessageEndingWith("r.jtl is empty (did JMeter run? see its jmeter.log)");
        assertThatThrownBy(() -> JtlSummary.read(write("<?xml version=\"1.0\"?>\n<testResults>\n")))
                .hasMessageEndingWith("is an XML .jtl; poolscope reads CSV results: run JMeter with"
                        + " -Jjmeter.save.saveservice.output_format=csv");
        assertThatThrownBy(() -> JtlSummary.read(write("1000,10,GET /,200,,t,text,true,,1,1,1,1,u,1,0,0\n")))
                .hasMessageEndingWith(
                        "has no 'timeStamp' column in its first line; poolscope reads CSV results"
                                + " with a header row (-Jjmeter.save.saveservice.print_field_names=true)");
        assertThatThrownBy(
                () -> JtlSummary.read(write("timeStamp,elapsed,success\n2024/01/01 10:00:00.000,5,true\n")))
                .hasMessageEndingWith("line 2: timeStamp is '2024/01/01 10:00:00.000', not a whole number"
                        + " (poolscope needs -Jjmeter.save.saveservice.timestamp_format=ms)");
        assertThatThrownBy(() -> JtlSummary.read(write("timeStamp,elapsed,success\n1,5,true\n2,5,maybe\n")))
                .hasMessageEndingWith("line 3: success is 'maybe', not true or false");
        assertThatThrownBy(() -> JtlSummary.read(write("timeStamp,elapsed,success\n1,5,true\n2,5\n")))
                .hasMessageEndingWith("line 3 has 2 fields, the header 3");
        assertThatThrownBy(() -> JtlSummary.read(write("timeStamp,elapsed,success\n1,5,\"true\n")))
                .hasMessageEndingWith("r.jtl has an unterminated quoted field before line 3");
    }

    @Test
    void checkCommandExitsNonZeroOnErrorsAndBadInput() throws IOException {
        Path clean = write(HEADER
                + "1000,10,GET /api/ping,200,,Clients 1-1,text,true,,100,90,1,1,http://h/api/ping,10,0,1,a\n");
        Path failing = dir.resolve("failing.jtl");
        Files.writeString(failing, "timeStamp,elapsed,success,responseCode\n1,5,true,200\n2,5,false,500\n");

        assertThat(check(clean.toString()))
                .isEqualTo(new Run(0, clean + ": 1 sample, 0 errors (0.00%); 100.0/s"
                        + " over 0.0 s\n", ""));
        assertThat(check(failing.toString()).exitCode()).isEqualTo(1);
        assertThat(check(failing.toString(), "60"))
                .isEqualTo(new Run(0, failing + ": 2 samples, 1 error (50.00%):"
                        + " 500 x 1; 333.3/s over 0.0 s; 2 without a request id\n", ""));
        assertThat(check(dir.resolve("missing.jtl").toString())).isEqualTo(new Run(2, "",
                "jtl: no such file: " + dir.resolve("missing.jtl") + "\n"));
        assertThat(check(clean.toString(), "lots")).isEqualTo(new Run(2, "",
                "jtl: MAX_ERROR_PERCENT must be a number, not 'lots'\n"));
        assertThat(check().exitCode()).isEqualTo(2);
    }

    private record Run(int exitCode, String out, String err) {
    }

    private static Run check(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = JtlCheck.run(args);
            return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    private Path write(String content) throws IOException {
        Path jtl = dir.resolve("r.jtl");
        Files.writeString(jtl, content);
        return jtl;
    }
}

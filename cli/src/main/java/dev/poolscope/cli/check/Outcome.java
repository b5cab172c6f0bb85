package dev.poolscope.cli.check;

/** One condition checked against one summary.json: its name, whether it holds, and the measured fact. */
record Outcome(String condition, boolean holds, String detail) {

    String line() {
        return (holds ? "ok      " : "BROKEN  ") + condition + ": " + detail;
    }
}

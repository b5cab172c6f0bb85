#!/usr/bin/env bash
# Where the agent's own CPU goes, read off async-profiler's cpu samples of the app: per run folder, the share of
# the app's cpu samples taken on the agent's and JFR's own threads, and on the host's threads inside the agent's
# parts (async-profiler's signal handlers, the per-request thread clock, the wall filter's calls, JFR event
# commits, the rest of the hooks), over the whole recording (warm-up included):
#   profiler-agent/agent-cpu-parts.sh RUN_DIR...
# A run folder is one with agent/async-profiler.jfr, e.g. runs/bench-overhead-*/round-1-full.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
(($# >= 1)) || { echo "usage: $0 RUN_DIR..." >&2; exit 2; }
JFR="$("$ROOT/poolscope" java-home)/bin/jfr"
for run in "$@"; do
  file=$run/agent/async-profiler.jfr
  [[ -f $file ]] || { echo "$run: no agent/async-profiler.jfr" >&2; exit 1; }
  "$JFR" print --stack-depth 400 --events jdk.ExecutionSample "$file" | awk -v run="$run" '
    # A sample is counted once, in the first part that matches, in this order.
    function close_sample(  part) {
      if (!open) return
      total++
      if (thread ~ /^(JFR |poolscope-|Async-profiler)/) part = "thread " thread
      else if (asprof) part = "host threads: async-profiler (signal handlers)"
      else if (clock) part = "host threads: per-request thread clock"
      else if (filter) part = "host threads: wall filter calls"
      else if (jfr) part = "host threads: JFR event commits"
      else if (agent) part = "host threads: other agent hooks"
      else if (thread ~ /^C[12] CompilerThre/) part = "JIT compiler threads"
      else if (thread ~ /^(GC |G1 )/) part = "GC threads"
      else part = "the host itself"
      n[part]++
    }
    /^jdk.ExecutionSample/ { close_sample(); open = 1; asprof = clock = filter = jfr = agent = 0; thread = ""; next }
    /sampledThread = / { thread = $0; sub(/.*sampledThread = "/, "", thread); sub(/".*/, "", thread); next }
    /libasyncProfiler/ { asprof = 1 }
    /dev\.poolscope\.agent\.threads\.ThreadClock/ { clock = 1 }
    /dev\.poolscope\.agent\.WallFilter|one\.profiler\./ { filter = 1 }
    /jdk\.jfr\.|libjvm\.so\.Jfr/ { jfr = 1 }
    /dev\.poolscope\.agent\./ { agent = 1 }
    END {
      close_sample()
      if (total == 0) { printf "%s: no cpu samples\n", run; exit 1 }
      printf "%s: %d cpu samples\n", run, total
      for (p in n) printf "  %6.1f%%  %7d  %s\n", 100 * n[p] / total, n[p], p | "sort -k1 -nr"
      close("sort -k1 -nr")
    }'
done

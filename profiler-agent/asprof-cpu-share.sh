#!/usr/bin/env bash
# async-profiler's own share of the app's CPU, read off its cpu samples: per run folder, the samples whose stack
# holds a frame of its native library (almost all of them under its wall sampler's signal handler), and those
# in JFR's own frames, over the whole recording (warm-up included):
#   profiler-agent/asprof-cpu-share.sh RUN_DIR...
# A run folder is one with agent/async-profiler.jfr, e.g. runs/bench-overhead-*/round-1-full.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
(($# >= 1)) || { echo "usage: $0 RUN_DIR..." >&2; exit 2; }
JFR="$("$ROOT/poolscope" java-home)/bin/jfr"
for run in "$@"; do
  file=$run/agent/async-profiler.jfr
  [[ -f $file ]] || { echo "$run: no agent/async-profiler.jfr" >&2; exit 1; }
  "$JFR" print --stack-depth 400 --events jdk.ExecutionSample "$file" | awk -v run="$run" '
    function close_sample() { if (open) { total++; if (ap) asprof++; if (wall) walls++; if (jfr) jfrs++ } }
    /^jdk.ExecutionSample/ { close_sample(); open = 1; ap = 0; wall = 0; jfr = 0; next }
    /libasyncProfiler/ { ap = 1 }
    /WallClock::signalHandler/ { wall = 1 }
    /JfrStackTrace|JfrRecorder|JfrThreadSampl|jdk\.jfr\./ { jfr = 1 }
    END {
      close_sample()
      if (total == 0) { printf "%s: no cpu samples\n", run; exit 1 }
      printf "%s: %d cpu samples, async-profiler %.1f%% (wall signal handler %.1f%%), JFR %.1f%%\n",
        run, total, 100 * asprof / total, 100 * walls / total, 100 * jfrs / total
    }'
done

#!/usr/bin/env bash
# The young pauses of a HotSpot GC log (-Xlog:gc) over its last WIN seconds (default 150, a bench run's load):
# how many, the share of time paused, median / p90 / max pause, and the heap allocated between pauses (occupancy
# before a pause minus occupancy after the one before it). Full pauses (the bench's closing GC.run) are left out.
#   POOLSCOPE_APP_JVM_OPTS='-Xlog:gc:file=/tmp/gclogs/gc-%p.log' ./poolscope bench overhead ...
#   profiler-agent/gc-log-pauses.sh /tmp/gclogs/gc-*.log
set -euo pipefail
(($# >= 1)) || { echo "usage: $0 GC_LOG..." >&2; exit 2; }
win=${WIN:-150}
for f in "$@"; do
  [[ -r $f ]] || { echo "$0: cannot read $f" >&2; exit 2; }
  # One line per young pause: uptime (s), pause (ms), occupancy before and after (MB).
  pauses=$(awk '/Pause Young/ && / [0-9]+M->[0-9]+M/ {
      t = substr($1, 2) + 0; ms = $NF; sub("ms", "", ms)
      match($0, / [0-9]+M->[0-9]+M/); split(substr($0, RSTART + 1, RLENGTH - 2), h, "M->")
      print t, ms + 0, h[1] + 0, h[2] + 0 }' "$f")
  [[ -n $pauses ]] || { echo "$f: no young pauses"; continue; }
  last=$(tail -n 1 <<<"$pauses" | cut -d' ' -f1)
  # Pause and allocation since the pause before, for the pauses in the window.
  in_window=$(awk -v last="$last" -v win="$win" '
      { if (NR > 1 && $1 >= last - win) { print $2, $3 - prevAfter } prevAfter = $4 }' <<<"$pauses")
  sorted=$(cut -d' ' -f1 <<<"$in_window" | sort -g)
  n=$(wc -l <<<"$sorted")
  pick() { sed -n "$(awk -v n="$n" -v q="$1" 'BEGIN { i = int(n * q) + 1; if (i > n) i = n; print i }')p" <<<"$sorted"; }
  awk -v name="$f" -v win="$win" -v n="$n" -v med="$(pick 0.5)" -v p90="$(pick 0.9)" -v max="$(tail -n 1 <<<"$sorted")" '
      { paused += $1; alloc += $2 }
      END {
        fmt = "%s: %d young pauses in the last %d s (%.2f/s), %.2f%% of the time paused, median %.1f ms, p90 %.1f ms, max %.1f ms, %.0f MB/s allocated\n"
        printf fmt, name, n, win, n / win, paused / win / 10, med, p90, max, alloc / win }' \
      <<<"$in_window"
done

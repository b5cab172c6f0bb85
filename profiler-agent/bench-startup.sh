#!/usr/bin/env bash
# The agent's start-up cost, two agent jars against no agent, in alternating JVMs (none A B none A B ...):
#   profiler-agent/bench-startup.sh OLD_AGENT_JAR NEW_AGENT_JAR [ROUNDS] [--app]
# Plain host (default): dev.poolscope.agent.bench.StartupProbe prints "main at N ms" (JVM start -> its main).
# --app: the lab app's exec jar, "startupMs" of its ready line (JVM start -> ready), then it is stopped.
# With the agent, its own lines are printed too: "timing ms: ..." (POOLSCOPE_AGENT_TIMING=1) and "started in".
# Needs ./mvnw -pl profiler-agent test-compile (the probe is in target/test-classes); --app needs the app jar.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
(($# >= 2)) || { echo "usage: $0 OLD_AGENT_JAR NEW_AGENT_JAR [ROUNDS] [--app]" >&2; exit 2; }
OLD=$1 NEW=$2 ROUNDS=${3:-5} APP=${4:-}
JAVA="$("$ROOT/poolscope" java-home)/bin/java"
CLASSES=$ROOT/profiler-agent/target/test-classes
APP_JAR=$ROOT/app/target/poolscope-app-0.1.0-SNAPSHOT-exec.jar
# Under target/, not /tmp: other jobs on a shared machine clean /tmp/poolscope-* (a run lost its folder there).
WORK=$ROOT/profiler-agent/target/bench-startup
rm -rf "$WORK"
mkdir -p "$WORK"
export POOLSCOPE_AGENT_TIMING=1
uptime

one() { # label, then the JVM's agent arguments (none, or -javaagent:...)
  local label=$1 log=$WORK/log
  shift
  local out=$WORK/agent-$label
  rm -rf "$out"
  local agent=()
  [[ $label != none ]] && agent=(--enable-native-access=ALL-UNNAMED "-javaagent:$1=out=$out")
  if [[ $APP == --app ]]; then
    "$JAVA" "${agent[@]}" -Xmx512m -jar "$APP_JAR" --port 0 >"$log" 2>&1 &
    local pid=$! n=0
    until grep -q 'poolscope-app ready' "$log"; do
      sleep 0.2
      ((++n < 1500)) || { echo "$label: no ready line" >&2; break; }
    done
    kill "$pid"
    wait "$pid" || true
    host=$(grep -o 'startupMs=[0-9]*' "$log" | head -1 || true)
  else
    "$JAVA" "${agent[@]}" -cp "$CLASSES" dev.poolscope.agent.bench.StartupProbe >"$log" 2>&1
    host=$(grep -o 'main at [0-9]* ms' "$log" | head -1 || true)
  fi
  local started premain
  started=$(grep -o 'started in [0-9]* ms' "$log" | head -1 | tr -dc 0-9 || true)
  # The agent before the starter thread did everything in premain: its "started in" is its premain.
  premain=$(grep -o 'premain [0-9]* ms' "$log" | head -1 | tr -dc 0-9 || true)
  premain=${premain:-$started}
  printf '%-4s host %6s ms | premain %6s ms | started in %6s ms | %s\n' "$label" "$(tr -dc 0-9 <<<"$host")" \
    "$premain" "$started" "$(grep -o 'timing ms: .*' "$log" | head -1)" | tee -a "$WORK/rows"
}

for ((i = 1; i <= ROUNDS; i++)); do
  one none
  one A "$OLD"
  one B "$NEW"
done
uptime
# Median [min-max] per label of: the host's start-up, premain, the agent's "started in".
for label in none A B; do
  printf '%-4s' "$label"
  for col in 3:host 7:premain 12:started; do
    awk -v l="$label" -v c="${col%%:*}" '$1 == l && $c ~ /^[0-9]+$/ { print $c }' "$WORK/rows" | sort -n |
      awk -v n="${col#*:}" '{ v[NR] = $1 } END { if (NR) printf " | %s %s [%s-%s] ms", n,
        (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[1], v[NR] }'
  done
  echo
done

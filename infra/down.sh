#!/usr/bin/env bash
# Stops the local Kafka and OpenSearch started by up.sh (AGORA_INFRA_PARTS=kafka or =opensearch: that one alone).
# Harmless if nothing runs.
#   --wipe   also delete their data (downloaded artifacts are kept)
set -euo pipefail

# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

WIPE=false
for arg in "$@"; do
  case $arg in
    --wipe) WIPE=true ;;
    -h | --help)
      sed -n '2,3p' "$0"
      exit 0
      ;;
    *) die "unknown argument: $arg (usage: down.sh [--wipe])" ;;
  esac
done

GRACE="${AGORA_INFRA_STOP_TIMEOUT:-30}"

stop() {
  local name=$1 pidfile=$2 marker=$3 pid
  if pid=$(live_pid "$pidfile" "$marker"); then
    log "stopping $name (pid $pid)"
    kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + GRACE))
    while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do
      sleep 0.5
    done
    if kill -0 "$pid" 2>/dev/null; then
      log "$name did not stop within ${GRACE}s, sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
    fi
  else
    log "$name is not running"
  fi
  rm -f "$pidfile"
}

# Stop both in parallel (or the one AGORA_INFRA_PARTS names): each may take a few seconds to shut down cleanly.
if wants kafka; then stop Kafka "$KAFKA_PID" "$KAFKA_DIR/server.properties" & fi
if wants opensearch; then stop OpenSearch "$OPENSEARCH_PID" "$OPENSEARCH_HOME" & fi
wait

if $WIPE; then
  log "wiping data of $PARTS under $INFRA_DIR (artifacts in $INFRA_DIST are kept)"
  if wants kafka; then rm -rf "$KAFKA_DATA" "$KAFKA_LOGS"; fi
  if wants opensearch; then rm -rf "$OPENSEARCH_DATA" "$OPENSEARCH_LOGS" "$OPENSEARCH_DIR/tmp"; fi
fi

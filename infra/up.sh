#!/usr/bin/env bash
# Starts a local single-node Kafka (KRaft) and OpenSearch, without containers.
# Artifacts come from Maven Central only and are cached under $AGORA_INFRA_DIR
# (default <repo>/.agora/infra). Idempotent: services already running are
# left alone. On success prints KAFKA_BROKERS=... and OPENSEARCH_URL=... on stdout.
set -euo pipefail

# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

TIMEOUT="${AGORA_INFRA_TIMEOUT:-120}"
# AGORA_INFRA_PARTS=kafka starts the broker alone (a test that restarts its own broker needs no OpenSearch);
# AGORA_INFRA_PARTS=opensearch starts OpenSearch alone (common.sh).
JAVA_HOME_RESOLVED="$(java_home)"
JAVA_BIN="$JAVA_HOME_RESOLVED/bin/java"

# Modules that the integ-test-zip leaves out, re-added from their Maven Central
# jars: name|plugin class|extended plugins.
OPENSEARCH_MODULES=(
  "lang-painless|org.opensearch.painless.PainlessPlugin|"
  "analysis-common|org.opensearch.analysis.common.CommonAnalysisPlugin|lang-painless"
  "mapper-extras|org.opensearch.index.mapper.MapperExtrasPlugin|"
  "reindex|org.opensearch.index.reindex.ReindexPlugin|"
)

mvn_fetch() {
  command -v mvn >/dev/null || die "mvn not found (need Maven 3.8+)"
  # Output goes to stderr (stdout carries only the address lines), minus the
  # colour codes Maven 3.8 -q prints even when not on a terminal.
  mvn -q -B -Dmaven.repo.local="$M2_REPO" "$@" 2>&1 | sed 's/\x1b\[[0-9;]*m//g; /^$/d' >&2 ||
    die "Maven fetch failed: mvn $*"
}

fetch_kafka() {
  [[ -f $KAFKA_LIBS/.complete ]] && return 0
  log "fetching Kafka $KAFKA_VERSION from Maven Central ..."
  rm -rf "$KAFKA_LIBS"
  mvn_fetch -f "$INFRA_SRC/kafka/pom.xml" -Dkafka.version="$KAFKA_VERSION" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$KAFKA_LIBS"
  touch "$KAFKA_LIBS/.complete"
}

fetch_opensearch() {
  [[ -f $OPENSEARCH_HOME/.complete ]] && return 0
  log "fetching OpenSearch $OPENSEARCH_VERSION from Maven Central ..."
  local tmp="$INFRA_DIST/.tmp-opensearch"
  rm -rf "$tmp" "$OPENSEARCH_HOME"
  mkdir -p "$tmp"
  mvn_fetch dependency:copy \
    -Dartifact="org.opensearch.distribution.integ-test-zip:opensearch:$OPENSEARCH_VERSION:zip" \
    -DoutputDirectory="$tmp"
  unzip -q "$tmp/opensearch-$OPENSEARCH_VERSION.zip" -d "$tmp"
  mv "$tmp/opensearch-$OPENSEARCH_VERSION" "$OPENSEARCH_HOME"
  rm -rf "$tmp"

  local spec name class extended dir jar
  for spec in "${OPENSEARCH_MODULES[@]}"; do
    IFS='|' read -r name class extended <<<"$spec"
    dir="$OPENSEARCH_HOME/modules/$name"
    mvn_fetch -f "$INFRA_SRC/opensearch/modules-pom.xml" -P"$name" \
      -Dopensearch.version="$OPENSEARCH_VERSION" \
      dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$dir"
    # The server classpath already has these; duplicates would fail the jar-hell check.
    for jar in "$dir"/*.jar; do
      [[ -e $OPENSEARCH_HOME/lib/$(basename "$jar") ]] && rm -f "$jar"
    done
    cat >"$dir/plugin-descriptor.properties" <<EOF
description=$name module (assembled from Maven Central by infra/up.sh)
version=$OPENSEARCH_VERSION
name=$name
classname=$class
java.version=11
opensearch.version=$OPENSEARCH_VERSION
extended.plugins=$extended
has.native.controller=false
EOF
    if [[ -f $INFRA_SRC/opensearch/modules/$name/plugin-security.policy ]]; then
      cp "$INFRA_SRC/opensearch/modules/$name/plugin-security.policy" "$dir/"
    fi
  done
  chmod -R a+rX "$OPENSEARCH_HOME"
  touch "$OPENSEARCH_HOME/.complete"
}

# The k-NN plugin (semantic search's vectors, docs/adr/0100-semantic-vectors-in-opensearch.md), from its release zip
# on Maven Central, unpacked as `opensearch-plugin install` would. Its zip carries no native library: the `lucene`
# engine (pure Java) works, the faiss and nmslib engines do not. Fetched apart from the distribution, so that an
# OpenSearch fetched before it gets it too.
fetch_opensearch_knn() {
  local marker="$OPENSEARCH_HOME/.opensearch-knn-$OPENSEARCH_KNN_VERSION.complete"
  [[ -f $marker ]] && return 0
  log "fetching the OpenSearch k-NN plugin $OPENSEARCH_KNN_VERSION from Maven Central ..."
  local tmp="$INFRA_DIST/.tmp-opensearch-knn"
  rm -rf "$tmp" "$OPENSEARCH_KNN"
  mkdir -p "$tmp" "$OPENSEARCH_KNN"
  mvn_fetch dependency:copy \
    -Dartifact="org.opensearch.plugin:opensearch-knn:$OPENSEARCH_KNN_VERSION:zip" \
    -DoutputDirectory="$tmp"
  unzip -q "$tmp/opensearch-knn-$OPENSEARCH_KNN_VERSION.zip" -d "$OPENSEARCH_KNN"
  rm -rf "$tmp"
  chmod -R a+rX "$OPENSEARCH_KNN"
  touch "$marker"
}

# Fails if a port we are about to bind is taken by something we did not start.
require_free_port() {
  local port=$1 what=$2
  if port_open "$port"; then
    die "port $port ($what) is already in use by another process; stop it or set the AGORA_*_PORT variables"
  fi
}

fail_with_log() {
  local msg=$1
  shift
  local f
  for f in "$@"; do
    [[ -s $f ]] || continue
    printf '\n----- tail of %s -----\n' "$f" >&2
    tail -n 30 "$f" >&2
  done
  die "$msg"
}

# ---------------------------------------------------------------- Kafka

kafka_running() { live_pid "$KAFKA_PID" "$KAFKA_DIR/server.properties" >/dev/null; }

write_kafka_config() {
  cat >"$KAFKA_DIR/server.properties" <<EOF
# Generated by infra/up.sh on every start; edit the script, not this file.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$KAFKA_DATA
num.partitions=8
default.replication.factor=1
offsets.topic.replication.factor=1
# One broker: a few partitions for the group coordinator load at once instead of the default 50.
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
# Topics are the durable event log: never delete by age or size.
log.retention.hours=-1
log.retention.bytes=-1
EOF
}

KAFKA_JAVA=(
  "$JAVA_BIN" -Xms512m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20
  -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true
  -Dlog4j2.configurationFile="$INFRA_SRC/kafka/log4j2.xml" -Dkafka.logs.dir="$KAFKA_LOGS"
  -cp "$KAFKA_LIBS/*"
)

# Byte offset of server.log when we launched the broker; -1 if it was already running.
KAFKA_LOG_OFFSET=-1

start_kafka() {
  if kafka_running; then
    grep -qx "listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,.*" "$KAFKA_DIR/server.properties" ||
      die "Kafka is already running from $INFRA_DIR with another port ($(grep '^listeners=' "$KAFKA_DIR/server.properties")); run infra/down.sh first"
    log "Kafka already running (pid $(<"$KAFKA_PID"))"
    return 0
  fi
  rm -f "$KAFKA_PID"
  mkdir -p "$KAFKA_DATA" "$KAFKA_LOGS"
  write_kafka_config

  if [[ ! -f $KAFKA_DATA/meta.properties ]]; then
    local cluster_id
    cluster_id=$("${KAFKA_JAVA[@]}" kafka.tools.StorageTool random-uuid)
    log "formatting KRaft storage (cluster id $cluster_id)"
    "${KAFKA_JAVA[@]}" kafka.tools.StorageTool format -t "$cluster_id" \
      -c "$KAFKA_DIR/server.properties" >"$KAFKA_LOGS/format.out" 2>&1 ||
      fail_with_log "Kafka storage format failed" "$KAFKA_LOGS/format.out"
  fi

  KAFKA_LOG_OFFSET=$(stat -c %s "$KAFKA_LOGS/server.log" 2>/dev/null || echo 0)
  log "starting Kafka $KAFKA_VERSION on 127.0.0.1:$KAFKA_PORT"
  # setsid: the broker must outlive this script and not get the terminal's Ctrl-C.
  setsid "${KAFKA_JAVA[@]}" kafka.Kafka "$KAFKA_DIR/server.properties" \
    >"$KAFKA_LOGS/kafka.out" 2>&1 </dev/null &
  echo $! >"$KAFKA_PID"
}

wait_kafka() {
  local deadline=$((SECONDS + TIMEOUT))
  while :; do
    pid_alive "$KAFKA_PID" || fail_with_log "Kafka exited during startup" "$KAFKA_LOGS/kafka.out" "$KAFKA_LOGS/server.log"
    if port_open "$KAFKA_PORT"; then
      ((KAFKA_LOG_OFFSET < 0)) && return 0
      # The listener may accept before the broker has caught up; trust the log line.
      # Not grep -q: it would exit early, SIGPIPE tail, and fail the pipeline under pipefail.
      tail -c +"$((KAFKA_LOG_OFFSET + 1))" "$KAFKA_LOGS/server.log" 2>/dev/null |
        grep -c 'Kafka Server started' >/dev/null && return 0
    fi
    ((SECONDS < deadline)) || fail_with_log "Kafka not ready after ${TIMEOUT}s" "$KAFKA_LOGS/kafka.out" "$KAFKA_LOGS/server.log"
    sleep 0.5
  done
}

# ----------------------------------------------------------- OpenSearch

opensearch_running() { live_pid "$OPENSEARCH_PID" "$OPENSEARCH_HOME" >/dev/null; }

# OpenSearch refuses to run as root; as root we use an unprivileged system user.
RUN_AS=()
if ((EUID == 0)); then
  RUN_AS=(setpriv --reuid="$OPENSEARCH_USER" --regid="$OPENSEARCH_USER" --init-groups --)
fi

ensure_opensearch_user() {
  ((EUID == 0)) || return 0
  if ! id -u "$OPENSEARCH_USER" >/dev/null 2>&1; then
    log "creating system user $OPENSEARCH_USER"
    useradd --system --user-group --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin "$OPENSEARCH_USER"
  fi
  chown -R "$OPENSEARCH_USER:$OPENSEARCH_USER" "$OPENSEARCH_DIR"
  "${RUN_AS[@]}" test -r "$OPENSEARCH_HOME/lib/opensearch-$OPENSEARCH_VERSION.jar" ||
    die "user $OPENSEARCH_USER cannot read $OPENSEARCH_HOME (check the permissions of its parent directories)"
}

write_opensearch_config() {
  mkdir -p "$OPENSEARCH_CONF/jvm.options.d" "$OPENSEARCH_DATA" "$OPENSEARCH_LOGS" "$OPENSEARCH_DIR/tmp"
  # The stock jvm.options writes GC logs / heap dumps relative to the working
  # directory; point them at our dirs instead.
  sed -e "s#logs/#$OPENSEARCH_LOGS/#g" -e "s#HeapDumpPath=data#HeapDumpPath=$OPENSEARCH_DATA#" \
    -e '/^-Xm[sx]/d' \
    "$OPENSEARCH_HOME/config/jvm.options" >"$OPENSEARCH_CONF/jvm.options"
  cp "$OPENSEARCH_HOME/config/log4j2.properties" "$OPENSEARCH_CONF/"
  printf -- '-Xms512m\n-Xmx512m\n' >"$OPENSEARCH_CONF/jvm.options.d/heap.options"

  local mmap=true
  # Below 262144 map areas mmap-backed stores can fail on larger indices; the
  # sandbox may not allow sysctl, so fall back to NIO instead of changing the kernel.
  if (($(cat /proc/sys/vm/max_map_count 2>/dev/null || echo 0) < 262144)); then
    mmap=false
  fi
  cat >"$OPENSEARCH_CONF/opensearch.yml" <<EOF
# Generated by infra/up.sh on every start; edit the script, not this file.
cluster.name: agora
node.name: agora-1
discovery.type: single-node
network.host: 127.0.0.1
http.port: $OPENSEARCH_PORT
transport.port: $OPENSEARCH_TRANSPORT_PORT
path.data: $OPENSEARCH_DATA
path.logs: $OPENSEARCH_LOGS
node.store.allow_mmap: $mmap
# A dev box's disk may be fuller than the production watermarks allow.
cluster.routing.allocation.disk.threshold_enabled: false
action.auto_create_index: true
EOF
}

start_opensearch() {
  if opensearch_running; then
    grep -qx "http.port: $OPENSEARCH_PORT" "$OPENSEARCH_CONF/opensearch.yml" ||
      die "OpenSearch is already running from $INFRA_DIR with another port ($(grep '^http.port' "$OPENSEARCH_CONF/opensearch.yml")); run infra/down.sh first"
    log "OpenSearch already running (pid $(<"$OPENSEARCH_PID"))"
    return 0
  fi
  rm -f "$OPENSEARCH_PID"
  write_opensearch_config
  ensure_opensearch_user

  log "starting OpenSearch $OPENSEARCH_VERSION on 127.0.0.1:$OPENSEARCH_PORT"
  # bin/opensearch execs java, so $! is the JVM's pid.
  (
    cd "$OPENSEARCH_DIR"
    export OPENSEARCH_JAVA_HOME="$JAVA_HOME_RESOLVED" JAVA_HOME="$JAVA_HOME_RESOLVED" \
      OPENSEARCH_PATH_CONF="$OPENSEARCH_CONF" OPENSEARCH_TMPDIR="$OPENSEARCH_DIR/tmp" \
      HOME="$OPENSEARCH_DIR"
    unset OPENSEARCH_JAVA_OPTS
    ulimit -n 65535 2>/dev/null || true
    exec setsid "${RUN_AS[@]}" "$OPENSEARCH_HOME/bin/opensearch" >"$OPENSEARCH_LOGS/opensearch.out" 2>&1 </dev/null
  ) &
  echo $! >"$OPENSEARCH_PID"
}

wait_opensearch() {
  local deadline=$((SECONDS + TIMEOUT))
  local url="http://127.0.0.1:$OPENSEARCH_PORT/_cluster/health?wait_for_status=yellow&timeout=2s"
  while :; do
    pid_alive "$OPENSEARCH_PID" ||
      fail_with_log "OpenSearch exited during startup" "$OPENSEARCH_LOGS/opensearch.out" "$OPENSEARCH_LOGS/agora.log"
    curl -fsS -m 5 "$url" >/dev/null 2>&1 && return 0
    ((SECONDS < deadline)) ||
      fail_with_log "OpenSearch not healthy after ${TIMEOUT}s" "$OPENSEARCH_LOGS/opensearch.out" "$OPENSEARCH_LOGS/agora.log"
    sleep 1
  done
}

# ----------------------------------------------------------------- main

mkdir -p "$INFRA_DIST" "$KAFKA_DIR" "$OPENSEARCH_DIR"
# Check every port before starting anything, so a conflict leaves nothing half-started.
if wants kafka && ! kafka_running; then
  require_free_port "$KAFKA_PORT" "Kafka"
  require_free_port "$KAFKA_CONTROLLER_PORT" "Kafka controller"
fi
if wants opensearch && ! opensearch_running; then
  require_free_port "$OPENSEARCH_PORT" "OpenSearch HTTP"
  require_free_port "$OPENSEARCH_TRANSPORT_PORT" "OpenSearch transport"
fi
wants kafka && fetch_kafka
if wants opensearch; then
  fetch_opensearch
  fetch_opensearch_knn
fi
log "artifacts ready (${SECONDS}s)"
wants kafka && start_kafka
wants opensearch && start_opensearch
if wants kafka; then
  wait_kafka
  log "Kafka ready (${SECONDS}s)"
  echo "KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT"
fi
if wants opensearch; then
  wait_opensearch
  log "OpenSearch ready (${SECONDS}s)"
  # One started before the plugin was fetched runs without it until it is started again.
  curl -fsS -m 5 "http://127.0.0.1:$OPENSEARCH_PORT/_cat/plugins?h=component" 2>/dev/null | grep -qx opensearch-knn ||
    log "WARNING: OpenSearch runs without the k-NN plugin; restart it: AGORA_INFRA_PARTS=opensearch bash infra/down.sh, then up.sh"
  echo "OPENSEARCH_URL=http://127.0.0.1:$OPENSEARCH_PORT"
fi

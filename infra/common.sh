# Shared settings for up.sh / down.sh. Sourced, not executed.
# shellcheck shell=bash disable=SC2034  # variables are used by the scripts that source this file

INFRA_SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$INFRA_SRC/.." && pwd)"
INFRA_DIR="${AGORA_INFRA_DIR:-$REPO_ROOT/.agora/infra}"

KAFKA_VERSION="${AGORA_KAFKA_VERSION:-4.3.1}"
OPENSEARCH_VERSION="${AGORA_OPENSEARCH_VERSION:-2.19.6}"
# A plugin runs only on the OpenSearch version it was built for: the k-NN plugin's release for it.
OPENSEARCH_KNN_VERSION="${AGORA_OPENSEARCH_KNN_VERSION:-$OPENSEARCH_VERSION.0}"

KAFKA_PORT="${AGORA_KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${AGORA_KAFKA_CONTROLLER_PORT:-9093}"
OPENSEARCH_PORT="${AGORA_OPENSEARCH_PORT:-9200}"
OPENSEARCH_TRANSPORT_PORT="${AGORA_OPENSEARCH_TRANSPORT_PORT:-9300}"

# OpenSearch refuses to run as root, so as root we run it as this system user.
OPENSEARCH_USER="${AGORA_OPENSEARCH_USER:-agora-infra}"

# Downloads may live apart from the data (AGORA_INFRA_DIST, AGORA_INFRA_M2): a second pair of Kafka and
# OpenSearch on other ports and in another AGORA_INFRA_DIR reuses the first one's artifacts.
M2_REPO="${AGORA_INFRA_M2:-$INFRA_DIR/m2}"
INFRA_DIST="${AGORA_INFRA_DIST:-$INFRA_DIR/dist}"
KAFKA_LIBS="$INFRA_DIST/kafka-$KAFKA_VERSION/libs"
OPENSEARCH_HOME="$INFRA_DIST/opensearch-$OPENSEARCH_VERSION"
OPENSEARCH_KNN="$OPENSEARCH_HOME/plugins/opensearch-knn"

# What up.sh starts and down.sh stops: both by default; `kafka` or `opensearch` alone.
PARTS="${AGORA_INFRA_PARTS:-kafka opensearch}"
wants() { [[ " $PARTS " == *" $1 "* ]]; }

KAFKA_DIR="$INFRA_DIR/kafka"
KAFKA_DATA="$KAFKA_DIR/data"
KAFKA_LOGS="$KAFKA_DIR/logs"
KAFKA_PID="$KAFKA_DIR/kafka.pid"

OPENSEARCH_DIR="$INFRA_DIR/opensearch"
OPENSEARCH_DATA="$OPENSEARCH_DIR/data"
OPENSEARCH_LOGS="$OPENSEARCH_DIR/logs"
OPENSEARCH_CONF="$OPENSEARCH_DIR/config"
OPENSEARCH_PID="$OPENSEARCH_DIR/opensearch.pid"

log() { printf '[infra] %s\n' "$*" >&2; }
die() { printf '[infra] ERROR: %s\n' "$*" >&2; exit 1; }

# True if something accepts TCP connections on 127.0.0.1:$1.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Prints the pid from pid file $1 if that process is alive and its command line
# contains $2 (guards against a recycled pid); returns 1 otherwise.
live_pid() {
  local pidfile=$1 marker=$2 pid
  [[ -s $pidfile ]] || return 1
  pid=$(<"$pidfile")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$marker" || return 1
  echo "$pid"
}

# True if the pid in pid file $1 is alive. Used while a service starts, when the
# process may not have exec'd into java yet (so live_pid's marker can't match).
pid_alive() { [[ -s $1 ]] && kill -0 "$(<"$1")" 2>/dev/null; }

java_home() {
  if [[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/java ]]; then
    echo "$JAVA_HOME"
  else
    local java
    java=$(command -v java) || die "java not found (need Java 17+)"
    dirname "$(dirname "$(readlink -f "$java")")"
  fi
}

#!/usr/bin/env bash
# Interleaved A/B of the posts and votes benches: this checkout against another (a worktree of an older commit),
# each on its own seeded 100k database, in alternating rounds so that the machine's drift touches both alike.
#   bash bench/ab/run.sh <base checkout> <base seed dir> <this seed dir> [rounds=4] [out=/tmp/ab]
# Seeds come from each checkout's own `BENCH_DB_DIR=<dir> npm run bench:posts` (schemas differ between commits).
# Then: python3 bench/ab/compare.py <out> [<earlier out of the same code> ...] (medians, and the median per-round change)
set -euo pipefail
BASE=$1 BASE_SEED=$2 MAIN_SEED=$3 ROUNDS=${4:-4} OUT=${5:-/tmp/ab}
MAIN=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$OUT"
side() { # name checkout seed round
  local name=$1 dir=$2 seed=$3 round=$4
  echo "$(date +%T) round $round $name (load $(cut -d' ' -f1 /proc/loadavg))"
  (cd "$dir" && BENCH_DB_DIR=$seed npm run bench:posts >"$OUT/$name-posts-$round.log" 2>&1 &&
    cp bench/results/posts.json "$OUT/$name-posts-$round.json")
  (cd "$dir" && npm run bench:votes >"$OUT/$name-votes-$round.log" 2>&1 &&
    cp bench/results/votes.json "$OUT/$name-votes-$round.json")
}
for round in $(seq 1 "$ROUNDS"); do
  # Who goes first alternates, so neither side always runs on the other's leftovers.
  if ((round % 2)); then side base "$BASE" "$BASE_SEED" "$round"; side main "$MAIN" "$MAIN_SEED" "$round"
  else side main "$MAIN" "$MAIN_SEED" "$round"; side base "$BASE" "$BASE_SEED" "$round"; fi
done
# The checkouts' own results files were overwritten by every round: put this checkout's back.
git -C "$MAIN" checkout -- bench/results/posts.json bench/results/votes.json
echo "$(date +%T) done: python3 $MAIN/bench/ab/compare.py $OUT"

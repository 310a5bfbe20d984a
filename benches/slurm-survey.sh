#!/usr/bin/env bash
# The survey as a Slurm job array, for real: a one-node Slurm from the
# distribution's packages runs contrib/slurm/survey.sbatch as a 4-task
# array (then once more, to see the re-run skip every game), and the merged
# table must be the one of a single run on one machine. Not in CI (it
# installs and starts daemons); run it as root on a machine you may change:
#
#   benches/slurm-survey.sh                 # a one-node Slurm started here
#   SLURM_CONF=/etc/slurm/slurm.conf benches/slurm-survey.sh   # an existing one
#
# Without SLURM_CONF it starts one with ../shared/tools/local-slurm.sh (the
# project's own helper beside the repository), and stops it at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/slurm-survey.XXXXXX")
started=""
cleanup() {
    if [ -n "$started" ]; then "$root/../shared/tools/local-slurm.sh" stop "$work/slurm" || true; fi
}
trap cleanup EXIT

if [ -z "${SLURM_CONF:-}" ]; then
    helper="$root/../shared/tools/local-slurm.sh"
    [ -x "$helper" ] || { echo "no SLURM_CONF and no $helper to start a Slurm" >&2; exit 1; }
    eval "$("$helper" start "$work/slurm" | grep '^export SLURM_CONF=')"
    started=yes
fi
export SLURM_CONF
sinfo

cargo build --release --manifest-path "$root/Cargo.toml" >&2
noughts="$root/target/release/noughts"

# A few games of each public table and one in none; 20,000 values each.
printf '%s\n' 0.77 0.07 0.45 0.156 4.6 0.04 0.06 grundy 4.007 0.354 > "$work/games.txt"
mkdir -p "$work/array" "$work/single"
"$noughts" grundy --survey --games "$work/games.txt" --results "$work/single" --max 20000 >/dev/null

for run in first again; do
    echo "== sbatch --array=1-4 ($run)"
    RESULTS="$work/array" GAMES="$work/games.txt" MAX=20000 NOUGHTS="$noughts" \
        sbatch --wait --array=1-4 --cpus-per-task=1 --chdir="$work" "$root/contrib/slurm/survey.sbatch"
    cat "$work"/noughts-survey-*.out | tee "$work/$run.out"
    rm -f "$work"/noughts-survey-*.out
done
# The second run found every game done.
games=$(wc -l < "$work/games.txt")
skipped=$(grep -c ': done already' "$work/again.out" || true)
if [ "$skipped" -ne "$games" ]; then
    echo "the second run skipped $skipped of $games games" >&2
    exit 1
fi

# The same table, but for what depends on the run.
strip() { "$noughts" grundy --merge "$1" --json | python3 -c '
import json, sys
for line in sys.stdin:
    d = json.loads(line)
    for k in ("seconds", "threads", "resumed_from"):
        d.pop(k, None)
    print(json.dumps(d, sort_keys=True))'; }
if diff <(strip "$work/single") <(strip "$work/array"); then
    echo "the array's merged results are the single run's ($(strip "$work/array" | wc -l) games)"
else
    echo "the array's merged results differ from the single run's" >&2
    exit 1
fi
"$noughts" grundy --merge "$work/array"

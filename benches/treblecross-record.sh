#!/usr/bin/env bash
# Treblecross past the public record: G(0 … N − 1) of 0.007 (heaps), N = 2^28
# by default, computed in sittings with --checkpoint (kill it, or let the
# session end: the next run of this script resumes), then published:
#   benches/treblecross-record.sh DIR [N]   compute or resume in DIR (kept outside the repo:
#                                           2 bytes a value, 512 MiB at 2^28)
#   benches/treblecross-record.sh DIR [N] --publish
#                                           write docs/results/0.007.json from DIR's values
# Each sitting appends its start, end and GNU time's figures to DIR/run.log.
# The sittings and --publish stream (--sha256, --records): about 32 MiB
# whatever N, to 2^32 heaps.
set -eu
dir=$(realpath -m "${1:?a folder for the checkpoint}"); n=${2:-268435456}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/target/release/noughts
mkdir -p "$dir"
if [ "${3:-}" = --publish ]; then
  "$bin" grundy "$n" --game 0.007 --checkpoint "$dir/0.007.bin" --records > "$root/docs/results/0.007.json"
  echo "wrote docs/results/0.007.json"
  exit 0
fi
cp "$bin" "$dir/noughts"   # the binary of this sitting, kept beside its log
{
  echo "== start $(date -u +%FT%TZ) commit $(git -C "$root" rev-parse --short HEAD) threads=${THREADS:-2} $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
} >> "$dir/run.log"
nice -n 19 /usr/bin/time -v -a -o "$dir/run.log" "$dir/noughts" grundy "$n" --game 0.007 --threads "${THREADS:-2}" \
  --checkpoint "$dir/0.007.bin" --sha256 >> "$dir/run.log" 2>> "$dir/run.err" || true
echo "== end $(date -u +%FT%TZ)" >> "$dir/run.log"

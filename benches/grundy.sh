#!/usr/bin/env bash
# Whole-process timings of `noughts grundy` for the README: the rare/common
# method on two threads and on one against the naive mex, in one run, for
# Treblecross G(0 … N−1). The naive 2^20 alone takes several minutes.
# Usage: benches/grundy.sh [N ...]   (default: 65536 262144 1048576)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
B=target/release/noughts
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(65536 262144 1048576)
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
printf '%-10s %12s %12s %12s %10s\n' N "2 threads" "1 thread" naive "naive/2t"
for n in "${sizes[@]}"; do
    # Three runs each, where that costs under a few minutes; one otherwise.
    runs=3; [ "$n" -gt 300000 ] && runs=1
    two=$(for _ in $(seq $runs); do seconds $B grundy "$n" --stats --threads 2; done | median)
    one=$(for _ in $(seq $runs); do seconds $B grundy "$n" --stats --threads 1; done | median)
    naive=$(for _ in $(seq $runs); do seconds $B grundy "$n" --stats --method naive; done | median)
    printf '%-10s %11ss %11ss %11ss %9.1fx\n' "$n" "$two" "$one" "$naive" "$(awk "BEGIN { print $naive / $two }")"
done

#!/usr/bin/env bash
# Whole-process timings of the README: builds, writes the inputs, runs
# hyperfine and prints the median of each command.
# Needs hyperfine (Debian: apt-get install hyperfine) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
cargo run --release --quiet --example bench_inputs -- target/bench-inputs
B=target/release/noughts
hyperfine -N --warmup 3 --runs 30 --export-json target/bench-inputs/timings.json \
    "$B tictactoe target/bench-inputs/all-boards.txt" \
    "$B treblecross target/bench-inputs/uva-100k.txt" \
    "$B mnc solve"
python3 - <<'PY'
import json
for r in json.load(open("target/bench-inputs/timings.json"))["results"]:
    print(f"{r['command']}: median {r['median'] * 1000:.1f} ms over {len(r['times'])} runs")
PY

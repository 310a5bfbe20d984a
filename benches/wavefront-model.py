#!/usr/bin/env python3
"""The Grundy wavefront on many threads, predicted from a one-thread trace.

No many-core machine is at hand here, so this script predicts what one would
measure. It runs `noughts grundy N --game CODE --threads 1` with
`NOUGHTS_GRUNDY_TRACE=FILE`, which times, for every batch of heaps, the far
part (everything the values below the frontier give) and each heap's near part
(the splits that reach past the frontier, then its value). A discrete-event
simulation then replays the wavefront of src/solver/grundy/rare_common on T
threads with those times:

- the first 256 heaps on one thread, one at a time, as the solver does;
- batches of 16 heaps are taken in order by whichever thread is free first;
  a batch waits until the frontier is at most T x 16 heaps behind it;
- its far part runs at once, for the time the trace gives it;
- then heap by heap, each waits until every heap up to `lag` before it is
  known (the game's lag: 3 for 0.007), and runs its near part: the traced
  time, plus the splits the lower frontier moved from the far part into the
  near one (frontier lag x the near part's cost per split, fitted from the
  trace: how the near part grows with the heap's place in its batch).

Assumptions, said with the table: one core per thread; no cost for memory
bandwidth, caches shared between cores, or waking a sleeping thread; the far
part's time does not shrink when the frontier is lower (so the CPU time it
predicts errs high). The prediction at 2 threads is checked against runs
measured here in the same sitting.

    benches/wavefront-model.py                          # 2^20 of 0.007, 3 measured runs
    benches/wavefront-model.py --size 22 --runs 1       # 2^22
    benches/wavefront-model.py --trace t.txt --no-measure   # an existing trace

It prints a Markdown table (the predictions marked as such) and the figures
it fitted.
"""

import argparse
import bisect
import heapq
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The solver's constants (src/solver/grundy/rare_common/mod.rs).
BATCH = 16
BATCH_FROM = 256


def read_trace(path):
    """[(first heap, far ns, [near ns of each heap])] in the order run."""
    batches = []
    with open(path) as text:
        for line in text:
            if line.startswith("#") or not line.strip():
                continue
            fields = [int(f) for f in line.split()]
            batches.append((fields[0], fields[1], fields[2:]))
    return batches


def near_cost_per_split(batches, lag):
    """Nanoseconds a near split costs, fitted: the slope of the near time
    over the heap's place in its batch (heap j of a batch has about j - lag
    more near splits than the first), by least squares over every heap of
    the full batches; with its standard error."""
    xs, ys = [], []
    for first, _, near in batches:
        if first < BATCH_FROM or len(near) != BATCH:
            continue
        for j in range(lag, BATCH):
            xs.append(j)
            ys.append(near[j])
    if len(xs) < 3:
        return 0.0, float("inf")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    residual = sum((y - my - slope * (x - mx)) ** 2 for x, y in zip(xs, ys))
    error = (residual / (len(xs) - 2) / sxx) ** 0.5
    return slope, error


def simulate(batches, threads, lag, per_split):
    """(wall s, CPU s, critical-path s) of the wavefront on `threads`."""
    known_at = []  # each heap's time known, in heap order
    prefix = []  # prefix[m] = the time heaps 0 .. m are all known
    cpu = 0.0
    clock = 0.0
    serial = [b for b in batches if b[0] < BATCH_FROM]
    parallel = [b for b in batches if b[0] >= BATCH_FROM]
    start = serial[0][0] if serial else (parallel[0][0] if parallel else 0)

    def put(heap, at):
        assert heap == start + len(known_at), "the trace skips a heap"
        known_at.append(at)
        prefix.append(at if not prefix else max(prefix[-1], at))

    def frontier_time(end):
        """When every heap below `end` is known."""
        i = end - start - 1
        return 0.0 if i < 0 else prefix[i]

    def frontier_at(t, below):
        """How many heaps are known at time t (a prefix), at most `below`."""
        return start + bisect.bisect_right(prefix, t, 0, below - start)

    for first, far, near in serial:
        clock += far / 1e9
        cpu += far / 1e9
        for j, ns in enumerate(near):
            clock += ns / 1e9
            cpu += ns / 1e9
            put(first + j, clock)
    free = [(clock, k) for k in range(threads)]
    heapq.heapify(free)
    ahead = threads * BATCH
    for first, far, near in parallel:
        t, k = heapq.heappop(free)
        t = max(t, frontier_time(first - ahead))
        frontier = frontier_at(t, first)
        behind = first - frontier
        t += far / 1e9
        cpu += far / 1e9
        for j, ns in enumerate(near):
            heap = first + j
            t = max(t, frontier_time(heap + 1 - lag))
            work = (ns + behind * per_split) / 1e9
            t += work
            cpu += work
            put(heap, t)
        heapq.heappush(free, (t, k))
    wall = max(known_at) if known_at else 0.0
    # The critical path: every near part in a row, nothing else.
    path = sum(ns for _, _, near in batches for ns in near) / 1e9 / lag
    return wall, cpu, path


def timed(argv, env=None):
    start = time.perf_counter()
    before = os.times()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    after = os.times()
    wall = time.perf_counter() - start
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=20, help="N = 2^SIZE values")
    parser.add_argument("--game", default="0.007")
    parser.add_argument("--lag", type=int, default=3, help="the game's lag (0.007: 3)")
    parser.add_argument("--runs", type=int, default=3, help="measured runs per thread count")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2, 4, 8, 16, 64])
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "noughts"))
    parser.add_argument("--trace", help="use this trace instead of making one")
    parser.add_argument(
        "--split-ns",
        type=float,
        default=1.0,
        help="the least a near split is taken to cost (one xor, one byte store), "
        "where the fit gives less",
    )
    parser.add_argument("--no-measure", action="store_true", help="predict only")
    args = parser.parse_args()
    n = 1 << args.size
    command = [args.binary, "grundy", str(n), "--game", args.game, "--stats"]

    measured = {}
    traced_wall = None
    if args.trace:
        trace_path = args.trace
    else:
        trace_path = tempfile.mktemp(prefix="wavefront-", suffix=".trace")
        env = dict(os.environ, NOUGHTS_GRUNDY_TRACE=trace_path)
        traced_wall, _ = timed(command + ["--threads", "1"], env)
    if not args.no_measure:
        # Every thread count the machine has cores for (here: 1 and 2).
        for threads in args.threads:
            if threads > (os.cpu_count() or 1):
                continue
            runs = [timed(command + ["--threads", str(threads)]) for _ in range(args.runs)]
            measured[threads] = (
                statistics.median(w for w, _ in runs),
                statistics.median(c for _, c in runs),
            )

    batches = read_trace(trace_path)
    fitted, error = near_cost_per_split(batches, args.lag)
    per_split = max(fitted, args.split_ns)
    far = sum(b[1] for b in batches) / 1e9
    near = sum(sum(b[2]) for b in batches) / 1e9
    print(
        f"Wavefront model, {args.game} G(0 … 2^{args.size} − 1), on {platform.node()} "
        f"({os.cpu_count()} cores), {time.strftime('%Y-%m-%d')}: one-thread trace "
        f"{far + near:.2f} s of work ({far:.2f} s far parts, {near:.2f} s near parts"
        + (f"; the traced run took {traced_wall:.2f} s" if traced_wall else "")
        + f"), a near split taken as {per_split:.2f} ns (fitted from the trace: "
        f"{fitted:.2f} ± {error:.2f} ns; at least --split-ns {args.split_ns}).\n"
    )
    print("| threads | predicted wall | predicted speedup | predicted CPU / one thread's "
          "| measured wall (median) | measured CPU / one thread's | prediction error |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    # One thread: the trace's own sum (nothing waits), the base of the speedups.
    base, _, _ = simulate(batches, 1, args.lag, per_split)
    for threads in args.threads:
        wall, cpu, _ = simulate(batches, threads, args.lag, per_split)
        shown = measured.get(threads)
        error = f"{(wall - shown[0]) / shown[0] * 100:+.1f}%" if shown else "—"
        cpu_ratio = (
            f"{shown[1] / measured[1][1]:.3f}" if shown and 1 in measured else "—"
        )
        print(
            f"| {threads} | {wall:.2f} s (predicted) | {base / wall:.2f}× (predicted) "
            f"| {cpu / (far + near):.3f} (predicted) "
            f"| {f'{shown[0]:.2f} s' if shown else '—'} | {cpu_ratio} | {error} |"
        )
    _, _, path = simulate(batches, 1, args.lag, per_split)
    print(f"\nThe near parts alone, {args.lag} at a time (about the least wall time any "
          f"number of threads can reach): {path:.2f} s.")
    if not args.trace:
        os.unlink(trace_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

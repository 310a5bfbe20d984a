#!/usr/bin/env python3
"""How Grundy runs scale with threads: the table of docs/performance.md's "Grundy values on
many cores", in one run on the current code.

For each size and thread count, `noughts grundy N --game 0.007 --stats --threads T`
(G(0 … N − 1) of Treblecross's octal game, every value kept), or with `--form stream`
`noughts grundy N --game 0.007 --sha256 --threads T` (the streaming form: only the rare
heaps and a window of recent values kept; each hash is checked against the published
one in docs/results/0.007.md): the median wall time and process time
(user + system) of `--runs` runs, the peak resident memory, and each thread's time
spent waiting for the others, from the solver's own counters
(`NOUGHTS_GRUNDY_WAITS=1` makes the command print them). With `--peer`, ogsolve's
rc2 method at the first size on one thread, for the ratio (installed into
target/peers by benches/whole-process.py).

    benches/grundy-scaling.py                              # 2^20 and 2^22, 1 to 16 threads
    benches/grundy-scaling.py --sizes 20 22 24 --peer      # on a many-core machine
    benches/grundy-scaling.py --binary path/to/noughts     # a binary built elsewhere
    benches/grundy-scaling.py --form stream --sizes 22     # the streaming form

Run it on the machine to be measured, nothing else running; it prints a Markdown
table and the machine it ran on.
"""

import argparse
import os
import platform
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(argv, env=None):
    """Wall seconds, process seconds, peak KiB, exit status, stderr text.

    The peak comes from GNU time when it is there (a child of this script
    counts the script's own memory in its peak until it execs); the times
    from wait4 on time itself, which adds a millisecond. Without GNU time the
    peak is wait4's own, which is the command's once it is larger than this
    script (about 10 MiB).
    """
    peak_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"grundy-scaling-{os.getpid()}.peak"
    timed = Path("/usr/bin/time").exists()
    if timed:
        argv = ["/usr/bin/time", "-f", "%M", "-o", str(peak_path), *argv]
    err_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"grundy-scaling-{os.getpid()}.err"
    out_path = err_path.with_suffix(".out")
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, str(out_path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_OPEN, 2, str(err_path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
    ]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env or os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    out = out_path.read_text(errors="replace")
    out_path.unlink()
    err = err_path.read_text(errors="replace")
    err_path.unlink()
    peak = usage.ru_maxrss
    if timed:
        peak = int(peak_path.read_text().split()[-1])
        peak_path.unlink()
    return (
        wall,
        usage.ru_utime + usage.ru_stime,
        peak,
        os.waitstatus_to_exitcode(status),
        err,
        out,
    )


def published_hashes():
    """Prefix length → SHA-256, from the table of docs/results/0.007.md."""
    page = ROOT / "docs" / "results" / "0.007.md"
    hashes = {}
    for m in re.finditer(r"^\| ([0-9,]+) \|.*`([0-9a-f]{64})` \|$", page.read_text(), re.M):
        hashes[int(m.group(1).replace(",", ""))] = m.group(2)
    return hashes


def waiting(err):
    """Mean seconds a thread waited, and the most, from the counters."""
    times = [float(m) for m in re.findall(r"([0-9.]+) s waiting", err)]
    return (statistics.mean(times), max(times)) if times else (0.0, 0.0)


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {cpu}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=int, default=[20, 22],
                        help="powers of two: G(0 … 2^k − 1)")
    parser.add_argument("--threads", nargs="+", type=int, default=[1, 2, 4, 8, 16])
    parser.add_argument("--runs", type=int, default=1, help="runs per row (median)")
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "noughts"))
    parser.add_argument("--peer", action="store_true", help="ogsolve rc2 at the first size")
    parser.add_argument("--form", choices=["table", "stream"], default="table",
                        help="table: --stats, every value kept; stream: --sha256, the streaming form")
    args = parser.parse_args()
    if not Path(args.binary).exists():
        sys.exit(f"{args.binary}: build it first (cargo build --release)")
    env = dict(os.environ, NOUGHTS_GRUNDY_WAITS="1")
    hashes = published_hashes()
    print(f"machine: {machine()}; {time.strftime('%Y-%m-%d')}; form: {args.form}")
    print()
    print("| N | threads | wall | CPU | CPU / 1 thread | speed-up | peak memory | waiting per thread (mean, most) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for k in args.sizes:
        n = 1 << k
        base_wall = base_cpu = None
        for t in args.threads:
            what = "--stats" if args.form == "table" else "--sha256"
            argv = [args.binary, "grundy", str(n), "--game", "0.007", what, "--threads", str(t)]
            rows = [run(argv, env) for _ in range(args.runs)]
            if any(r[3] != 0 for r in rows):
                sys.exit(f"{' '.join(argv)}: exit status {rows[0][3]}: {rows[0][4]}")
            if args.form == "stream" and n in hashes:
                wrong = [r[5].strip() for r in rows if r[5].strip() != hashes[n]]
                if wrong:
                    sys.exit(f"{' '.join(argv)}: SHA-256 {wrong[0]}, published {hashes[n]}")
            wall = statistics.median(r[0] for r in rows)
            cpu = statistics.median(r[1] for r in rows)
            peak = max(r[2] for r in rows) / 1024
            mean_wait, most_wait = waiting(rows[len(rows) // 2][4])
            if base_wall is None:
                base_wall, base_cpu = wall, cpu
            print(
                f"| 2^{k} | {t} | {wall:.2f} s | {cpu:.2f} s | {cpu / base_cpu:.2f} "
                f"| {base_wall / wall:.2f}× | {peak:.1f} MiB | {mean_wait:.2f} s, {most_wait:.2f} s |",
                flush=True,
            )
    if args.form == "stream":
        checked = [f"2^{k}" for k in args.sizes if (1 << k) in hashes]
        print(f"\nEvery row's SHA-256 equals the one published in docs/results/0.007.md"
              f" ({', '.join(checked) or 'no size here has one'}).")
    if args.peer:
        ogsolve = ROOT / "target" / "peers" / "bin" / "ogsolve"
        if not ogsolve.exists():
            sys.exit(f"{ogsolve}: run benches/whole-process.py once to install it")
        n = (1 << args.sizes[0]) + 1  # heaps 0 … 2^k: free segments 0 … 2^k − 1 and two more
        rows = [run([str(ogsolve), "0.007", "-n", str(n), "-m", "rc2"]) for _ in range(args.runs)]
        wall = statistics.median(r[0] for r in rows)
        cpu = statistics.median(r[1] for r in rows)
        peak = max(r[2] for r in rows) / 1024
        print(f"| 2^{args.sizes[0]} | ogsolve rc2, 1 | {wall:.2f} s | {cpu:.2f} s | | | {peak:.1f} MiB | |")


if __name__ == "__main__":
    main()

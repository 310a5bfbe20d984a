#!/usr/bin/env python3
"""Every whole-process figure of docs/performance.md, in one run on the current code.

Builds the release binary, writes the inputs (examples/bench_inputs.rs),
runs each command several times and writes the table between the markers
`<!-- whole-process:begin -->` and `<!-- whole-process:end -->` of
docs/performance.md, with the date and the commit measured. Each row gives the
median wall time, the median process time (user + system) and the peak
resident memory of the process.

    benches/whole-process.py            # everything (about 10 minutes)
    benches/whole-process.py --quick    # the batch commands only, printed
    benches/whole-process.py --no-peers # without ogsolve

The peer (`ogsolve`, the rare/common "rc2" method of beling/impartial-games)
is installed from crates.io into target/peers the first time
(`cargo install ogsolve`); it is never needed by the tests or CI.
"""

import argparse
import datetime
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "noughts"
INPUTS = ROOT / "target" / "bench-inputs"
PEERS = ROOT / "target" / "peers"
BEGIN, END = "<!-- whole-process:begin -->", "<!-- whole-process:end -->"


def run_once(argv, stdin_path=None, stdout_path=None):
    """Wall seconds, process seconds (user + system), peak resident KiB.

    The peak is only right for a child that a small process started: one
    started from this script counts the script's own memory until it execs
    (see `peak_memory`).
    """
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, str(stdin_path or os.devnull), os.O_RDONLY, 0),
        (
            os.POSIX_SPAWN_OPEN,
            1,
            str(stdout_path or os.devnull),
            os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
            0o644,
        ),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    argv = [str(a) for a in argv]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, code


def peak_memory(argv, stdin_path=None, stdout_path=None):
    """Peak resident KiB of one more run, under /usr/bin/time (GNU time)."""
    report = INPUTS / "peak.txt"
    run_once(["/usr/bin/time", "-f", "%M", "-o", report, *argv], stdin_path, stdout_path)
    return int(report.read_text().split()[-1])


def measure(argv, runs, warmup=1, stdin_path=None, stdout_path=None, ok_codes=(0,)):
    for _ in range(warmup):
        run_once(argv, stdin_path, stdout_path)
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu, _, code = run_once(argv, stdin_path, stdout_path)
        if code not in ok_codes:
            sys.exit(f"{' '.join(map(str, argv))}: exit status {code}")
        walls.append(wall)
        cpus.append(cpu)
    peak = peak_memory(argv, stdin_path, stdout_path)
    return statistics.median(walls), statistics.median(cpus), peak


def seconds(s):
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s"


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def ogsolve():
    """The peer's binary, installed on first use; None if it cannot be."""
    path = PEERS / "bin" / "ogsolve"
    if not path.exists():
        print("installing ogsolve from crates.io into target/peers …", file=sys.stderr)
        done = subprocess.run(
            ["cargo", "install", "--quiet", "ogsolve", "--root", str(PEERS)], check=False
        )
        if done.returncode != 0:
            return None
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="the batch commands only; prints, writes nothing"
    )
    parser.add_argument("--no-peers", action="store_true", help="leave out ogsolve")
    parser.add_argument("--no-write", action="store_true", help="print, do not touch docs/performance.md")
    args = parser.parse_args()

    # The code measured: what is built now.
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "src"], cwd=ROOT).returncode
    if dirty:
        commit += " plus uncommitted changes to src/"
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    subprocess.run(
        ["cargo", "run", "--release", "--quiet", "--example", "bench_inputs", "--", str(INPUTS)],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    b = str(BIN)
    rows = []

    def row(what, target, argv, runs, **kw):
        wall, cpu, peak = measure(argv, runs, **kw)
        rows.append((what, target, wall, cpu, peak, runs))
        print(f"{what}: {seconds(wall)} wall, {seconds(cpu)} process, {mib(peak)}", file=sys.stderr)
        return wall, cpu

    row(
        "Tic-tac-toe: all 19,683 boards, `tictactoe all-boards.txt`",
        "≤ 50 ms",
        [b, "tictactoe", INPUTS / "all-boards.txt"],
        30,
        warmup=3,
    )
    row(
        "Treblecross: UVA file of 100,000 strips of 200 cells (20 MB), output to a file",
        "≤ 150 ms",
        [b, "treblecross", INPUTS / "uva-100k.txt"],
        20,
        warmup=2,
        stdout_path=INPUTS / "uva-100k.out",
    )
    row(
        "MNC: `mnc kattis`, the engine's first move (input ends there)",
        "≤ 60 ms process time",
        [b, "mnc", "kattis"],
        20,
        warmup=2,
        ok_codes=(2,),
    )
    row(
        "MNC: `mnc solve` (engine solve, then the census: a full search again)",
        "—",
        [b, "mnc", "solve"],
        20,
        warmup=2,
    )
    row(
        "Notakto: a position of 1,000 boards from standard input, `notakto -` (the quotient computed first)",
        "— (the answer alone ≤ 10 ms: `cargo bench --bench solvers -- notakto`)",
        [b, "notakto", "-"],
        20,
        warmup=2,
        stdin_path=INPUTS / "notakto-1000.txt",
    )
    if not args.quick:
        peer = None if args.no_peers else ogsolve()
        for log2, runs in [(16, 5), (18, 3), (20, 1), (22, 1)]:
            n = 1 << log2
            for threads in (2, 1):
                row(
                    f"Grundy: Treblecross G(0 … 2^{log2} − 1), `grundy {n} --stats --threads {threads}`",
                    "≤ 60 s" if (log2, threads) == (20, 2) else "—",
                    [b, "grundy", str(n), "--stats", "--threads", str(threads)],
                    runs,
                    warmup=0,
                )
            if peer and log2 <= 20:
                # The same values: 0.007 heaps 0 … n + 1 are segments 0 … n − 1.
                row(
                    f"Grundy: the same with `ogsolve 0.007 -n {n + 1} -m rc2` (peer, one thread)",
                    "noughts ≥ 3× faster on one thread",
                    [str(peer), "0.007", "-n", str(n + 1), "-m", "rc2"],
                    runs,
                    warmup=0,
                )

    lines = [
        BEGIN,
        f"Measured by `benches/whole-process.py` on "
        f"{datetime.date.today().isoformat()}, commit {commit}, on this project's 2-core "
        "machine (shared and noisy): medians of the runs given; peak resident memory "
        "from one more run under GNU time.",
        "",
        "| command (whole process) | target | wall | process time | peak memory | runs |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for what, target, wall, cpu, peak, runs in rows:
        lines.append(
            f"| {what} | {target} | {seconds(wall)} | {seconds(cpu)} | {mib(peak)} | {runs} |"
        )
    lines.append(END)
    table = "\n".join(lines)
    print(table)
    if args.no_write or args.quick:
        return
    readme = ROOT / "docs" / "performance.md"
    text = readme.read_text()
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        readme.write_text(head + table + tail)
    else:
        sys.exit("docs/performance.md has no whole-process markers")


if __name__ == "__main__":
    main()

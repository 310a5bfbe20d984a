#!/usr/bin/env python3
"""Do noughts and ogsolve (beling/impartial-games, on crates.io) give the same
Grundy values? For every game of `noughts grundy --survey` that ogsolve
takes (it has no Grundy's game), G(0 … N) from both, compared value by value.

    benches/peer-values.py            # N = 100,000
    benches/peer-values.py -n 300000

ogsolve is installed into target/peers the first time (as by
benches/whole-process.py); never needed by the tests or CI.
"""

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from importlib import import_module  # noqa: E402

whole_process = import_module("whole-process")

ROOT = Path(__file__).resolve().parent.parent
NOUGHTS = ROOT / "target" / "release" / "noughts"

GAMES = ["0.77", "0.07", "0.137", "0.1377", "0.177", "0.11377", "0.127", "0.56",
         "4.6", "4.077", "4.007", "0.007"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=100_000, help="the last heap (default 100000)")
    args = parser.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    peer = whole_process.ogsolve()
    if peer is None:
        sys.exit("ogsolve could not be installed")
    failed = False
    for game in GAMES:
        ours = subprocess.run([str(NOUGHTS), "grundy", str(args.n + 1), "--game", game],
                              capture_output=True, text=True, check=True).stdout.split()
        out = subprocess.run([str(peer), game, "-n", str(args.n), "-m", "rc2", "-p"],
                             capture_output=True, text=True, check=True).stdout
        line = next(l for l in out.splitlines() if "nimbers:" in l)
        theirs = line.split("nimbers:", 1)[1].split()
        if ours == theirs:
            print(f"{game}: G(0 … {args.n}) agree")
        else:
            first = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b),
                         min(len(ours), len(theirs)))
            print(f"{game}: DIFFER first at heap {first}")
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Value frequencies of noughts against rogalski-wmii-uni-lodz-pl/octal's tables.

rogalski's `results/GAME/n` files give, a line a value, `nimber frequency` over
G(1) … G(n). `noughts grundy N --records` gives each power-of-two prefix's
`histogram` over G(0) … G(n − 1) (the convention of every figure here). Their
table at n is ours less one G(0) and plus one G(n), so this script computes
G(0) … G(2^K) with a checkpoint (whose format it reads to find G(n): blocks of
65,536 u16 values, each followed by a 4-byte checksum, after a header line),
converts, and compares every power of two up to 2^K for which a file exists.

    benches/rogalski-frequencies.py ROGALSKI_REPO [--max-power K] [--games .167,.161]
        [--work DIR] [--out docs/results/rogalski.md]

ROGALSKI_REPO is a checkout of that repository, held apart from this one (its
files are not copied here). Prints a Markdown table; with --out, writes it.
"""

import argparse
import array
import datetime
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "noughts"
BLOCK = 1 << 16
BLOCK_BYTES = 2 * BLOCK + 4
# The most heaps one streamed run holds (`noughts grundy`'s limit).
MOST_HEAPS = 1 << 32


def value_at(checkpoint: Path, heap: int) -> int:
    """G(heap) read from a noughts checkpoint (format 2)."""
    with open(checkpoint, "rb") as f:
        header = f.readline()
        assert header.startswith(b"# noughts grundy checkpoint 2: "), header
        return values_of(f, len(header), heap, 1)[0]


def values_of(f, header: int, start: int, count: int) -> array.array:
    """G(start) … G(start + count − 1) from an open checkpoint whose header
    line is `header` bytes long (the blocks' checksums skipped)."""
    out = array.array("H")
    heap, end = start, start + count
    while heap < end:
        block, at = divmod(heap, BLOCK)
        take = min(BLOCK - at, end - heap)
        f.seek(header + block * BLOCK_BYTES + 2 * at)
        out.frombytes(f.read(2 * take))
        heap += take
    assert len(out) == count, "the checkpoint ends too soon"
    if sys.byteorder != "little":
        out.byteswap()
    return out


def value_apart(checkpoint: Path, game: str, n: int, chunk: int = 1 << 20) -> int:
    """G(n) worked out here from G(0) … G(n − 1) in the checkpoint, by the
    plain mex over every move of the octal code (nothing of noughts' method):
    a streamed run holds 2^32 heaps, and their table at 2^32 counts G(2^32),
    one past them. A heap of n is at least as long as every digit here."""
    digits = [int(d) for d in game.split(".")[1]]
    seen = set()
    with open(checkpoint, "rb") as f:
        header = len(f.readline())
        for k, digit in enumerate(digits, start=1):
            rest = n - k
            if digit & 1 and rest == 0:
                seen.add(0)
            if digit & 2 and rest > 0:
                seen.add(values_of(f, header, rest, 1)[0])
            if digit & 4 and rest > 1:
                # G(a) xor G(rest − a), a = 1 … rest // 2: one run forward,
                # one backward, xored a chunk at a time as whole numbers.
                a, last = 1, rest // 2
                while a <= last:
                    c = min(chunk, last - a + 1)
                    left = values_of(f, header, a, c)
                    right = values_of(f, header, rest - a - c + 1, c)[::-1]
                    both = int.from_bytes(left.tobytes(), "little") ^ int.from_bytes(
                        right.tobytes(), "little")
                    xored = array.array("H")
                    xored.frombytes(both.to_bytes(2 * c, "little"))
                    seen.update(xored)
                    a += c
    mex = 0
    while mex in seen:
        mex += 1
    return mex


def theirs(repo: Path, game: str, n: int):
    """Their table at n: from a checkout's files, or from the repository's
    HEAD where it has no work tree (a bare or mirrored clone)."""
    path = repo / "results" / game / str(n)
    if path.exists():
        text = path.read_text()
    else:
        shown = subprocess.run(
            ["git", "-C", str(repo), "show", f"HEAD:results/{game}/{n}"],
            capture_output=True, text=True,
        )
        if shown.returncode != 0:
            return None
        text = shown.stdout
    table = {}
    for line in text.split("\n"):
        if line.strip():
            value, count = line.split()
            # They list every value up to the largest, 0 counts included.
            if int(count):
                table[int(value)] = int(count)
    return table


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("repo", type=Path)
    parser.add_argument("--max-power", type=int, default=20)
    parser.add_argument("--games", default="0.014,0.034,0.161,0.167,0.172")
    parser.add_argument("--work", type=Path, default=ROOT / "target" / "rogalski")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True,
    ).stdout.strip()
    rows = []
    for game in args.games.split(","):
        # G(0) … G(2^K); a run holds at most 2^32 heaps, and G(2^32) is
        # then worked out apart (value_apart).
        n_values = min((1 << args.max_power) + 1, MOST_HEAPS)
        checkpoint = args.work / f"{game}.bin"
        out = subprocess.run(
            [str(BIN), "grundy", str(n_values), "--game", game,
             "--checkpoint", str(checkpoint), "--records"],
            capture_output=True, text=True, check=True,
        )
        doc = json.loads(out.stdout)
        agreed, differed, missing = [], [], []
        for prefix in doc["prefixes"]:
            n = prefix["n"]
            if n & (n - 1) or n < 2:
                continue
            ours = {int(v): c for v, c in prefix["histogram"].items()}
            # Their convention: G(1) … G(n).
            ours[0] -= 1
            if n < n_values:
                g_n = value_at(checkpoint, n)
            else:
                # First the plain mex is held against noughts' own values
                # at heaps the checkpoint has (small ones, where every kind
                # of move counts, and some across its blocks).
                for heap in [*range(1, 40), 65_535, 65_536, 65_537, 131_072, 1 << 20]:
                    mine, theirs_ = value_apart(checkpoint, game, heap), value_at(checkpoint, heap)
                    assert mine == theirs_, f"{game}: G({heap}) apart {mine}, noughts {theirs_}"
                g_n = value_apart(checkpoint, game, n)
                print(f"{game}: G({n}) = {g_n}, worked out apart", file=sys.stderr)
            ours[g_n] = ours.get(g_n, 0) + 1
            ours = {v: c for v, c in ours.items() if c}
            published = theirs(args.repo, game, n)
            if published is None:
                missing.append(n)
            elif published == ours:
                agreed.append(n)
            else:
                differed.append(n)
        whole = next(p for p in doc["prefixes"] if p["n"] == 1 << args.max_power)
        rows.append((game, agreed, differed, missing, whole["sha256"]))
        print(f"{game}: {len(agreed)} agree, {len(differed)} differ", file=sys.stderr)
    lines = [
        f"Value frequencies against rogalski-wmii-uni-lodz-pl/octal's `results/` files, every "
        f"power of two n from 2 to 2^{args.max_power} (their file n counts G(1) … G(n); ours "
        f"converted from G(0) … G(n − 1)). `benches/rogalski-frequencies.py` on {commit}, "
        f"{datetime.date.today()}.",
        "",
        "| game | powers of two that agree | that differ | with no file there | SHA-256 of G(0) … G(2^K − 1) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for game, agreed, differed, missing, sha in rows:
        span = lambda ns: f"{len(ns)} (2^{ns[0].bit_length() - 1} … 2^{ns[-1].bit_length() - 1})" if ns else "0"
        lines.append(f"| {game} | {span(agreed)} | {span(differed)} | {span(missing)} | `{sha}` |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text)
    return 1 if any(r[2] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

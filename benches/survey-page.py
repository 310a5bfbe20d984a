#!/usr/bin/env python3
"""Publish a survey of the public tables: its JSON lines into
docs/results/survey/ and the page docs/results/survey.md.

    noughts grundy --survey --games public --results DIR --max 1048576   # hours; resumes
    benches/survey-page.py DIR [FIRST_RUNS]                             # then this

FIRST_RUNS: a folder of the lines the computing runs wrote, where DIR's were
written again later from the values kept (their seconds are then the
re-check's).

Only each game's JSON line is copied (its values are not: `--sha256` checks
them); the page says how many games of each table are done, what differs
from the published rows and why, and shows `noughts grundy --merge` of the
copied folder, which the docs test runs again.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = ROOT / "docs" / "results" / "survey"
TABLES = ROOT / "assets" / "public-octal-tables.tsv"

def listed():
    """{table: [codes]} of the public tables."""
    tables = {}
    for line in TABLES.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        tables.setdefault(fields[0], []).append(fields[1])
    return tables


def main():
    source = Path(sys.argv[1])
    binary = ROOT / "target" / "release" / "noughts"
    PUBLISHED.mkdir(parents=True, exist_ok=True)
    for old in PUBLISHED.glob("*.json"):
        old.unlink()
    results = {}
    for path in sorted(source.glob("*.json")):
        shutil.copy(path, PUBLISHED / path.name)
        doc = json.loads(path.read_text())
        results[doc["game"]] = doc
    tables = listed()
    merged = subprocess.run(
        [str(binary), "grundy", "--merge", str(PUBLISHED.relative_to(ROOT))],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout

    out = ["# The public tables of octal games, surveyed\n"]
    out.append(
        "Every game of the three tables of [tczajka/octal-games](https://github.com/tczajka/octal-games) "
        "(`TrivialGames.md`, `SolvedGames.md`, `UnsolvedGames.md` at commit 57e893a, kept in "
        "`assets/public-octal-tables.tsv`), computed here by `noughts grundy --survey` until its "
        "values prove a period or 2^20 values are known (`--max 33554432` for the solved table, "
        "whose longest proof, 0.354's, needs 20,126,196 values), and compared with its published row. "
        "Each game's line is in [survey/](survey/) (`noughts grundy --merge` reads them); its "
        "`sha256` is the hash of the values `noughts grundy N --game CODE --sha256` prints, so "
        "anyone can check them.\n"
    )
    out.append("| table | games | done here | agree | differ | published further than computed | nothing published to compare |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    differ = []
    for table in ("trivial", "solved", "unsolved"):
        codes = tables.get(table, [])
        done = [results[c] for c in codes if c in results]
        bad = [d for d in done if d["published"]["differences"]]
        short = [d for d in done if "not compared with" in d["published"]["compared"]]
        bare = [d for d in done if d["published"]["compared"] == "no figures published"]
        agree = len(done) - len(bad) - len(short) - len(bare)
        differ.extend(bad)
        out.append(
            f"| {table} | {len(codes)} | {len(done)} | {agree} | {len(bad)} | "
            f"{', '.join(d['game'] for d in short) or 0} | {len(bare)} |"
        )
    # A line's seconds are its last run's: a game re-checked from its kept
    # values says so (resumed_from = values); the first runs' lines, if
    # given, say how long the computing took.
    timed = results
    if len(sys.argv) > 2:
        timed = {}
        for path in Path(sys.argv[2]).glob("*.json"):
            doc = json.loads(path.read_text())
            if doc["game"] in results and doc["resumed_from"] < doc["values"]:
                timed[doc["game"]] = doc
    seconds = sum(d["seconds"] for d in timed.values())
    slowest = sorted(timed.values(), key=lambda d: -d["seconds"])[:5]
    out.append(
        f"\nComputing time, from the runs that computed the values ({len(timed)} of the "
        f"{len(results)} games; a run resumed counts its own part): {seconds / 60:.0f} min on "
        f"one thread of this project's 2-core machine at `nice -n 19`, beside other work; "
        f"the slowest "
        + ", ".join(f"{d['game']} {d['seconds']:.0f} s" for d in slowest)
        + ".\n"
    )
    missing = [c for t in ("trivial", "solved", "unsolved") for c in tables.get(t, [])
               if c not in results]
    if missing:
        out.append(
            f"**Not done yet** ({len(missing)}): {', '.join(missing)}. The survey resumes "
            "where it stopped (`--results` keeps each game's values as they are found).\n"
        )
    out.append("## What differs from the published rows, and why\n")
    if not differ:
        out.append("Nothing: every figure compared agrees.\n")
    # A difference is listed as found; why is for a person to add under it.
    for d in differ:
        out.append(f"- **{d['game']}**: {'; '.join(d['published']['differences'])}.")
    out.append(
        "\nWhat is compared: the trivial table's period, pre-period and values; the solved "
        "table's period, pre-period and figures over the values up to the proof of the "
        "period; the unsolved table's figures over G(0) … G(n − 1) at its own n where it "
        "gives any (grundy and 0.6 to 2^21, 0.04 and 0.06 to 2^17). 0.127's published split "
        "`1+pos` also looks at the heap's parity (the class of heap i flips when i is even, "
        "as tczajka's `analyze_exec.cc` does): its rare heaps are counted from the values by "
        "that rule. For 0.56 the table's pre-period, 326,640, is the one found here; Gangolli "
        "and Plambeck's paper gives 326,638 (see [Known games](../commands.md#known-games)).\n"
    )
    periodic = sorted(
        (d for d in results.values()
         if d["published"]["table"] == "unsolved" and d.get("period")),
        key=lambda d: d["game"],
    )
    if periodic:
        out.append(
            "**Periods proved here in the unsolved table**: "
            + ", ".join(
                f"{d['game']} (period {d['period']['period']:,} from "
                f"{d['period']['preperiod']:,}, proved at {d['period']['proved_up_to'] + 1:,} values)"
                for d in periodic
            )
            + ". The table's rows without figures are games its author has not computed yet "
            "(its README: \"work in progress\"), not open problems; other published tables "
            "(Flammenkamp's) may hold these periods already, and they have not been compared "
            "with them here.\n"
        )
    out.append("## The table\n")
    out.append("```text")
    out.append("$ noughts grundy --merge docs/results/survey")
    out.append(merged.rstrip("\n"))
    out.append("```\n")
    (ROOT / "docs" / "results" / "survey.md").write_text("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

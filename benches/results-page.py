#!/usr/bin/env python3
"""The page of a published long computation, from its records document.

    benches/results-page.py docs/results/0.007.json RUN_LOG [HOW] > docs/results/0.007.md

The JSON is what `noughts grundy N --game CODE --checkpoint FILE --records`
prints (benches/treblecross-record.sh --publish writes it); RUN_LOG is the
log that script keeps, one start and end line per sitting and GNU time's
figures: the page gives the sittings, their time and peak memory. HOW, if
given, is a sentence on how the JSON was made (its command's time and
memory, the date, the binary), said after the period's proof.
"""

import json
import re
import sys


def period_words(period, n):
    """The period search's finding (`--records`' `period`), with how to check it."""
    words = period["words"][0].upper() + period["words"][1:] + "."
    if period["verdict"] == "once":
        words += (f" The proof needs nothing but the values: G({period['at']:,}) = {period['value']} "
                  f"and no other heap from {period['from']:,} to {n - 1:,} has that value, so a period "
                  f"p ≤ {period['bound']:,} from heap {period['from']:,} on would have to put it again "
                  "at p places before or after, inside the window. Any table of G(0 … "
                  f"{n - 1:,}) checks it (its hash is above). A period longer than "
                  f"{period['bound']:,}, or one that begins later than heap {period['from']:,}, "
                  "is not ruled out.")
    return words


def sittings(log_text):
    """(start line, elapsed, user s, system s, peak KiB) per sitting."""
    found = []
    for part in log_text.split("== start ")[1:]:
        head = part.splitlines()[0]
        elapsed = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", part)
        user = re.search(r"User time \(seconds\): (\S+)", part)
        system = re.search(r"System time \(seconds\): (\S+)", part)
        peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", part)
        found.append((head, elapsed and elapsed.group(1), user and float(user.group(1)),
                      system and float(system.group(1)), peak and int(peak.group(1))))
    return found


def sittings_words(count):
    """How many sittings a run took, in words."""
    if count <= 1:
        return "one sitting"
    return f"{count} sittings, each going on from the file the last one left"


def main():
    records = json.load(open(sys.argv[1]))
    log = open(sys.argv[2]).read() if len(sys.argv) > 2 else ""
    n = records["values"]
    out = []
    out.append(f"# Treblecross (octal game {records['game']}): G(0 … {n - 1:,})\n")
    out.append(
        f"The Grundy values of {records['game']} on heaps of 0 to {n - 1:,} tokens "
        "(a free Treblecross segment of L cells is the heap L + 2), computed by "
        "`noughts grundy` (the rare/common method on two threads) on this project's "
        "2-core machine, with `--checkpoint` (a run stopped at any moment goes on from "
        f"where it was; this one ran in {sittings_words(len(sittings(log)))}). The values themselves "
        f"are not in the repository ({2 * n / 2**20:,.0f} MiB): anyone can compute them "
        "and check them against the hashes below, a prefix at a time.\n")
    out.append("```text")
    out.append(f"noughts grundy {n} --game {records['game']} --sha256")
    out.append(records["sha256"])
    out.append("```\n")
    out.append("The hash is SHA-256 of the values as u16 little-endian, heap 0 first. "
               "`noughts grundy N --game 0.007 --sha256` prints the hash of any prefix; "
               "the table below gives it for every power of two. "
               f"The whole document: [`{records['game']}.json`]({records['game']}.json).\n")
    out.append("## Checked against\n")
    pre = {p["n"]: p for p in records["prefixes"]}
    p17 = pre.get(1 << 17)
    if p17:
        out.append(
            "The public table of tczajka/octal-games (`UnsolvedGames.md`) gives Treblecross as "
            "`.04` (the same game one heap further on: its heap n is heap n − 1 here, and its "
            "heap 0 is one more rare value) up to n = 2^17: largest 1024 at index 109363, rare "
            "mask 7b8, 18860 rare, the last at 131003. Here, for G(0 … 131071): largest "
            f"{p17['largest']} first at heap {next(r['first_at'] for r in records['records'] if r['value'] == p17['largest'])}, "
            f"mask {p17['rare_mask']:x}, {p17['rare']:,} rare, the last at {p17['last_rare']:,} — "
            "the same figures, shifted by that one heap. Beyond 2^17 no published value was found. "
            "The prefix of 2^20 values was also computed afresh, without a checkpoint: the same "
            "hash. The values below 20,000 are checked by the plain mex in the tests.\n")
    out.append("## Records\n")
    out.append("Each value larger than every value before it, and the first heap where it occurs:\n")
    out.append("| value | first at heap |")
    out.append("| ---: | ---: |")
    for r in records["records"]:
        out.append(f"| {r['value']:,} | {r['first_at']:,} |")
    out.append("")
    out.append("## Every power of two\n")
    out.append("For G(0 … n − 1): the largest value, the rare/common split (a value v is rare "
               "when `v & mask` has an even number of set bits; the mask is the one that "
               "makes the fewest values rare), how many values are rare and the last of them, "
               "and the hash of the prefix.\n")
    out.append("| n | largest | mask | rare | last rare | SHA-256 of G(0 … n − 1) |")
    out.append("| ---: | ---: | ---: | ---: | ---: | --- |")
    for p in records["prefixes"]:
        out.append(f"| {p['n']:,} | {p['largest']:,} | {p['rare_mask']:#x} | {p['rare']:,} | "
                   f"{p['last_rare']:,} | `{p['sha256']}` |")
    out.append("")
    last_rare = records["prefixes"][-1]["last_rare"]
    out.append(f"No heap after {last_rare:,} is rare: the {records['prefixes'][-1]['rare']:,} rare "
               f"heaps all lie below it, and the next {n - 1 - last_rare:,} values are all common, "
               "which is why the time per value stops growing (each new value's mex walks the rare "
               "heaps and a few splits).\n")
    period = records.get("period")
    if period:
        out.append("## A period?\n")
        how = f" {sys.argv[3]}" if len(sys.argv) > 3 else ""
        out.append(period_words(period, n) + how)
        out.append("")
    out.append("## Value 0\n")
    last = records["last_zero"]
    out.append(f"{records['zeros']:,} heaps have value 0; the last is heap {last:,}."
               if last is not None else "No heap has value 0.")
    out.append("")
    found = sittings(log)
    if found:
        out.append("## How it was computed\n")
        out.append("| sitting | wall | user | system | peak memory |")
        out.append("| --- | ---: | ---: | ---: | ---: |")
        for head, elapsed, user, system, peak in found:
            out.append(f"| {head} | {elapsed} | {user:,.0f} s | {system:,.0f} s | "
                       f"{peak / 1024:,.0f} MiB |" if peak else f"| {head} | (stopped) | | | |")
        out.append("")
        out.append("Run at `nice -n 19` beside other work on the same 2 cores, so the wall times "
                   "are an upper bound (a sitting stopped with the session has no figures).")
        # Sittings before the streaming form (issue 50) kept every value and
        # a reversed copy; later ones keep a window and read the rest back.
        whole = [peak for *_, peak in found if peak and peak >= 256 * 1024]
        streamed = [peak for *_, peak in found if peak and peak < 256 * 1024]
        if whole:
            out.append(f"The sittings that kept every value (4 bytes a value and its reversed copy) "
                       f"peaked at {max(whole) / 1024:,.0f} MiB.")
        if streamed:
            out.append(f"The sittings of the streaming form (a window of recent values in memory, "
                       f"the rest read back from the checkpoint) peaked at "
                       f"{max(streamed) / 1024:,.0f} MiB.")
        out.append("")
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Resident memory of the app in its heaviest scenario: a 100,000-cell
Treblecross strip, then 10,000 edits of every kind (toggle, X, empty,
longer, shorter, 100 longer and shorter, clear, example, undo, redo).

Runs the release binary in a pseudo-terminal of 200x60, sends the keys in
bursts while reading the screen, and prints VmRSS and VmHWM (the peak)
from /proc after the start and after the edits.

    cargo build --release && benches/app-memory.py
"""

import os
import pty
import select
import struct
import subprocess
import sys
import termios
import fcntl
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "noughts"
EDITS = 10_000
# One of each kind of edit (Ctrl-R is redo); a clear or an example is
# undone at once, so the strip stays about 100,000 cells long.
KEYS = [" ", "x", ".", "+", "-", ">", "<", "c", "u", "e", "u", "\x12", "u", "l"]


def memory(pid):
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields


def drain(fd, seconds):
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                os.read(fd, 1 << 16)
            except OSError:
                return


def settle(fd, most=120.0):
    """Reads until the app is idle: half a second with only its idle
    frames (a few dozen bytes each, every 100 ms)."""
    end = time.time() + most
    while time.time() < end:
        got = 0
        window = time.time() + 0.5
        while time.time() < window:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    got += len(os.read(fd, 1 << 16))
                except OSError:
                    return
        if got < 500:
            return


def main():
    if not BIN.exists():
        sys.exit("build first: cargo build --release")
    strip = "".join("X" if i % 97 == 0 else "." for i in range(100_000))
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    child = subprocess.Popen(
        [str(BIN), "tui", "--strip", strip],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        pass_fds=(),
    )
    os.close(slave)
    settle(master)
    start = memory(child.pid)
    sent = 0
    while sent < EDITS:
        burst = "".join(KEYS[(sent + i) % len(KEYS)] for i in range(100))
        os.write(master, burst.encode())
        sent += 100
        drain(master, 0.02)
    settle(master)
    after = memory(child.pid)
    os.write(master, b"q")
    settle(master)
    try:
        child.wait(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        sys.exit("the app did not quit")
    print(f"after start (100,000-cell strip): VmRSS {start['VmRSS']:.1f} MiB")
    print(
        f"after {EDITS:,} edits of every kind: VmRSS {after['VmRSS']:.1f} MiB, "
        f"peak (VmHWM) {after['VmHWM']:.1f} MiB"
    )


if __name__ == "__main__":
    main()

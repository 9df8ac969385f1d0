#!/usr/bin/env python3
"""bench_startup.py: process start-up of hudrender binaries, compared in interleaved rounds.

README
------
What it does
  Times `hudrender --version` (start-up alone) and a small indicator WebP (issue 24's small clips,
  where start-up is a large share) for each binary given, and prints the median wall and CPU time
  (user + system of the process and its threads) and each binary's ratio against the first one.
  Every round runs each binary once, in an order that rotates from round to round, so a slow spell
  of the shared machine hits every binary alike; three untimed runs of each come first.
  CPU time is the steadier figure on a busy machine. Performance is measured here, never in tests.

Usage
  Scripts/bench_startup.py REF_BIN [BIN ...] [--rounds N]
  e.g. Scripts/bench_startup.py /work/ref/hudrender .build/release/hudrender --rounds 40
"""
import argparse
import os
import resource
import statistics
import subprocess
import tempfile
import time

JOBS = {
    "--version": ["--version"],
    "indicator WebP": ["indicator", "--type", "ball-pulse", "--color", "#FFFFFF", "--size", "80x80",
                       "--scale", "2", "--background", "#ED5565", "--out", "{out}/clip.webp"],
}


def run_once(command):
    """Wall and CPU milliseconds of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1e3, cpu * 1e3


def compare(binaries, arguments, rounds):
    """Per binary, the lists of wall and CPU times over `rounds` interleaved rounds."""
    times = {b: ([], []) for b in binaries}
    for b in binaries:
        for _ in range(3):
            run_once([b] + arguments)
    for r in range(rounds):
        shift = r % len(binaries)
        for b in binaries[shift:] + binaries[:shift]:
            wall, cpu = run_once([b] + arguments)
            times[b][0].append(wall)
            times[b][1].append(cpu)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binaries", nargs="+", help="hudrender binaries; the first is the reference")
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    load = open("/proc/loadavg").read().split()[:3]
    print(f"machine: {os.cpu_count()} cores, load average {' '.join(load)}; {args.rounds} rounds")
    with tempfile.TemporaryDirectory() as out:
        for name, template in JOBS.items():
            arguments = [a.replace("{out}", out) for a in template]
            times = compare(args.binaries, arguments, args.rounds)
            ref_wall, ref_cpu = (statistics.median(t) for t in times[args.binaries[0]])
            print(f"\n{name}")
            for b in args.binaries:
                wall, cpu = (statistics.median(t) for t in times[b])
                print(f"  {b}: wall {wall:.2f} ms (min {min(times[b][0]):.2f}), CPU {cpu:.2f} ms;"
                      f" reference / this: wall {ref_wall / wall:.2f}x, CPU {ref_cpu / cpu:.2f}x")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""bench_alternate.py: wall and CPU time of shell commands run alternately, for comparisons on a
shared machine, where the speed drifts from minute to minute: each round runs every command once
(the order rotating from round to round), so a slow spell hits all of them alike.

Prints, per command, the median wall and CPU (user + sys) seconds, the fastest wall time, and the
median over the rounds of the first command's wall time divided by this command's (the paired
ratio, > 1 means faster than the first command). Performance is measured here, never in unit tests.

    python3 Scripts/bench_alternate.py 41 \\
        'OLD/hudrender --style balloon --out /tmp/a.gif' '.build/release/hudrender --style balloon --out /tmp/b.gif'
"""
import resource
import statistics
import subprocess
import sys
import time


def main() -> None:
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit("usage: bench_alternate.py ROUNDS COMMAND [COMMAND...] (the first is the reference)")
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    walls = [[] for _ in commands]
    cpus = [[] for _ in commands]
    for r in range(rounds):
        order = list(range(len(commands)))
        order = order[r % len(commands):] + order[:r % len(commands)]
        for k in order:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(commands[k], shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            walls[k].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[k].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    for k, command in enumerate(commands):
        paired = statistics.median(a / b for a, b in zip(walls[0], walls[k]))
        print(f"wall {statistics.median(walls[k]):.3f} s (fastest {min(walls[k]):.3f}), "
              f"CPU {statistics.median(cpus[k]):.3f} s, paired ratio {paired:.2f}: {command}")


if __name__ == "__main__":
    main()

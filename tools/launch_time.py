"""Time from launching a command to its "first frame" line (the start-up figure).

    python tools/launch_time.py dist/parlour --selftest
    python tools/launch_time.py --runs 9 python -m app --selftest

Each run prints the wall time from launch to the line, and the line itself, which gives
the CPU time the program had used by then: on a shared machine the wall time also counts
waiting for a core, the CPU time does not. The median of the runs comes last.
"""

import os
import statistics
import subprocess
import sys
import time

runs = 3
args = sys.argv[1:]
if args[:1] == ["--runs"]:
    runs, args = int(args[1]), args[2:]
env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUNBUFFERED="1")
env.setdefault("PARLOUR_HOME", "/tmp/parlour-launch-time")
walls = []
for _ in range(runs):
    started = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=env)
    for line in process.stdout or ():
        if "first frame" in line:
            walls.append((time.perf_counter() - started) * 1000)
            print(f"{walls[-1]:.0f} ms from launch: {line.strip()}")
            break
    # SIGTERM, not SIGKILL: a one-file executable's launcher passes it on to the program
    # it unpacked, which SIGKILL would leave running.
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
if walls:
    print(f"median of {len(walls)} runs: {statistics.median(walls):.0f} ms from launch; "
          f"load average {os.getloadavg()[0]:.2f}")

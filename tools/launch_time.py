"""Time from launching a command to its "first frame" line, three runs (start-up figure).

    python tools/launch_time.py dist/parlour --selftest
    python tools/launch_time.py python -m app --selftest
"""

import os
import subprocess
import sys
import time

env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUNBUFFERED="1")
env.setdefault("PARLOUR_HOME", "/tmp/parlour-launch-time")
for _ in range(3):
    started = time.perf_counter()
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, text=True, env=env)
    for line in process.stdout or ():
        if "first frame" in line:
            print(f"{(time.perf_counter() - started) * 1000:.0f} ms from launch: {line.strip()}")
            break
    process.kill()
    process.wait()

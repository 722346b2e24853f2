"""One server to a data folder: a second ``parlour serve`` on the folder a running one uses
refuses with a clear line (it would resume the first's tables and write over its log), and
the folder is free again once the first has stopped, even killed."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from tests.net.conftest import REPO, start_server

RUN_TIMEOUT_S = 60


def second_serve(data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data),
         "--no-announce"],
        cwd=REPO, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)


def test_a_second_server_on_a_folder_in_use_refuses_and_says_why(tmp_path: Path) -> None:
    data = tmp_path / "server-data"
    first = start_server(data)
    try:
        refused = second_serve(data)
        assert refused.returncode == 1
        assert refused.stdout == "", "it never said it was listening"
        assert "another Parlour server is running on the data folder" in refused.stderr
        assert str(data) in refused.stderr
        assert first.process.poll() is None, "the first server serves on"
    finally:
        first.stop(signal.SIGKILL)
    again = start_server(data)      # killed, the first let go of the folder
    again.stop()

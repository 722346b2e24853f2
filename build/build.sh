#!/usr/bin/env bash
# Build the one-file executable dist/parlour. Run from the repository root with the
# build extra installed: pip install '.[build]' && build/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
pyinstaller --noconfirm --clean --distpath dist --workpath build/work build/parlour.spec

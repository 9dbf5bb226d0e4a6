#!/usr/bin/env bash
# Makes the MoviePy 2 virtualenv the benchmark compares against (.build-bench/venv), unless it is there.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-bench/venv
check='import sys, moviepy; sys.exit(0 if moviepy.__version__.startswith("2.") else 1)'
if "$venv/bin/python" -c "$check" 2>/dev/null; then
    exit 0
fi
echo "making $venv with MoviePy 2"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check 'moviepy>=2,<3'
"$venv/bin/python" -c "$check"

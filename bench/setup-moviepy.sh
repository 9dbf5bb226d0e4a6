#!/usr/bin/env bash
# Makes the MoviePy 2 virtualenv the benchmark compares against (.build-bench/venv), unless it is there.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/make-venv.sh .build-bench/venv \
    'import sys, moviepy; sys.exit(0 if moviepy.__version__.startswith("2.") else 1)' 'moviepy>=2,<3'

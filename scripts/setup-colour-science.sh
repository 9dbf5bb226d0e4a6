#!/usr/bin/env bash
# Makes the virtualenv with Python's colour-science package that the colour tests use as their independent
# BT.2100 HLG encoder (.build-colour/venv), unless it is there. Tests only: dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-colour/venv
check='import colour; assert colour.__version__ == "0.4.7"'
quiet=(-W ignore)
if "$venv/bin/python" "${quiet[@]}" -c "$check" 2>/dev/null; then
    exit 0
fi
echo "making $venv with colour-science"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check 'colour-science==0.4.7'
"$venv/bin/python" "${quiet[@]}" -c "$check"

#!/usr/bin/env bash
# Makes the virtualenv VENV with the PyPI packages given, unless it is there and the Python statement CHECK
# passes in it; runs CHECK again once it is made. What the set-up scripts of the tests' and the benchmark's
# Python references share.
#
#   scripts/make-venv.sh VENV CHECK PACKAGE...
set -euo pipefail
venv=$1
check=$2
shift 2
if "$venv/bin/python" -W ignore -c "$check" 2>/dev/null; then
    exit 0
fi
echo "making $venv with $*"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "$@"
"$venv/bin/python" -W ignore -c "$check"

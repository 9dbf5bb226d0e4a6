#!/usr/bin/env bash
# Makes the virtualenv with WsgiDAV (a WebDAV server of another make than nginx, on cheroot) in
# .build-stores/venv, unless it is there: the segment-store tests run dvpipe's --cache URL against it.
# Tests only: dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-stores/venv
check='import wsgidav, cheroot; assert wsgidav.__version__ == "4.4.0"'
if "$venv/bin/python" -c "$check" 2>/dev/null; then
    exit 0
fi
echo "making $venv with WsgiDAV"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check 'wsgidav==4.4.0' 'cheroot==11.1.2'
"$venv/bin/python" -c "$check"

#!/usr/bin/env bash
# Makes the virtualenv with WsgiDAV (a WebDAV server of another make than nginx, on cheroot) in
# .build-stores/venv, unless it is there: the segment-store tests run dvpipe's --cache URL against it.
# Tests only: dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/make-venv.sh .build-stores/venv 'import wsgidav, cheroot; assert wsgidav.__version__ == "4.4.0"' 'wsgidav==4.4.0' 'cheroot==11.1.2'

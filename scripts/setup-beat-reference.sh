#!/usr/bin/env bash
# Makes the virtualenv with librosa (whose beat tracker is one of the two references for dvpipe's, beside
# Debian's aubiotrack) and mir_eval (which scores beats against beats) in .build-beats/venv, unless it is
# there. Tests only (Tests/DVPipeTests/BeatReferenceTests): dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/make-venv.sh .build-beats/venv \
    'import librosa, mir_eval; assert librosa.__version__ == "0.10.2.post1" and mir_eval.__version__ == "0.8.2"' \
    'librosa==0.10.2.post1' 'mir_eval==0.8.2'

#!/usr/bin/env bash
# Makes the virtualenv with Python's colour-science package and Pillow that the colour tests use as their
# independent references (.build-colour/venv), unless it is there: colour-science as the BT.2100 HLG encoder,
# Pillow's ImageCms (LittleCMS) to put pictures into Display P3 and Adobe RGB, pillow-heif (its own libheif
# 1.20, which reads the iPhone HEICs with a gain map that Debian's libheif 1.15 refuses) to show HEICs. Tests
# only: dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/make-venv.sh .build-colour/venv \
    'import colour, PIL, PIL.ImageCms, pillow_heif; assert colour.__version__ == "0.4.7" and PIL.__version__ == "11.3.0" and pillow_heif.__version__ == "1.1.1"' \
    'colour-science==0.4.7' 'pillow==11.3.0' 'pillow-heif==1.1.1'

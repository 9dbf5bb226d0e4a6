#!/usr/bin/env bash
# Makes the virtualenv with OpenCV (opencv-python-headless, whose Haar cascade detector is the independent
# reference for dvpipe's face finding) and scikit-image (whose astronaut photograph is the tests' face) in
# .build-faces/venv, unless it is there. Tests only: dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/make-venv.sh .build-faces/venv \
    'import cv2, skimage, skimage.data; assert cv2.__version__ == "4.14.0" and skimage.__version__ == "0.26.0"; skimage.data.astronaut()' \
    'opencv-python-headless==4.14.0.94' 'scikit-image==0.26.0'

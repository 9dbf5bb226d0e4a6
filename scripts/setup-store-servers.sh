#!/usr/bin/env bash
# Makes the virtualenv in .build-stores/venv, unless it is there with the versions below: WsgiDAV (a WebDAV
# server of another make than nginx, on cheroot) for the segment-store tests, which run dvpipe's --cache URL
# against it; moto's S3 server and botocore for the S3 tests, which list a bucket on moto and check
# dvpipe's AWS Signature V4 against botocore's signer (botocore, and boto3 which moto needs, pinned to the
# versions moto 5.2.1 resolved from PyPI).
# Tests only: dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/make-venv.sh .build-stores/venv \
    'import wsgidav, cheroot, moto, botocore; assert wsgidav.__version__ == "4.4.0" and moto.__version__ == "5.2.1" and botocore.__version__ == "1.44.8"' \
    'wsgidav==4.4.0' 'cheroot==11.1.2' 'moto[server]==5.2.1' 'botocore==1.44.8' 'boto3==1.44.8'

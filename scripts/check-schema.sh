#!/usr/bin/env bash
# Runs scripts/check-schema.py (same arguments) with the first Python that can import jsonschema and
# PyYAML: Debian's /usr/bin/python3, where `make test` installs python3-jsonschema and python3-yaml,
# then the python3 on PATH (a pyenv or virtualenv one may lack them). Exits 3, saying so, if none can.
set -euo pipefail
candidates=(/usr/bin/python3 python3)
for python in "${candidates[@]}"; do
    if "$python" -c 'import jsonschema, yaml' 2>/dev/null; then
        exec "$python" "$(dirname "$0")/check-schema.py" "$@"
    fi
done
echo "check-schema.sh: no Python with jsonschema and PyYAML (tried ${candidates[*]}):" \
    "run \`make test\`, or apt-get install python3-jsonschema python3-yaml" >&2
exit 3

#!/usr/bin/env python3
"""Validates job files against schemas/job.schema.json (JSON Schema 2020-12).

Usage: scripts/check-schema.py SCHEMA JOB...
Prints one JSON object: {"JOB": ["problem", ...], ...}; an empty list means the file is valid.
YAML is read the way dvpipe reads it (YAML 1.2 scalars): dates stay strings, `yes`/`no` stay strings,
`16:9` is not a base-60 number. Needs jsonschema and PyYAML (Debian: python3-jsonschema, python3-yaml;
`make test` installs them); scripts/check-schema.sh runs this with a python3 that has them.
"""
import json
import re
import sys

import jsonschema
import yaml


class JobYAMLLoader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core-schema booleans, integers and floats, and no timestamps."""


JobYAMLLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers
            if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
                           "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
JobYAMLLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
JobYAMLLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
JobYAMLLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float", re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$"),
    list("-+0123456789."))


def problems(validator, path):
    try:
        with open(path, "rb") as handle:
            document = yaml.load(handle, Loader=JobYAMLLoader)
    except (yaml.YAMLError, UnicodeDecodeError, ValueError) as error:
        return [f"YAML: {error}".splitlines()[0]]
    return [f"{'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message}"
            for error in validator.iter_errors(document)]


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    with open(sys.argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    print(json.dumps({path: problems(validator, path) for path in sys.argv[2:]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The architecture check `make lint` runs: counts what docs/architecture.md and CONTRIBUTING.md promise
and fails when a count passes its limit.

- imports against the layering: every `import` of a target of this package (or of a C module it wraps)
  must be one the targets table of docs/architecture.md lists in that target's "imports" column (test
  targets, `…Tests`, may import any target);
- concurrency tools outside Sources/DVRuntime: threads, Dispatch, NSCondition/NSLock, pthreads, tasks and
  async/await (the sources use DVRuntime's lanes and bounded queue, `Mutex` and `Atomic` instead);
- `@unchecked Sendable` in Sources: at most UNCHECKED_LIMIT, each with a comment that says why;
- `public` outside the product API: only DVPlanning (the library product) and DVMediaFacts, which it
  re-exports, declare `public` things,
  besides the `@_spi(Fuzzing)` entry points the fuzz package (Fuzz/) reads through (in files named
  `…Fuzzing.swift`, whose members are public with their type).

Usage: scripts/check-architecture.py [--root DIR]   (default: the repository)
       scripts/check-architecture.py --self-test    (each rule shown to catch a planted violation)
"""

import argparse
import re
import sys
import tempfile
from pathlib import Path

UNCHECKED_LIMIT = 5
PRODUCT_API_TARGETS = {"DVPlanning", "DVMediaFacts"}
RUNTIME_TARGET = "DVRuntime"
# Modules that are not this package's targets: the toolchain's and swift-argument-parser.
OUTSIDE_MODULES = {"Foundation", "FoundationEssentials", "FoundationXML", "Glibc", "Synchronization", "Testing", "XCTest"}

CONCURRENCY = re.compile(
    r"\bThread\b|\bDispatch[A-Z]\w*|\bimport Dispatch\b|\bNSCondition\b|\bNSLock\b|\bNSRecursiveLock\b|"
    r"\bOperationQueue\b|\bpthread_\w+|\bconcurrentPerform\b|\bTaskGroup\b|\bwith\w*TaskGroup\b|"
    r"\bwith\w*Continuation\b|\b\w*Continuation<|\bTask\s*\{|\bTask\s*\(|\bTask\.\w+|\basync\b|\bawait\b"
)
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:\w+\s+)?(\w+)")
PUBLIC = re.compile(r"\bpublic\b(?!\()|\bopen\s+(?:class|func|var|subscript|static|override|init)\b")
SPI = re.compile(r"@_spi\(Fuzzing\)")


def code_lines(path):
    """The file's lines with comments and string literals blanked, numbered from 1."""
    text = path.read_text(encoding="utf-8")
    out, depth, in_string = [], 0, None
    for number, line in enumerate(text.split("\n"), start=1):
        kept, i = [], 0
        while i < len(line):
            if depth:
                if line.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                elif line.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                else:
                    i += 1
                continue
            if in_string:
                if line.startswith(in_string, i):
                    i, in_string = i + len(in_string), None
                    kept.append('""')
                elif line[i] == "\\":
                    i += 2
                else:
                    i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                depth, i = 1, i + 2
            elif line.startswith('"""', i):
                in_string, i = '"""', i + 3
            elif line[i] == '"':
                in_string, i = '"', i + 1
            else:
                kept.append(line[i])
                i += 1
        if in_string == '"':
            in_string = None
        out.append((number, "".join(kept), line))
    return out


def layering(root):
    """Each target's allowed imports, from the targets table of docs/architecture.md."""
    allowed, names = {}, []
    table = False
    for line in (root / "docs/architecture.md").read_text(encoding="utf-8").split("\n"):
        if line.startswith("## "):
            table = line.startswith("## Targets")
            continue
        if not table or not line.startswith("|") or line.startswith("| ---") or line.startswith("| target"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3:
            continue
        targets = re.findall(r"`(\w+)`", cells[0])
        imports = set(re.findall(r"`(\w+)`", cells[2]))
        everything = "everything" in cells[2]
        for target in targets:
            allowed[target] = None if everything else imports
            names.append(target)
    return allowed


def package_modules(root):
    return {p.name for base in ("Sources", "Tests") if (root / base).is_dir() for p in (root / base).iterdir() if p.is_dir()}


def check(root):
    """The counts and the problems found under `root`."""
    allowed = layering(root)
    modules = package_modules(root)
    problems, counts = [], {"layering": 0, "concurrency": 0, "unchecked": 0, "public": 0}
    for base in ("Sources", "Tests"):
        for folder in sorted((root / base).iterdir()) if (root / base).is_dir() else []:
            if not folder.is_dir():
                continue
            target = folder.name
            for path in sorted(folder.rglob("*.swift")):
                relative = path.relative_to(root)
                lines = code_lines(path)
                # A fuzz entry point's file: an `@_spi(Fuzzing)` type whose members are public with it.
                fuzz_file = path.name.endswith("Fuzzing.swift") and any(SPI.search(code) for _, code, _ in lines)
                for index, (number, code, raw) in enumerate(lines):
                    where = f"{relative}:{number}"
                    imported = IMPORT.match(code)
                    if imported and imported.group(1) in modules and imported.group(1) != target:
                        module = imported.group(1)
                        if target.endswith("Tests"):
                            pass
                        elif target not in allowed:
                            counts["layering"] += 1
                            problems.append(f"{where}: {target} is not in the targets table of docs/architecture.md")
                        elif allowed[target] is not None and module not in allowed[target]:
                            counts["layering"] += 1
                            problems.append(f"{where}: {target} imports {module}, which docs/architecture.md does not let it import")
                    if base != "Sources":
                        continue
                    if target != RUNTIME_TARGET and CONCURRENCY.search(code):
                        counts["concurrency"] += 1
                        problems.append(f"{where}: a concurrency tool outside {RUNTIME_TARGET}: {raw.strip()}")
                    if "@unchecked Sendable" in code:
                        counts["unchecked"] += 1
                        before = lines[index - 1][2].strip() if index else ""
                        if "//" not in raw and not before.startswith("//"):
                            problems.append(f"{where}: @unchecked Sendable without a comment that says why")
                    if target not in PRODUCT_API_TARGETS and PUBLIC.search(code) and not imported:
                        above = lines[index - 1][1].strip() if index else ""
                        spi = SPI.search(code) or (SPI.search(above) and not PUBLIC.search(above))
                        if not spi and not fuzz_file:
                            counts["public"] += 1
                            problems.append(f"{where}: `public` outside the product API (use `package`)")
    if counts["unchecked"] > UNCHECKED_LIMIT:
        problems.append(f"{counts['unchecked']} @unchecked Sendable in Sources, more than {UNCHECKED_LIMIT}")
    return counts, problems


def report(root):
    counts, problems = check(root)
    for problem in problems:
        print(problem)
    print(
        f"architecture: {counts['layering']} imports against the layering, {counts['concurrency']} concurrency tools outside "
        f"{RUNTIME_TARGET}, {counts['unchecked']} @unchecked Sendable (at most {UNCHECKED_LIMIT}), "
        f"{counts['public']} `public` outside the product API"
    )
    return 1 if problems else 0


def self_test():
    """Plants one violation of each rule in a small tree and checks that each is found, and that a clean tree passes."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "docs").mkdir()
        (root / "docs/architecture.md").write_text(
            "## Targets\n| target | job | imports |\n| --- | --- | --- |\n"
            "| `DVRuntime` | lanes | nothing |\n| `DVPlanning` | plans | `DVRuntime` |\n| `DVMedia` | media | `DVRuntime` |\n"
            "## Next\n",
            encoding="utf-8",
        )
        for target in ("DVRuntime", "DVPlanning", "DVMedia"):
            (root / "Sources" / target).mkdir(parents=True)
        (root / "Sources/DVRuntime/Lane.swift").write_text("import Glibc\nfinal class Lane { let t = Thread() }\n", encoding="utf-8")
        (root / "Sources/DVPlanning/Plan.swift").write_text("public struct Plan {}\n", encoding="utf-8")
        media = root / "Sources/DVMedia/Clip.swift"
        clean = (
            "import DVRuntime\n/// \"Thread\" in a comment, public too.\npackage struct Clip { let s = \"await Thread\" }\n"
            "// Handed from one thread to the next.\nfinal class Box: @unchecked Sendable {}\n"
            "@_spi(Fuzzing) public func fuzzed() {}\n"
        )
        media.write_text(clean, encoding="utf-8")
        counts, problems = check(root)
        assert not problems and counts == {"layering": 0, "concurrency": 0, "unchecked": 1, "public": 0}, (counts, problems)
        planted = {
            "layering": "import DVPlanning\n",
            "concurrency": "func f() { DispatchQueue.global().async {} }\n",
            "public": "public struct Leak {}\n",
        }
        for rule, line in planted.items():
            media.write_text(clean + line, encoding="utf-8")
            counts, problems = check(root)
            assert counts[rule] == 1 and len(problems) == 1, (rule, counts, problems)
        media.write_text(clean + "final class Bare: @unchecked Sendable {}\n", encoding="utf-8")
        counts, problems = check(root)
        assert counts["unchecked"] == 2 and len(problems) == 1 and "without a comment" in problems[0], problems
        media.write_text(clean + "".join(f"// Why.\nfinal class B{n}: @unchecked Sendable {{}}\n" for n in range(UNCHECKED_LIMIT)), encoding="utf-8")
        counts, problems = check(root)
        assert len(problems) == 1 and "more than" in problems[0], problems
    print("check-architecture self-test: each rule caught its planted violation")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--self-test", action="store_true")
    arguments = parser.parse_args()
    return self_test() if arguments.self_test else report(arguments.root)


if __name__ == "__main__":
    sys.exit(main())

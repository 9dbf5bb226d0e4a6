#!/usr/bin/env python3
"""dvpipe's fault campaign: injects faults into real runs of the demo job and checks that every recovery
gives the bytes of an undisturbed run and that every corruption is named.

Faults, drawn in turn with parameters from a seeded generator: kill -9 and Ctrl-C at random points of
`run`, `render --shard` and `assemble`; two writers on one work folder with one killed; flipped and
truncated segments, deleted and garbage records in the work folder, the local cache folder and a remote
segment store (scripts/faulty-store.py); a full disk (a small tmpfs, or a file-size limit where mounting
is not allowed); a store that is down, answers 500s or 429s, or hangs; the library on a WebDAV server
(rclone serve webdav) behind scripts/library-proxy.py, which answers its first requests with a 500, a 429
with Retry-After, no answer, half a body or a Content-Range for other bytes (each within dvpipe's tries:
the reel must be the folder's, with no warning and no credential shown).

    scripts/fault-campaign.py --dvpipe .build/release/dvpipe --count 120 --seed 7 --report bench/faults.md

Every line dvpipe prints on standard error is read too: a message that names one file twice (by its path or
its name) counts against the campaign.

Exit status 0 when every fault recovered to the right bytes, every corruption was named and no message named
a file twice, 1 otherwise.
"""
import argparse
import contextlib
import hashlib
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = [
    "kill-run", "interrupt-run", "kill-shard", "kill-assemble", "two-writers-one-killed",
    "work-flip", "work-truncate", "work-record-deleted", "work-record-garbage",
    "cache-flip", "cache-truncate", "cache-record-garbage",
    "store-flip", "store-truncate", "store-blob-deleted", "store-record-garbage",
    "store-down", "store-500", "store-429", "store-hang", "disk-full",
    "library-500", "library-429", "library-drop", "library-truncate", "library-content-range",
]
# Sent to the library's server by every library fault; no message may show it.
LIBRARY_TOKEN = "campaign-token-5e1f"
CORRUPTIONS = {
    "work-flip", "work-truncate", "work-record-garbage", "cache-flip", "cache-truncate", "cache-record-garbage",
    "store-flip", "store-truncate", "store-blob-deleted", "store-record-garbage",
}


# A file as a message names it: an absolute path, or a name with a media, manifest or font extension.
FILE_NAME = re.compile(r"(?<![:/\w])/[^\s:;,()'\"]+|[\w.-]+\.(?:mp4|mov|jpg|jpeg|heic|m4a|aac|json|yaml|cube|ttf|png)\b")


def repeated_files(line):
    """The files `line` names more than once, by their last path component."""
    names = [match.rstrip(".").rsplit("/", 1)[-1] for match in FILE_NAME.findall(line)]
    return sorted({name for name in names if name and names.count(name) > 1})


def sha256(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


class Campaign:
    def __init__(self, dvpipe, seed, scratch):
        self.dvpipe = os.path.abspath(dvpipe)
        self.random = random.Random(seed)
        self.scratch = scratch
        self.environment = dict(os.environ, DVPIPE_CACHE="off", GITHUB_ACTIONS="false", DVPIPE_CACHE_TIMEOUT="1")
        self.messages = []
        self.base = os.path.join(scratch, "base")
        self.call(["demo", self.base])
        started = time.monotonic()
        reference = self.project("reference")
        self.call(["run", self.job(reference)])
        self.run_seconds = time.monotonic() - started
        self.reference = sha256(self.output(reference))
        self.trials = 0
        self.landed = False
        self.disk = None

    # Projects, commands and outputs

    def project(self, name, parent=None):
        folder = os.path.join(parent or self.scratch, name)
        shutil.copytree(self.base, os.path.join(folder, "demo"))
        return folder

    @staticmethod
    def job(project):
        return os.path.join(project, "demo", "demo.yaml")

    @staticmethod
    def output(project):
        return os.path.join(project, "out", "demo.mp4")

    @staticmethod
    def work(project):
        return os.path.join(project, "demo", ".dvpipe", "demo")

    def arguments(self, arguments):
        return [self.dvpipe] + arguments + (["--progress", "none"] if arguments[0] in ("run", "render", "assemble") else [])

    def call(self, arguments, check=True, limit=None):
        def limited():
            if limit:
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        done = subprocess.run(self.arguments(arguments), env=self.environment, capture_output=True, text=True,
                              preexec_fn=limited if limit else None, timeout=600)
        self.messages += done.stderr.splitlines()
        if check and done.returncode != 0:
            raise RuntimeError(f"dvpipe {' '.join(arguments)} exited {done.returncode}: {done.stderr}")
        return done

    def start(self, arguments):
        return subprocess.Popen(self.arguments(arguments), env=self.environment, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)

    def stop_at_random(self, process, sig, longest=None):
        time.sleep(self.random.uniform(0.05, longest or self.run_seconds))
        if process.poll() is None:
            process.send_signal(sig)
            self.landed = True
        process.communicate(timeout=600)
        return process.returncode

    def output_is_whole_or_absent(self, project):
        path = self.output(project)
        return not os.path.exists(path) or sha256(path) == self.reference

    def segments(self, folder):
        names = sorted(name for name in os.listdir(folder) if name.endswith(".mp4") and not name.startswith("."))
        return [os.path.join(folder, name) for name in names]

    # Damage

    def damage(self, path, how):
        with open(path, "rb") as file:
            data = bytearray(file.read())
        if how == "flip":
            data[self.random.randrange(len(data))] ^= 1 << self.random.randrange(8)
        elif how == "truncate":
            data = data[: self.random.randrange(len(data))]
        else:
            data = bytearray(b"\x00garbage" * self.random.randint(1, 40))
        with open(path, "wb") as file:
            file.write(data)

    # The faults: each returns (bytes right, recovered, corruption named or None when not a corruption)

    def kill_run(self, trial, sig):
        project = self.project("p", trial)
        code = self.stop_at_random(self.start(["run", self.job(project)]), sig)
        whole = self.output_is_whole_or_absent(project)
        if sig == signal.SIGINT and code not in (0, 130):
            return False, False, None
        self.call(["run", self.job(project)])
        return whole and sha256(self.output(project)) == self.reference, True, None

    def kill_shard(self, trial):
        project = self.project("p", trial)
        shards = [self.start(["render", self.job(project), "--shard", f"{k}/2"]) for k in (1, 2)]
        victim = self.random.randrange(2)
        self.stop_at_random(shards[victim], signal.SIGKILL, self.run_seconds * 0.7)
        shards[1 - victim].communicate(timeout=600)
        self.call(["render", self.job(project), "--shard", f"{victim + 1}/2"])
        self.call(["assemble", self.job(project)])
        return sha256(self.output(project)) == self.reference, True, None

    def kill_assemble(self, trial):
        project = self.project("p", trial)
        self.call(["render", self.job(project)])
        self.stop_at_random(self.start(["assemble", self.job(project)]), signal.SIGKILL, 0.6)
        whole = self.output_is_whole_or_absent(project)
        self.call(["assemble", self.job(project)])
        return whole and sha256(self.output(project)) == self.reference, True, None

    def two_writers(self, trial):
        project = self.project("p", trial)
        writers = [self.start(["run", self.job(project)]) for _ in range(2)]
        victim = self.random.randrange(2)
        self.stop_at_random(writers[victim], signal.SIGKILL)
        writers[1 - victim].communicate(timeout=600)
        survivor = writers[1 - victim].returncode == 0 and sha256(self.output(project)) == self.reference
        self.call(["run", self.job(project)])
        return survivor and sha256(self.output(project)) == self.reference, True, None

    def work_damage(self, trial, how):
        project = self.project("p", trial)
        self.call(["run", self.job(project)])
        segment = self.random.choice(self.segments(os.path.join(self.work(project), "segments")))
        target = segment[:-4] + ".json" if how in ("garbage", "deleted") else segment
        if how == "deleted":
            os.unlink(target)
        else:
            self.damage(target, how)
        os.unlink(self.output(project))
        done = self.call(["run", self.job(project)])
        named = None if how == "deleted" else os.path.basename(segment)[:-4] in done.stderr
        return sha256(self.output(project)) == self.reference, True, named

    def cache_damage(self, trial, how):
        cache = os.path.join(trial, "cache")
        first = self.project("first", trial)
        self.call(["run", self.job(first), "--cache", cache])
        segment = self.random.choice(self.segments(os.path.join(cache, "segments")))
        self.damage(segment[:-4] + ".json" if how == "garbage" else segment, how)
        project = self.project("p", trial)
        done = self.call(["run", self.job(project), "--cache", cache])
        named = os.path.basename(segment)[:-4] in done.stderr
        return sha256(self.output(project)) == self.reference, True, named

    @contextlib.contextmanager
    def store(self, folder, *arguments):
        server = subprocess.Popen([sys.executable, os.path.join(HERE, "faulty-store.py"), folder, *arguments],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            yield f"http://127.0.0.1:{server.stdout.readline().strip()}/dvpipe/"
        finally:
            server.kill()
            server.wait()

    def store_damage(self, trial, how):
        folder = os.path.join(trial, "store")
        with self.store(folder) as url:
            self.call(["run", self.job(self.project("first", trial)), "--cache", url])
            records = sorted(os.listdir(os.path.join(folder, "dvpipe", "ac")))
            record = os.path.join(folder, "dvpipe", "ac", self.random.choice(records))
            with open(record) as file:
                blob = os.path.join(folder, "dvpipe", "cas", json.load(file)["fileHash"])
            if how == "deleted":
                os.unlink(blob)
            else:
                self.damage(record if how == "garbage" else blob, how)
            project = self.project("p", trial)
            done = self.call(["run", self.job(project), "--cache", url])
            named = os.path.basename(blob) in done.stderr or os.path.basename(record) in done.stderr
            return sha256(self.output(project)) == self.reference, True, named

    def store_failing(self, trial, fault):
        folder = os.path.join(trial, "store")
        project = self.project("p", trial)
        if fault == "down":
            with self.store(folder) as url:
                pass
            done = self.call(["run", self.job(project), "--cache", url])
        else:
            extra = ["--retry-after", "1", "--count", str(self.random.randint(1, 3))] if fault == "429" else ["--count", "100000"]
            with self.store(folder, "--fault", fault, *extra) as url:
                done = self.call(["run", self.job(project), "--cache", url])
        if fault == "429":
            # Waited out: no warning, and every segment stored once the 429s have passed.
            stored = os.path.isdir(os.path.join(folder, "dvpipe", "ac")) and len(os.listdir(os.path.join(folder, "dvpipe", "ac"))) > 0
            warned = stored and "going on without it" not in done.stderr
        else:
            warned = f"segment store {url}" in done.stderr
        return sha256(self.output(project)) == self.reference and warned, True, None

    @contextlib.contextmanager
    def library_server(self, folder, *arguments):
        """The demo library on rclone's WebDAV behind library-proxy.py with `arguments`: the proxy's address."""
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = str(probe.getsockname()[1])
        rclone = subprocess.Popen(["rclone", "serve", "webdav", folder, "--addr", f"127.0.0.1:{port}", "--read-only", "--config", "/dev/null"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        proxy = subprocess.Popen([sys.executable, os.path.join(HERE, "library-proxy.py"), f"http://127.0.0.1:{port}", *arguments],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    socket.create_connection(("127.0.0.1", int(port)), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("rclone serve webdav did not start")
                    time.sleep(0.1)
            yield f"http://127.0.0.1:{proxy.stdout.readline().strip()}/"
        finally:
            for process in (proxy, rclone):
                process.kill()
                process.wait()

    def library_failing(self, trial, fault):
        project = self.project("p", trial)
        job = self.job(project)
        count = str(self.random.randint(1, 3))
        extra = ["--retry-after", "1"] if fault == "429" else []
        with self.library_server(os.path.join(project, "demo", "library"), "--fault", fault, "--count", count, *extra) as url:
            with open(job) as file:
                text = file.read()
            with open(job, "w") as file:
                file.write(text.replace("paths: [library]", f'paths: ["{url}"]'))
            self.environment["DVPIPE_LIBRARY_HEADER"] = f"Authorization: Bearer {LIBRARY_TOKEN}"
            try:
                done = self.call(["run", job])
            finally:
                del self.environment["DVPIPE_LIBRARY_HEADER"]
        quiet = "warning" not in done.stderr and LIBRARY_TOKEN not in done.stderr + done.stdout
        return sha256(self.output(project)) == self.reference and quiet, True, None

    def disk_full(self, trial):
        mount = os.path.join(trial, "disk")
        os.makedirs(mount)
        size_kb = self.random.randint(1600, 5400)
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", mount],
                                 capture_output=True).returncode == 0
        try:
            project = self.project("p", mount) if mounted else self.project("p", trial)
        except OSError:
            project = None
        try:
            if project is not None:
                limit = None if mounted else size_kb * 256
                self.landed = self.call(["run", self.job(project)], check=False, limit=limit).returncode != 0
                self.disk = "a tmpfs" if mounted else "a file-size limit"
                whole = self.output_is_whole_or_absent(project)
                if mounted:
                    subprocess.run(["mount", "-o", "remount,size=64m", mount], check=True)
                self.call(["run", self.job(project)])
                return whole and sha256(self.output(project)) == self.reference, True, None
            return True, True, None
        finally:
            if mounted:
                subprocess.run(["umount", "-l", mount])

    def run_fault(self, kind):
        self.trials += 1
        self.landed = not (kind.startswith("kill-") or kind in ("interrupt-run", "two-writers-one-killed", "disk-full"))
        trial = os.path.join(self.scratch, f"trial-{self.trials}")
        os.makedirs(trial)
        try:
            if kind == "kill-run":
                return self.kill_run(trial, signal.SIGKILL)
            if kind == "interrupt-run":
                return self.kill_run(trial, signal.SIGINT)
            if kind == "kill-shard":
                return self.kill_shard(trial)
            if kind == "kill-assemble":
                return self.kill_assemble(trial)
            if kind == "two-writers-one-killed":
                return self.two_writers(trial)
            # The damage kinds end in what is done: flip, truncate, deleted or garbage.
            how = kind.rsplit("-", 1)[1]
            if kind.startswith("work-"):
                return self.work_damage(trial, how)
            if kind.startswith("cache-"):
                return self.cache_damage(trial, how)
            if kind in CORRUPTIONS:  # the store's (the work folder's and the cache's are handled above)
                return self.store_damage(trial, how)
            if kind.startswith("store-"):
                return self.store_failing(trial, how)
            if kind.startswith("library-"):
                return self.library_failing(trial, kind.split("-", 1)[1])
            return self.disk_full(trial)
        finally:
            shutil.rmtree(trial, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dvpipe", required=True, help="the dvpipe binary")
    parser.add_argument("--count", type=int, default=len(KINDS), help="faults to inject (each kind in turn)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report", help="write the figures here as Markdown")
    arguments = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dvpipe-faults-") as scratch:
        campaign = Campaign(arguments.dvpipe, arguments.seed, scratch)
        order = KINDS[:]
        campaign.random.shuffle(order)
        # faults, wrong bytes, failed recoveries, corruptions, named, landed (a kill before the end, a run the full disk failed)
        results = {kind: [0, 0, 0, 0, 0, 0] for kind in KINDS}
        for index in range(arguments.count):
            kind = order[index % len(order)]
            try:
                right, recovered, named = campaign.run_fault(kind)
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                right, recovered, named = True, False, None
                print(f"  {kind}: {error}", file=sys.stderr)
            row = results[kind]
            row[5] += 1 if campaign.landed else 0
            row[0] += 1
            row[1] += 0 if right else 1
            row[2] += 0 if recovered else 1
            if kind in CORRUPTIONS:
                row[3] += 1
                row[4] += 1 if named else 0
            print(f"fault {index + 1}/{arguments.count}: {kind}{'' if campaign.landed else ' (ended before the fault)'}: "
                  f"{'right bytes' if right else 'WRONG BYTES'}, {'recovered' if recovered else 'NOT RECOVERED'}"
                  f"{'' if named is None else (', named' if named else ', NOT NAMED')}", flush=True)
    totals = [sum(row[i] for row in results.values()) for i in range(6)]
    minutes = (time.monotonic() - started) / 60
    twice = [line for line in campaign.messages if repeated_files(line)]
    for line in twice:
        print(f"  a message names a file twice: {line}", file=sys.stderr)
    lines = [
        f"Fault campaign: {totals[0]} faults (seed {arguments.seed}, {minutes:.1f} min): {totals[1]} wrong bytes, "
        f"{totals[2]} failed recoveries, {totals[4]} of {totals[3]} corruptions named; {totals[5]} landed on a live "
        f"process or a full disk{'' if campaign.disk is None else f' (the disk filled is {campaign.disk})'}; "
        f"{len(twice)} of {len(campaign.messages)} messages name a file twice.",
        "",
        "| fault | injected | landed | wrong bytes | failed recoveries | corruptions named |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for kind in KINDS:
        row = results[kind]
        if row[0]:
            named = f"{row[4]} of {row[3]}" if kind in CORRUPTIONS else "-"
            lines.append(f"| {kind} | {row[0]} | {row[5]} | {row[1]} | {row[2]} | {named} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if arguments.report:
        with open(arguments.report, "w") as file:
            file.write(text)
    return 0 if totals[1] == 0 and totals[2] == 0 and totals[4] == totals[3] and not twice else 1


if __name__ == "__main__":
    sys.exit(main())

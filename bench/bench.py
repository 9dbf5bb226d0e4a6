#!/usr/bin/env python3
"""dvpipe's benchmark: dvpipe against one ffmpeg CLI filtergraph and MoviePy 2.

`make bench` installs what this needs (ffmpeg, GNU time, the MoviePy virtualenv), builds dvpipe in
release mode and runs this script, which:

1. writes the reference library with `dvpipe demo --reference` (31 days, one 4 s clip a day, six
   formats cycling, each with a tone) unless bench/work already holds it;
2. renders the reference job with dvpipe, the ffmpeg CLI and MoviePy, in alternation, BENCH_RUNS
   times each (default 3), timing every run with GNU time (wall, user + system CPU, peak RSS) and
   sampling the summed RSS of all the run's processes;
3. libx264 alone on the reference reel's own frames, decoded beforehand, with dvpipe's encoder
   settings: what the encoding alone costs on this machine, the floor for any renderer that encodes
   the reel with those settings;
4. the extra dvpipe scenarios: the 365-day reel (the ffmpeg CLI too, stopped past a bound),
   an incremental re-render after one pin changed, a resume after a kill at 50%, and a warm
   `dvpipe plan` of a 365-day job over a 20,000-file index;
5. content identity, on the 365-day library: a fresh runner (library and work folder copied
   to another path with new modification times, then `dvpipe run`), the two identities a clip could have
   (dvpipe's window digest, its `identify` stage there, against a whole-file SHA-256 of the same files),
   and the year job after its twelve month jobs sharing one cache; and the reference library on a WebDAV
   server (rclone behind `scripts/library-proxy.py`, 20 ms added to every request): the render against the
   same from disk in alternation, the bytes fetched against the bytes of the windows' packets, and four
   shards, each counted for the clips it fetched;
6. colour: the reference clips made (untimed, by the ffmpeg CLI's zscale and libx265) into HEVC
   10-bit HLG BT.2020 and HEVC 10-bit BT.709, both rendered by dvpipe in alternation, so only the colour
   path differs: tone mapping through the 10-bit cube against libswscale alone;
   Codecs: the reference job encoded as h264, hevc and av1 and as a 10-bit HLG reel in hevc by dvpipe in
   alternation, and each encoder alone (ffmpeg CLI, dvpipe's settings) on the h264 reel's frames: what
   each codec costs against x264, and HLG against SDR;
7. shards: the reference job in 1, 2 and 4 shards, each count in a fresh work folder, its shards
   rendered one after another and timed each, then assembled: each shard's wall, the slowest against
   the mean, and the critical path a cluster would see (slowest shard + assembly) against one process;
8. the best moment: the reference job with `start: auto`, cold (every clip analysed, then the
   reel rendered) against the plain reference render, and its warm plan (analyses kept) against the
   plain job's warm plan;
9. layers: every reference day split, its clip on the left and the next day's on the right
   (`days.<date>.layers`, `layout: split-h`), by dvpipe and by the ffmpeg CLI (hstack), in alternation;
10. several outputs: the first BENCH_OUTPUT_DAYS (default 10) reference days in three shapes
   (1920×1080 contained, 1080×1920 and 1080×1080 covered) by one dvpipe job with `outputs:`, by three
   one-output dvpipe jobs (summed), and by the ffmpeg CLI with one filtergraph that `split`s each clip
   into the three scales and `asplit`s the sound into three encoders, in alternation;
11. framing: the reference job rendered 1080×1920 with `fit: subject` and with `fit: cover`, in
   alternation, and the subject job's warm plan;
12. photo days: 31 days of one 12 MP still each (JPEG and HEIC, made once by the ffmpeg CLI and heif-enc),
   `motion: auto`, 1920×1080@30, rendered by dvpipe and, after each render, libx264 alone on its frames: the
   paired ratios; then days of 48 MP HEIC and 100 MP JPEG stills for the peak RSS (BENCH_ONLY=photos runs these
   alone and replaces their section of results.md);
13. writes bench/results.md (the README quotes three of its numbers).

Every dvpipe run has the shared cache off (DVPIPE_CACHE=off) but the months' and the year's after them,
which name a cache of their own.

Medians only count runs that produced a correct file (probed: 1920x1080, with sound, the expected
length). A tool that fails is shown as failed; nothing is made up.

Environment: BENCH_RUNS (runs per tool, default 3), BENCH_RUNS_365 (default 1), BENCH_SKIP
(comma-separated: reference (which skips incremental, resume and moments too), moviepy, floor, year, incremental, resume,
index, identity, store, months, hdr, codecs, shards, server, moments, layers, outputs, subject, photos; identity, store
and months use the 365-day library and the year's render, so skipping year skips them), BENCH_RUNS_MOVIEPY (default
BENCH_RUNS; MoviePy takes minutes a run), BENCH_BOUND_365 (seconds before the
ffmpeg CLI's 365-day run is stopped; default twice dvpipe's time, or 1800 s), BENCH_MEM_BOUND_MB
(summed RSS above which a run is stopped, default 16000), BENCH_INDEX_FILES (default 20000);
BENCH_OUTPUT_DAYS (10: the ffmpeg CLI's three-shape graph of the
31 days holds far more than BENCH_MEM_BOUND_MB); BENCH_DAYS and BENCH_YEAR_DAYS (31 and 365) shrink the
libraries to check the harness quickly.
"""

import datetime
import hashlib
import json
import os
import platform
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import reel_ffmpeg  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
WORK = BENCH / "work"
VENV = ROOT / ".build-bench" / "venv"
GNU_TIME = "/usr/bin/time"
WINDOW, FADE = 3.0, 0.5
PAGE = os.sysconf("SC_PAGE_SIZE")


def env_int(name, default):
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


RUNS = max(1, env_int("BENCH_RUNS", 3))
RUNS_365 = max(1, env_int("BENCH_RUNS_365", 1))
SKIP = {part.strip() for part in os.environ.get("BENCH_SKIP", "").split(",") if part.strip()}
# BENCH_ONLY=photos runs the photo-day scenarios alone and replaces their section of results.md; BENCH_ONLY=floor
# runs the reference reel and its floor alone and replaces this host's record in bench/hosts.json.
ONLY = {part.strip() for part in os.environ.get("BENCH_ONLY", "").split(",") if part.strip()}
MEM_BOUND_MB = env_int("BENCH_MEM_BOUND_MB", 16000)
INDEX_FILES = env_int("BENCH_INDEX_FILES", 20000)
RUNS_MOVIEPY = max(1, env_int("BENCH_RUNS_MOVIEPY", RUNS))
# Smaller libraries for a quick check of the harness itself (the issue's numbers are 31 and 365).
DAYS = max(2, env_int("BENCH_DAYS", 31))
YEAR_DAYS = max(2, env_int("BENCH_YEAR_DAYS", 365))
REFERENCE = f"reference ({DAYS} days)"
OVERLAID = "dvpipe + overlays"
YEAR = f"{YEAR_DAYS} days"
INCREMENTAL = "incremental (one pin changed)"
RESUME = "resume after kill -9 at 50%"
FLOOR = "encoder alone (the reel's frames)"
FLOOR_TOOL = "ffmpeg CLI, libx264 only"
DECODE = "the windows decoded alone (the plan's windows of the reel's clips)"
DECODE_TOOL = "ffmpeg CLI, decoders only"
FLOOR_SUM = "floor: the windows decoded + the encoder alone, at the encoder's core use"
FLOOR_SUM_TOOL = "computed from the two rows above, run by run"
HDR_HLG = "reference as HEVC 10-bit HLG"
HDR_SDR = "reference as HEVC 10-bit BT.709"
SHARD_COUNTS = (1, 2, 4)
SHARDED = "reference in {} shard(s): slowest shard + assemble"
AUTO_START = "reference with start: auto (every clip analysed)"
AUTO_PLAIN = "reference, plain, alternated with start: auto"
LAYERED = "reference split: each day beside the next (two layers a day)"
TALL_SUBJECT = "reference 1080×1920, fit: subject (every clip searched for faces)"
TALL_COVER = "reference 1080×1920, fit: cover"
WARM_PLAN_SUBJECT = "warm plan, reference 1080×1920 with fit: subject"
OUTPUT_DAYS = max(2, min(env_int("BENCH_OUTPUT_DAYS", 10), DAYS))
OUTPUT_SHAPES = (("wide", 1920, 1080, "contain"), ("tall", 1080, 1920, "cover"), ("square", 1080, 1080, "cover"))
THREE_SHAPES = f"{OUTPUT_DAYS} reference days in three shapes (1920×1080, 1080×1920, 1080×1080)"
THREE_JOBS = "dvpipe, three one-output jobs (summed)"
THREE_ONE = "dvpipe, one job with outputs:"
THREE_ONE_AT_A_TIME = "dvpipe, one job with outputs:, --jobs 1"
THREE_FFMPEG = "ffmpeg CLI, split into three encoders"
THREE_FLOOR = "ffmpeg CLI, libx264 alone on each shape's frames (summed)"
WARM_PLAN = "warm plan, reference job"
WARM_PLAN_AUTO = "warm plan, reference with start: auto"
FRESH_RUNNER = f"fresh runner ({YEAR_DAYS} days: library and work folder copied elsewhere, new mtimes)"
INDEX_PLACES = f"warm plan --json with place names, 365 days, {INDEX_FILES:,} files with positions"
STORE_RUNNER = f"fresh runner from a warm segment store ({YEAR_DAYS} days, nginx WebDAV on 127.0.0.1, empty work folder)"
WHOLE_DIGEST = f"identity: whole-file SHA-256 of the same {YEAR_DAYS} clips (the alternative)"
WHOLE_TOOL = "Python hashlib (OpenSSL), one thread"
SERVER_REFERENCE = f"reference ({DAYS} days) from WebDAV (rclone on 127.0.0.1, 20 ms added to every request), fresh work folder"
SERVER_DISK = f"reference ({DAYS} days) from disk, alternated with the server, fresh work folder"
SERVER_SHARDS = "reference from WebDAV in 4 shards, each from the planned index without the fetched blocks"
MONTHS = "the month jobs, one after another, one shared cache"
AFTER_MONTHS = f"{YEAR_DAYS} days after the month jobs, same cache"
PHOTO_DAYS = f"{DAYS} photo days (12 MP JPEG and HEIC, motion: auto), 1920×1080@30, dvpipe run --fresh"
PHOTO_FLOOR = f"encoder alone on the {DAYS}-photo-day reel's frames"
PHOTO_LARGE = "photo days with 48 MP HEIC and 100 MP JPEG stills, 1920×1080@30, dvpipe run --fresh"
# The photo libraries' stills: (width, height) of a phone's 12 MP photo, landscape; every fourth is portrait.
PHOTO_SIZE = (4032, 3024)
LARGE_STILLS = (("heic", 8064, 6048), ("jpg", 11552, 8672))
# dvpipe's x264 parameters for every segment (`VideoEncoder`, two threads as `ReelLayout.encoderThreads`).
DVPIPE_X264_PARAMS = "threads=2:cpu-independent=1:stitchable=1"
# Each encoding the codecs scenario renders: what replaces the reference job's `video:` line (the output's
# keys), and the ffmpeg CLI's arguments for the encoder dvpipe's `VideoEncoder` uses, with its settings (two
# threads, the job's preset and crf), on 8-bit frames.
X265_ARGUMENTS = ["-c:v", "libx265", "-preset", "veryfast", "-crf", "20",
                  "-x265-params", "log-level=error:pools=2:frame-threads=2:repeat-headers=1"]
CODECS = {
    "h264": ("video: { codec: h264, crf: 20, preset: veryfast }",
             ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-x264-params", DVPIPE_X264_PARAMS]),
    "hevc": ("video: { codec: hevc, crf: 20, preset: veryfast }", X265_ARGUMENTS),
    "av1": ("video: { codec: av1, crf: 35, preset: veryfast }",
            ["-c:v", "libsvtav1", "-preset", "10", "-crf", "35", "-svtav1-params", "lp=2"]),
    # The 10-bit HLG reel; its encoder alone is fed 10-bit frames that the ffmpeg CLI converts from the
    # 8-bit ones as it reads them (that conversion is in its time).
    "hevc HLG": ("video: { codec: hevc, crf: 20, preset: veryfast }\n  dynamic_range: hlg",
                 ["-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67",
                  "-colorspace", "bt2020nc", *X265_ARGUMENTS]),
}
CODEC_REEL = "reference ({} days) encoded as {}, dvpipe run --fresh"
CODEC_ALONE = "the encoder alone on the reference reel's frames, {}"
CODEC_FLOOR = "floor of the reference reel encoded as {}: the windows decoded + the encoder alone, at its core use"
THREE_DECODE = "the first {} reference days' windows decoded alone (once: dvpipe decodes each clip once for its outputs)"
THREE_FLOOR_SUM = "floor of the three shapes: the windows decoded + the three encoders alone, at their core use"


def encoder_alone_tool(codec):
    """The tool column of a codec's encoder-alone row: `ffmpeg CLI, libx265 only`."""
    arguments = CODECS[codec][1]
    return f"ffmpeg CLI, {arguments[arguments.index('-c:v') + 1]} only"


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def say(text):
    print(f"[bench {time.strftime('%H:%M:%S')}] {text}", flush=True)


# ------------------------------------------------------------------------------------------------
# One measured run


class Run:
    """What one run of one command measured. status: ok | failed: … | did not finish: … | killed.
    `stages`: for a dvpipe run, seconds per stage read from its JSON progress events."""

    def __init__(self, status, wall=None, cpu=None, rss=None, rss_all=None, log=None, note=""):
        self.status, self.wall, self.cpu, self.rss, self.rss_all = status, wall, cpu, rss, rss_all
        self.log, self.note, self.stages = log, note, {}

    @property
    def ok(self):
        return self.status == "ok"


def session_rss(session, exclude):
    """Summed RSS in bytes of the processes of `session` (the measured command and its children)."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == exclude:
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                raw = handle.read()
        except OSError:
            continue
        fields = raw[raw.rindex(b")") + 2:].split()
        try:
            if int(fields[3]) == session:
                total += int(fields[21]) * PAGE
        except (IndexError, ValueError):
            continue
    return total


def measure(argv, log, cwd=None, env=None, timeout=None, on_line=None):
    """Runs `argv` under GNU time in a new session; output goes to `log`. `timeout` (s) stops it as
    'did not finish'; so does a summed RSS above BENCH_MEM_BOUND_MB. `on_line(line)` sees standard
    error line by line and may return True to kill the whole session (status 'killed')."""
    log = Path(log)
    log.parent.mkdir(parents=True, exist_ok=True)
    timing = log.with_suffix(".time")
    timing.unlink(missing_ok=True)
    command = [GNU_TIME, "-f", "%e %U %S %M", "-o", str(timing), "--"] + [str(part) for part in argv]
    out = open(log, "w")
    out.write("$ " + " ".join(str(part) for part in argv) + "\n")
    out.flush()
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                               stderr=subprocess.PIPE if on_line else out, start_new_session=True)
    verdict = []

    def stop(reason):
        if not verdict:
            verdict.append(reason)
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    reader = None
    if on_line:
        def read():
            for raw in process.stderr:
                line = raw.decode(errors="replace")
                out.write(line)
                if on_line(line):
                    stop("killed")
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
    peak_all = 0
    while process.poll() is None:
        peak_all = max(peak_all, session_rss(process.pid, exclude=process.pid))
        if timeout is not None and time.monotonic() - start > timeout:
            stop(f"did not finish: stopped after {timeout:.0f} s")
        elif peak_all > MEM_BOUND_MB * 1048576:
            stop(f"did not finish: stopped above {MEM_BOUND_MB} MB")
        time.sleep(0.25)
    wall = time.monotonic() - start
    if reader:
        reader.join(timeout=5)
    try:
        os.killpg(process.pid, signal.SIGKILL)  # anything the command left behind
    except ProcessLookupError:
        pass
    out.close()
    if verdict:
        return Run(verdict[0], wall=wall, rss_all=peak_all / 1048576 or None, log=log)
    lines = timing.read_text().strip().splitlines() if timing.exists() else []
    fields = lines[-1].split() if lines else []
    if len(fields) != 4:
        return Run(f"failed: no timing ({' '.join(lines)[:80]})", log=log)
    elapsed, user, system, max_kb = float(fields[0]), float(fields[1]), float(fields[2]), int(fields[3])
    status = "ok" if process.returncode == 0 else f"failed: exit status {process.returncode}"
    return Run(status, wall=elapsed, cpu=user + system, rss=max_kb / 1024, rss_all=peak_all / 1048576 or None, log=log)


def tail(path, count=2):
    try:
        lines = [line.strip() for line in Path(path).read_text(errors="replace").splitlines() if line.strip()]
    except OSError:
        return ""
    return " / ".join(lines[-count:])[:200]


# ------------------------------------------------------------------------------------------------
# Media checks


def probe(path):
    result = subprocess.run(["ffprobe", "-v", "error", "-show_entries",
                             "format=duration:stream=codec_type,width,height", "-of", "json", str(path)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return None
    return json.loads(result.stdout)


def check_reel(path, expected, size=(1920, 1080), sound=True):
    """'' when `path` is a reel of `size` (1920x1080) lasting `expected` s (± 0.1 s), with sound unless `sound` is
    False (a reel of silent photos), else why not."""
    info = probe(path) if Path(path).exists() else None
    if not info:
        return "no output file"
    streams = info.get("streams", [])
    video = [s for s in streams if s.get("codec_type") == "video"]
    if not video or (video[0].get("width"), video[0].get("height")) != size:
        return f"picture is not {size[0]}x{size[1]}"
    if sound and not any(s.get("codec_type") == "audio" for s in streams):
        return "no sound"
    duration = float(info.get("format", {}).get("duration", 0))
    if abs(duration - expected) > 0.1:
        return f"lasts {duration:.2f} s, not {expected:.2f} s"
    return ""


def judge(measured, output, expected, shapes=None, sound=True):
    """`measured`, marked failed when it succeeded but `output` is not a correct reel of `expected` seconds,
    with its log's tail kept as its note when it failed. With `shapes`, [(path, width, height)], every one
    of those must be a correct reel of its size instead."""
    problem = None
    if measured.ok:
        checks = [check_reel(path, expected, (width, height)) for path, width, height in shapes] if shapes else [check_reel(output, expected, sound=sound)]
        problem = next((check for check in checks if check), None)
    if problem:
        measured.status = f"failed: {problem}"
    if not measured.ok:
        measured.note = tail(measured.log)
    return measured


def reel_length(clip_count, clip_seconds):
    window = min(WINDOW, clip_seconds)
    return clip_count * window - (clip_count - 1) * FADE


# ------------------------------------------------------------------------------------------------
# Scenarios


class Bench:
    def __init__(self, dvpipe):
        self.dvpipe = dvpipe
        self.rows = []          # (scenario, tool, [Run], note)
        self.notes = []
        self.stage_split = []   # seconds per stage of each correct dvpipe reference run
        self.runs_dir = WORK / "runs"
        shutil.rmtree(self.runs_dir, ignore_errors=True)
        self.runs_dir.mkdir(parents=True)

    def add(self, scenario, tool, runs, note=""):
        self.rows.append((scenario, tool, runs, note))

    def median(self, scenario, tool, attribute="wall"):
        for name, who, runs, _ in self.rows:
            if name == scenario and who == tool:
                values = [getattr(run, attribute) for run in runs if run.ok and getattr(run, attribute) is not None]
                return statistics.median(values) if values else None
        return None

    # -- libraries

    def library(self, days):
        """bench/work/reference-<days>d, written by dvpipe's own generator (kept between runs)."""
        folder = WORK / f"reference-{days}d"
        stamp = folder / ".complete"
        if stamp.exists() and (folder / "reference.yaml").exists():
            return folder
        shutil.rmtree(folder, ignore_errors=True)
        say(f"writing the {days}-day reference library with dvpipe demo --reference")
        subprocess.run([self.dvpipe, "demo", "--reference", "--days", str(days), str(folder)], check=True)
        stamp.write_text("written by dvpipe demo --reference\n")
        return folder

    @staticmethod
    def clips(folder):
        return sorted(str(path) for path in (folder / "library").glob("VID_*.mp4"))

    # -- the reference job, three tools in alternation

    def dvpipe_run(self, job, work, log, fresh=True, on_line=None, extra=()):
        """`dvpipe run` with `--progress json`, whose events (standard error, kept in the log) give the
        stage times that `stage_seconds` reads."""
        argv = [self.dvpipe, "run", job, "--work-dir", work, "--progress", "json", *extra]
        if fresh:
            argv.append("--fresh")
        return measure(argv, log, on_line=on_line)

    def reference(self, folder):
        clips = self.clips(folder)
        expected = reel_length(len(clips), 4)
        job = folder / "reference.yaml"
        outputs = {"dvpipe": folder / "out" / f"reference-{len(clips)}d.mp4",
                   "ffmpeg CLI": WORK / "out" / "reference-ffmpeg.mp4",
                   "MoviePy 2": WORK / "out" / "reference-moviepy.mp4"}
        (WORK / "out").mkdir(parents=True, exist_ok=True)
        ffmpeg_argv, _ = reel_ffmpeg.reel_command(
            [(clip, reel_ffmpeg.clip_duration(clip)) for clip in clips], str(outputs["ffmpeg CLI"]))
        (WORK / "ffmpeg-reference.sh").write_text("#!/bin/sh\n" + shlex.join(str(a) for a in ffmpeg_argv) + "\n")
        moviepy_env = dict(os.environ, FFMPEG_BINARY=shutil.which("ffmpeg") or "ffmpeg")
        overlay_job = overlay_variant(folder, len(clips))
        outputs[OVERLAID] = folder / "out" / "reference-overlays.mp4"
        commands = {
            "dvpipe": lambda log: self.dvpipe_run(job, self.runs_dir / "reference-dvpipe", log),
            OVERLAID: lambda log: self.dvpipe_run(overlay_job, self.runs_dir / "reference-overlays", log),
            "ffmpeg CLI": lambda log: measure(ffmpeg_argv, log),
        }
        if "moviepy" not in SKIP:
            commands["MoviePy 2"] = lambda log: measure(
                [VENV / "bin" / "python", BENCH / "reel_moviepy.py", "--out", outputs["MoviePy 2"], *clips],
                log, env=moviepy_env)
        results = {tool: [] for tool in commands}
        for run in range(1, RUNS + 1):
            for tool, command in commands.items():
                if tool == "MoviePy 2" and run > RUNS_MOVIEPY:
                    continue
                outputs[tool].unlink(missing_ok=True)
                say(f"reference, run {run}/{RUNS}: {tool}")
                measured = judge(command(self.runs_dir / f"reference-{slug(tool)}-{run}.log"), outputs[tool], expected)
                if tool.startswith("dvpipe"):
                    measured.stages = stage_seconds(measured.log)
                say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.cpu)} s CPU, "
                    f"{fmt(measured.rss, 0)} MB peak RSS")
                results[tool].append(measured)
                if tool == "dvpipe" and "floor" not in SKIP:
                    self.floor_run(folder, run)
        for tool, runs in results.items():
            self.add(REFERENCE, tool, runs)
        self.stage_split = [run.stages for run in results["dvpipe"] if run.ok and run.stages]
        if "moviepy" in SKIP:
            self.add(REFERENCE, "MoviePy 2", [], "skipped (BENCH_SKIP)")
        self.reference_job = job
        self.reference_expected = expected

    # -- the encoder alone

    def floor_run(self, folder, run):
        """One run of the floor, right after the dvpipe run it is paired with (so both see the same load on a
        shared machine): libx264 alone, as one stream, on the frames of that reel, decoded beforehand to raw YUV
        (untimed, read back from the page cache), with dvpipe's encoder, preset, crf and x264 parameters
        (`VideoEncoder`, two threads as `ReelLayout.encoderThreads`); then the plan's windows of the reel's
        clips decoded alone. The floor is both, the decoding's CPU seconds spread over the encoder's own core
        use: no renderer that decodes those windows and encodes this reel with these settings does better."""
        reel = folder / "out" / f"reference-{DAYS}d.mp4"
        if not reel.exists():
            return
        if not hasattr(self, "floor_encodes"):
            self.floor_encodes, self.reference_decodes = [], []
            self.floor_windows = self.plan_windows(folder / "reference.yaml")
        self.floor_encodes.append(self.encoder_alone(reel, 1920, 1080, f"floor-{run}", f"encoder alone, run {run}/{RUNS}"))
        self.reference_decodes.append(
            self.decode_alone(self.floor_windows, f"decode-{run}", f"windows decoded alone, run {run}/{RUNS}"))

    def encoder_floor(self):
        """The floor's rows, from the runs taken beside the reference's dvpipe runs, and the paired ratios."""
        if not getattr(self, "floor_encodes", None):
            self.add(FLOOR, FLOOR_TOOL, [], "no dvpipe reel to take the frames from")
            return
        floors = floor_runs(self.reference_decodes, self.floor_encodes)
        self.add(FLOOR, FLOOR_TOOL, self.floor_encodes, "dvpipe's encoder settings, frames decoded beforehand")
        self.add(DECODE, DECODE_TOOL, self.reference_decodes, f"{len(self.floor_windows)} windows, video and sound, one process")
        dvpipe = next(runs for name, tool, runs, _ in self.rows if name == REFERENCE and tool == "dvpipe")
        pairs = [run.wall / floor.wall for run, floor in zip(dvpipe, floors) if run.ok and floor.ok]
        self.floor_pairs = pairs
        self.add(FLOOR_SUM, FLOOR_SUM_TOOL, floors, "each taken right after a dvpipe run; dvpipe ÷ floor, run by run: "
                 + ", ".join(f"{pair:.2f}" for pair in pairs))

    def reference_windows_decoded(self, folder):
        """The reference windows' decode runs of this run's floor, or, when the floor was skipped, measured now."""
        if not getattr(self, "reference_decodes", None):
            windows = self.plan_windows(folder / "reference.yaml")
            self.reference_decodes = [self.decode_alone(windows, f"decode-{run}", f"windows decoded alone, run {run}/{RUNS}")
                                      for run in range(1, RUNS + 1)]
            self.add(DECODE, DECODE_TOOL, self.reference_decodes, f"{len(windows)} windows, video and sound, one process")
        return self.reference_decodes

    def plan_windows(self, job):
        """(path, start, seconds) of each chosen clip's window in `job`'s plan (`dvpipe plan --json`), the
        stretch of each file dvpipe decodes."""
        plan = json.loads(subprocess.run([self.dvpipe, "plan", str(job), "--json"], capture_output=True, text=True,
                                         check=True, cwd=Path(job).parent).stdout)
        return [(day["path"], day["start"], day["duration"]) for day in plan["days"]
                if day.get("status") == "chosen" and day.get("path")]

    def decode_alone(self, windows, name, label):
        """One timed run of the ffmpeg CLI decoding `windows` (each file from its window's start for its length,
        its first video and sound streams) to no output, in one process, so no start-up is counted per clip:
        the decoding any renderer of these windows does, with nothing else."""
        inputs, maps = [], []
        for index, (path, start, seconds) in enumerate(windows):
            inputs += ["-ss", f"{start:.6f}", "-t", f"{seconds:.6f}", "-i", path]
            maps += ["-map", f"{index}:v:0", "-map", f"{index}:a:0?", "-f", "null", "-"]
        say(f"{label}: {DECODE_TOOL}")
        measured = measure(["ffmpeg", "-v", "error", "-nostdin", *inputs, *maps], self.runs_dir / f"{name}.log")
        if not measured.ok:
            measured.note = tail(measured.log)
        say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.cpu)} s CPU")
        return measured

    def encoder_alone(self, reel, width, height, name, label):
        """One timed run of libx264 with dvpipe's settings on the frames of `reel` (`width`×`height`), decoded
        to raw YUV beforehand, untimed."""
        frames = WORK / "reel-frames.yuv"
        argv = ["ffmpeg", "-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", f"{width}x{height}", "-r", "30",
                "-i", frames, "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
                "-x264-params", DVPIPE_X264_PARAMS, "-f", "null", "-"]
        try:
            subprocess.run(["ffmpeg", "-v", "error", "-i", str(reel), "-map", "0:v", "-f", "rawvideo", "-pix_fmt",
                            "yuv420p", "-y", str(frames)], check=True)
            say(f"{label}: {FLOOR_TOOL}")
            measured = measure(argv, self.runs_dir / f"{name}.log")
            if not measured.ok:
                measured.note = tail(measured.log)
            say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.cpu)} s CPU")
            return measured
        finally:
            frames.unlink(missing_ok=True)

    # -- colour: HLG against its BT.709 twin

    def hdr_variants(self, folder):
        """The reference job over its clips transcoded (untimed) to HEVC 10-bit, once converted by zscale into
        HLG BT.2020 (chart white at 203 cd/m²), once kept BT.709: the same sizes, codec and bit depth, so the
        wall times differ by the colour path alone. Rendered by dvpipe in alternation."""
        variants = {HDR_HLG: ("hlg", "zscale=pin=709:tin=709:min=709:rin=limited:npl=203:p=2020:t=arib-std-b67:m=2020_ncl:r=limited,format=yuv420p10le",
                              ["bt2020", "arib-std-b67", "bt2020nc"]),
                    HDR_SDR: ("bt709-10bit", "format=yuv420p10le", ["bt709", "bt709", "bt709"])}
        jobs = {}
        for scenario, (name, graph, (primaries, transfer, matrix)) in variants.items():
            variant = WORK / f"reference-{DAYS}d-{name}"
            library = variant / "library"
            stamp = variant / ".complete"
            if not stamp.exists():
                shutil.rmtree(variant, ignore_errors=True)
                library.mkdir(parents=True)
                say(f"colour: transcoding the reference clips to {scenario} (not timed)")
                for clip in self.clips(folder):
                    subprocess.run(["ffmpeg", "-v", "error", "-i", clip, "-map", "0:v:0", "-map", "0:a?", "-map_metadata", "0",
                                    "-vf", graph, "-c:v", "libx265", "-preset", "ultrafast", "-crf", "18",
                                    "-x265-params", "log-level=error", "-color_primaries", primaries, "-color_trc", transfer,
                                    "-colorspace", matrix, "-color_range", "tv", "-c:a", "copy",
                                    str(library / Path(clip).name)], check=True)
                stamp.write_text("written by bench.py\n")
            job = variant / "reference.yaml"
            job.write_text((folder / "reference.yaml").read_text().replace(
                f"path: out/reference-{DAYS}d.mp4", f"path: out/reference-{DAYS}d-{name}.mp4"))
            jobs[scenario] = (job, variant / "out" / f"reference-{DAYS}d-{name}.mp4")
        for scenario, runs in self.alternated(folder, jobs, "colour", "hdr").items():
            self.add(scenario, "dvpipe", runs)

    def alternated(self, folder, jobs, label, prefix):
        """Each of `jobs` (name: (job file, its output)) over the reference library in `folder`, rendered by
        dvpipe from nothing, the jobs in turn, RUNS times; each run judged against the reference length.
        Returns the runs by name."""
        results = {name: [] for name in jobs}
        for run in range(1, RUNS + 1):
            for name, (job, output) in jobs.items():
                output.unlink(missing_ok=True)
                say(f"{label}, run {run}/{RUNS}: {name}")
                work = self.runs_dir / f"{prefix}-{slug(name)}"
                measured = judge(self.dvpipe_run(job, work, self.runs_dir / f"{prefix}-{slug(name)}-{run}.log"),
                                 output, reel_length(len(self.clips(folder)), 4))
                say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.cpu)} s CPU, {fmt(measured.rss, 0)} MB peak RSS")
                results[name].append(measured)
        return results

    # -- output codecs

    def codecs(self, folder):
        """The reference job encoded as h264, hevc and av1 (dvpipe's defaults for each: crf 20 / 20 / 35,
        `preset: veryfast`, SVT-AV1's preset 10) and as a 10-bit HLG reel in hevc, rendered by dvpipe in
        alternation, each fresh; then each encoder alone, through the ffmpeg CLI with dvpipe's settings, on
        the h264 reel's frames decoded beforehand to raw YUV: what each codec's encoding costs here, against
        x264's, and what HLG costs against SDR in the same codec."""
        jobs = {}
        for codec, (video, _) in CODECS.items():
            job = folder / f"reference-{slug(codec)}.yaml"
            job.write_text((folder / "reference.yaml").read_text()
                           .replace(f"path: out/reference-{DAYS}d.mp4", f"path: out/reference-{DAYS}d-{slug(codec)}.mp4")
                           .replace("video: { codec: h264, crf: 20, preset: veryfast }", video))
            jobs[codec] = (job, folder / "out" / f"reference-{DAYS}d-{slug(codec)}.mp4")
        for codec, runs in self.alternated(folder, jobs, "codecs", "codec").items():
            self.add(CODEC_REEL.format(DAYS, codec), "dvpipe", runs)
        reel = jobs["h264"][1]
        if not reel.exists():
            return
        frames = WORK / "codec-frames.yuv"
        try:
            subprocess.run(["ffmpeg", "-v", "error", "-i", str(reel), "-map", "0:v", "-f", "rawvideo", "-pix_fmt", "yuv420p",
                            "-y", str(frames)], check=True)
            alone = {codec: [] for codec in CODECS}
            for run in range(1, RUNS + 1):
                for codec, (_, arguments) in CODECS.items():
                    say(f"codecs, encoder alone, run {run}/{RUNS}: {codec}")
                    argv = ["ffmpeg", "-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "1920x1080", "-r", "30",
                            "-i", frames, *arguments, "-f", "null", "-"]
                    measured = measure(argv, self.runs_dir / f"codec-alone-{slug(codec)}-{run}.log", env=dict(os.environ, SVT_LOG="1"))
                    say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.cpu)} s CPU")
                    alone[codec].append(measured)
            decodes = self.reference_windows_decoded(folder)
            for codec, runs in alone.items():
                self.add(CODEC_ALONE.format(codec), encoder_alone_tool(codec), runs)
                self.add(CODEC_FLOOR.format(codec), FLOOR_SUM_TOOL, floor_runs(decodes, runs),
                         f"{encoder_alone_tool(codec)} + the reference windows decoded alone")
        finally:
            frames.unlink(missing_ok=True)

    # -- shards, one after another

    def shards(self, folder):
        """The reference job in 1, 2 and 4 shards (`render --shard K/N`), run one after another so that each
        is timed alone, each in a fresh work folder of its own as on its own runner (scanning the library
        itself), their segments then merged into one folder for `dvpipe assemble`. A run's row is its critical
        path: the slowest shard plus the assembly, what N machines working at once would wait."""
        job = folder / "reference.yaml"
        output = folder / "out" / f"reference-{DAYS}d.mp4"
        expected = reel_length(len(self.clips(folder)), 4)
        self.shard_walls = {}
        for count in SHARD_COUNTS:
            runs, spreads = [], []
            for run in range(1, RUNS + 1):
                work = self.runs_dir / f"shards-{count}"
                shutil.rmtree(work, ignore_errors=True)
                walls, failed = [], None
                for shard in range(1, count + 1):
                    say(f"shards, run {run}/{RUNS}: shard {shard}/{count}")
                    measured = measure([self.dvpipe, "render", job, "--work-dir", work / f"shard-{shard}", "--shard",
                                        f"{shard}/{count}", "--progress", "none"], self.runs_dir / f"shards-{count}-{shard}-{run}.log")
                    if not measured.ok:
                        failed = measured
                        break
                    walls.append(measured.wall)
                if failed is None:
                    for shard in range(1, count + 1):
                        shutil.copytree(work / f"shard-{shard}" / "segments", work / "merged" / "segments", dirs_exist_ok=True)
                    output.unlink(missing_ok=True)
                    assembled = measure([self.dvpipe, "assemble", job, "--work-dir", work / "merged", "--progress", "none"],
                                        self.runs_dir / f"shards-{count}-assemble-{run}.log")
                    problem = check_reel(output, expected) if assembled.ok else None
                    if not assembled.ok or problem:
                        failed = assembled
                        failed.status = f"failed: {problem}" if problem else assembled.status
                if failed is not None:
                    failed.note = tail(failed.log)
                    runs.append(failed)
                    continue
                critical = Run("ok", wall=max(walls) + assembled.wall, rss=max(measured.rss or 0, assembled.rss or 0))
                say(f"  shards {', '.join(f'{wall:.2f}' for wall in walls)} s, assemble {assembled.wall:.2f} s")
                runs.append(critical)
                spreads.append((walls, assembled.wall))
            self.shard_walls[count] = spreads
            note = "; ".join("shards " + " / ".join(f"{wall:.2f}" for wall in walls) + f" s, assemble {assemble:.2f} s"
                             for walls, assemble in spreads)
            self.add(SHARDED.format(count), "dvpipe", runs, note)

    def shard_balance(self, count):
        """Median over runs of slowest shard ÷ mean shard, at `count` shards."""
        spreads = getattr(self, "shard_walls", {}).get(count) or []
        values = [max(walls) / statistics.mean(walls) for walls, _ in spreads if walls]
        return statistics.median(values) if values else None

    # -- the best moment

    def best_moment(self, folder):
        """The reference job with `clips.video.start: auto` and the plain reference job, rendered from
        nothing in alternation with nothing else changed, so the difference is the analysis (and the windows
        it picks) and the machine's load is shared alike; then five warm `dvpipe plan` runs of each job, whose
        difference is reading the kept analyses."""
        text = (folder / "reference.yaml").read_text()
        auto = folder / "reference-auto.yaml"
        auto.write_text(text.replace("video: { duration: 3s, start: 0s }", "video: { duration: 3s, start: auto }")
                        .replace(f"path: out/reference-{DAYS}d.mp4", "path: out/reference-auto.mp4"))
        output = folder / "out" / "reference-auto.mp4"
        runs, plain = [], []
        for run in range(1, RUNS + 1):
            say(f"best moment, run {run}/{RUNS}: dvpipe, plain reference")
            plain.append(judge(self.dvpipe_run(folder / "reference.yaml", self.runs_dir / "auto-plain-dvpipe",
                                               self.runs_dir / f"auto-plain-dvpipe-{run}.log"),
                               folder / "out" / f"reference-{DAYS}d.mp4", self.reference_expected))
            say(f"  {plain[-1].status}, {fmt(plain[-1].wall)} s wall")
            output.unlink(missing_ok=True)
            say(f"best moment, run {run}/{RUNS}: dvpipe, start: auto")
            measured = judge(self.dvpipe_run(auto, self.runs_dir / "auto-dvpipe", self.runs_dir / f"auto-dvpipe-{run}.log"),
                             output, self.reference_expected)
            measured.stages = stage_seconds(measured.log)
            say(f"  {measured.status}, {fmt(measured.wall)} s wall, analyze {fmt(measured.stages.get('analyze'), 2)} s")
            runs.append(measured)
        analysed = [run.stages.get("analyze") for run in runs if run.ok and run.stages.get("analyze") is not None]
        self.add(AUTO_PLAIN, "dvpipe", plain, "alternated with the start: auto runs")
        self.add(AUTO_START, "dvpipe", runs, f"analyze stage {statistics.median(analysed):.2f} s (median)" if analysed else "")
        for scenario, job, work in ((WARM_PLAN, folder / "reference.yaml", "reference-dvpipe"), (WARM_PLAN_AUTO, auto, "auto-dvpipe")):
            plans = []
            for run in range(1, 6):
                plans.append(measure([self.dvpipe, "plan", job, "--work-dir", self.runs_dir / work],
                                     self.runs_dir / f"warm-plan-{slug(scenario)}-{run}.log"))
            say(f"{scenario}: {fmt(statistics.median([p.wall for p in plans if p.ok] or [0]), 3)} s median of 5")
            self.add(scenario, "dvpipe", plans, "5 runs")

    # -- layers

    def layers(self, folder):
        """Every reference day shown beside the next day's clip (the last beside the first), each clip
        covering its half of the frame, the day's own sound: dvpipe with two layers a day and the ffmpeg CLI
        with hstack, in alternation. Both decode every clip twice; the reel's length is the reference's."""
        clips = self.clips(folder)
        text = (folder / "reference.yaml").read_text().replace(
            f"path: out/reference-{DAYS}d.mp4", "path: out/reference-split.mp4")
        first = datetime.date(2023, 1, 1)
        days = "".join(
            f"  {first + datetime.timedelta(days=index)}:\n    layers: [{{ file: {Path(clip).name} }}, "
            f"{{ file: {Path(clips[(index + 1) % len(clips)]).name} }}]\n"
            for index, clip in enumerate(clips))
        job = folder / "reference-split.yaml"
        job.write_text(text + "\nlayout: { style: split-h, audio: first }\ndays:\n" + days)
        outputs = {"dvpipe": folder / "out" / "reference-split.mp4", "ffmpeg CLI": WORK / "out" / "reference-split-ffmpeg.mp4"}
        ffmpeg_argv, _ = reel_ffmpeg.reel_command(
            [(clip, reel_ffmpeg.clip_duration(clip)) for clip in clips], str(outputs["ffmpeg CLI"]), split=True)
        commands = {
            "dvpipe": lambda log: self.dvpipe_run(job, self.runs_dir / "split-dvpipe", log),
            "ffmpeg CLI": lambda log: measure(ffmpeg_argv, log),
        }
        expected = reel_length(len(clips), 4)
        results = {tool: [] for tool in commands}
        for run in range(1, RUNS + 1):
            for tool, command in commands.items():
                outputs[tool].unlink(missing_ok=True)
                say(f"layers, run {run}/{RUNS}: {tool}")
                measured = judge(command(self.runs_dir / f"split-{slug(tool)}-{run}.log"), outputs[tool], expected)
                say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.cpu)} s CPU, {fmt(measured.rss, 0)} MB peak RSS")
                results[tool].append(measured)
        for tool, runs in results.items():
            self.add(LAYERED, tool, runs)

    # -- framing that follows the subject

    def subject(self, folder):
        """The reference job rendered 1080×1920 with `fit: subject` (every clip searched for faces, then cropped
        along its path) and with `fit: cover`, from nothing, in alternation; then five warm plans of the
        subject job (the faces kept)."""
        text = (folder / "reference.yaml").read_text().replace("resolution: 1920x1080", "resolution: 1080x1920")
        jobs = {}
        for fit in ("subject", "cover"):
            jobs[fit] = folder / f"reference-tall-{fit}.yaml"
            jobs[fit].write_text(text.replace("fit: contain", f"fit: {fit}")
                                 .replace(f"path: out/reference-{DAYS}d.mp4", f"path: out/reference-tall-{fit}.mp4"))
        results = {fit: [] for fit in jobs}
        for run in range(1, RUNS + 1):
            for fit, job in jobs.items():
                output = folder / "out" / f"reference-tall-{fit}.mp4"
                output.unlink(missing_ok=True)
                say(f"fit: subject, run {run}/{RUNS}: dvpipe, fit: {fit}")
                measured = judge(self.dvpipe_run(job, self.runs_dir / f"tall-{fit}", self.runs_dir / f"tall-{fit}-{run}.log"),
                                 None, reel_length(DAYS, 4), [(output, 1080, 1920)])
                measured.stages = stage_seconds(measured.log)
                say(f"  {measured.status}, {fmt(measured.wall)} s wall, faces {fmt(measured.stages.get('faces'), 2)} s")
                results[fit].append(measured)
        found = [run.stages.get("faces") for run in results["subject"] if run.ok and run.stages.get("faces") is not None]
        self.add(TALL_SUBJECT, "dvpipe", results["subject"], f"faces stage {statistics.median(found):.2f} s (median)" if found else "")
        self.add(TALL_COVER, "dvpipe", results["cover"], "alternated with the fit: subject runs")
        plans = [measure([self.dvpipe, "plan", jobs["subject"], "--work-dir", self.runs_dir / "tall-subject"],
                         self.runs_dir / f"warm-plan-tall-subject-{run}.log") for run in range(1, 6)]
        self.add(WARM_PLAN_SUBJECT, "dvpipe", plans, "5 runs")

    # -- several outputs

    def outputs(self, folder):
        """The first OUTPUT_DAYS reference days in three shapes: one dvpipe job with `outputs:` (each clip decoded
        once, the three encoders at once; and with `--jobs 1`, one segment at a time), three one-output dvpipe jobs one after another (their walls and
        CPU summed, their peak the largest), and the ffmpeg CLI with one filtergraph split into three encoders,
        in alternation, every dvpipe run from nothing."""
        clips = self.clips(folder)[:OUTPUT_DAYS]
        last = datetime.date(2023, 1, 1) + datetime.timedelta(days=OUTPUT_DAYS - 1)
        text = (folder / "reference.yaml").read_text().replace("to: 2023-01-31", f"to: {last}")
        start, end = text.index("\noutput:"), text.index("\ntransition:")
        common, output_block = text[:start] + text[end:], text[start:end]

        def settings(width, height, fit, path):
            """The reference output's lines with this shape, size and path, unindented."""
            return [line.strip().replace(f"path: out/reference-{DAYS}d.mp4", f"path: {path}")
                    .replace("resolution: 1920x1080", f"resolution: {width}x{height}").replace("fit: contain", f"fit: {fit}")
                    for line in output_block.splitlines()[2:] if line.strip()]

        paths = {name: f"out/outputs-{name}.mp4" for name, *_ in OUTPUT_SHAPES}
        three = folder / "reference-outputs.yaml"
        three.write_text(common + "\noutputs:\n" + "".join(
            f"  - name: {name}\n" + "".join(f"    {line}\n" for line in settings(width, height, fit, paths[name]))
            for name, width, height, fit in OUTPUT_SHAPES))
        ones = {}
        for name, width, height, fit in OUTPUT_SHAPES:
            ones[name] = folder / f"reference-output-{name}.yaml"
            ones[name].write_text(common + "\noutput:\n" + "".join(
                f"  {line}\n" for line in settings(width, height, fit, f"out/one-{name}.mp4")))
        expected = reel_length(len(clips), 4)
        dvpipe_shapes = [(folder / paths[name], width, height) for name, width, height, _ in OUTPUT_SHAPES]
        one_shapes = {name: [(folder / f"out/one-{name}.mp4", width, height)] for name, width, height, _ in OUTPUT_SHAPES}
        ff_shapes = [(str(WORK / "out" / f"outputs-ffmpeg-{name}.mp4"), width, height, fit) for name, width, height, fit in OUTPUT_SHAPES]
        ffmpeg_argv, _ = reel_ffmpeg.reel_command([(clip, reel_ffmpeg.clip_duration(clip)) for clip in clips], None, shapes=ff_shapes)
        (WORK / "ffmpeg-outputs.sh").write_text("#!/bin/sh\n" + shlex.join(str(a) for a in ffmpeg_argv) + "\n")

        def separate(run):
            measured = []
            for name in ones:
                say(f"  {name} alone")
                measured.append(judge(self.dvpipe_run(ones[name], self.runs_dir / f"outputs-one-{name}",
                                                      self.runs_dir / f"outputs-one-{name}-{run}.log"),
                                      None, expected, one_shapes[name]))
            if not all(part.ok for part in measured):
                failed = next(part for part in measured if not part.ok)
                return Run(failed.status, log=failed.log, note=failed.note)
            total = Run("ok", wall=sum(part.wall for part in measured), cpu=sum(part.cpu for part in measured),
                        rss=max(part.rss for part in measured))
            total.note = " + ".join(f"{part.wall:.1f}" for part in measured) + " s"
            return total

        commands = {
            THREE_ONE: lambda run: judge(
                self.dvpipe_run(three, self.runs_dir / "outputs-dvpipe", self.runs_dir / f"outputs-dvpipe-{run}.log"),
                None, expected, dvpipe_shapes),
            THREE_ONE_AT_A_TIME: lambda run: judge(
                self.dvpipe_run(three, self.runs_dir / "outputs-dvpipe-one-at-a-time", self.runs_dir / f"outputs-dvpipe-jobs1-{run}.log",
                                extra=("--jobs", "1")),
                None, expected, dvpipe_shapes),
            THREE_JOBS: separate,
            THREE_FFMPEG: lambda run: judge(
                measure(ffmpeg_argv, self.runs_dir / f"outputs-ffmpeg-{run}.log"), None, expected,
                [(path, width, height) for path, width, height, _ in ff_shapes]),
        }
        written = [path for path, *_ in dvpipe_shapes + ff_shapes] + [path for shapes in one_shapes.values() for path, *_ in shapes]
        results = {tool: [] for tool in commands}
        for run in range(1, RUNS + 1):
            for tool, command in commands.items():
                for path in written:
                    Path(path).unlink(missing_ok=True)
                say(f"three shapes, run {run}/{RUNS}: {tool}")
                measured = command(run)
                say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.cpu)} s CPU, {fmt(measured.rss, 0)} MB peak RSS")
                results[tool].append(measured)
        for tool, runs in results.items():
            note = "; ".join(run.note for run in runs if run.ok and run.note) if tool == THREE_JOBS else ""
            self.add(THREE_SHAPES, tool, runs, note)
        # The floor: libx264 alone on each of dvpipe's three reels, one after another, summed.
        subprocess.run([self.dvpipe, "run", three, "--work-dir", self.runs_dir / "outputs-dvpipe", "--progress", "none"],
                       check=True, stdout=subprocess.DEVNULL)
        floors = []
        for run in range(1, RUNS + 1):
            parts = [self.encoder_alone(path, width, height, f"outputs-floor-{Path(path).stem}-{run}",
                                        f"three shapes' encoders alone, run {run}/{RUNS}, {width}x{height}")
                     for path, width, height in dvpipe_shapes]
            if all(part.ok for part in parts):
                total = Run("ok", wall=sum(part.wall for part in parts), cpu=sum(part.cpu for part in parts),
                            rss=max(part.rss for part in parts))
                total.note = " + ".join(f"{part.wall:.1f}" for part in parts) + " s"
            else:
                total = next(part for part in parts if not part.ok)
            floors.append(total)
        self.add(THREE_SHAPES, THREE_FLOOR, floors, "; ".join(run.note for run in floors if run.ok))
        windows = self.plan_windows(three)
        decodes = [self.decode_alone(windows, f"outputs-decode-{run}", f"three shapes' windows decoded alone, run {run}/{RUNS}")
                   for run in range(1, RUNS + 1)]
        self.add(THREE_SHAPES, THREE_DECODE.format(OUTPUT_DAYS), decodes, f"{len(windows)} windows, video and sound, one process")
        self.add(THREE_SHAPES, THREE_FLOOR_SUM, floor_runs(decodes, floors), "the three encoders alone + the decoding")

    # -- photo days

    def photo_library(self, name, stills):
        """bench/work/<name>/library: `stills`, [(file name, width, height)], one a day, each a detailed test
        pattern (testsrc2 with grain, its hue turned per day) written once by the ffmpeg CLI, as a JPEG or, for a
        `.heic` name, as a PNG that heif-enc encodes (x265); kept between runs."""
        folder = WORK / name
        library = folder / "library"
        stamp = folder / ".complete"
        if stamp.exists():
            return folder
        library.mkdir(parents=True, exist_ok=True)
        for index, (file_name, width, height) in enumerate(stills):
            if (library / file_name).exists():
                continue  # written whole by an earlier, interrupted run (each still is renamed into place)
            say(f"photo days: writing {file_name} ({width}×{height}, not timed)")
            pattern = f"testsrc2=s={width}x{height}:r=1,noise=alls=10:all_seed={index + 1},hue=h={index * 37 % 360}"
            target = folder / f"part-{file_name}"
            if file_name.endswith(".heic"):
                png = folder / "still.png"
                subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", pattern, "-frames:v", "1", "-y", str(png)], check=True)
                subprocess.run(["heif-enc", "-q", "80", "-p", "preset=ultrafast", str(png), "-o", str(target)],
                               check=True, stdout=subprocess.DEVNULL)
                png.unlink()
            else:
                subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", pattern, "-frames:v", "1", "-q:v", "2", "-y",
                                str(target)], check=True)
            target.rename(library / file_name)
        stamp.write_text("written by bench.py\n")
        return folder

    @staticmethod
    def photo_job(folder, name, days):
        """The reference job's output, transition and sound settings over `days` photo days of `folder`'s library
        (each photo shown 3 s with the default `motion: auto`, contained in 1920×1080@30), written beside it."""
        first = datetime.date(2023, 1, 1)
        job = folder / f"{name}.yaml"
        job.write_text(f"""version: 1
name: {name}
library: {{ paths: [library], timezone: UTC }}
timeframe: {{ from: {first}, to: {first + datetime.timedelta(days=days - 1)} }}
clips:
  photo: {{ duration: 3s, motion: auto }}
output:
  path: out/{name}.mp4
  resolution: 1920x1080
  fit: contain
  background: "#000000"
  fps: 30
  video: {{ codec: h264, crf: 20, preset: veryfast }}
  audio: {{ codec: aac, bitrate: 160k }}
transition: {{ style: crossfade, duration: 0.5s }}
audio: {{ clips: keep, normalize: false }}
""")
        return job, folder / "out" / f"{name}.mp4"

    def photo_days(self):
        """A month of photo-only days: one 12 MP still a day (JPEG, every third a HEIC, every fourth portrait),
        rendered by dvpipe from nothing, alternated run by run with libx264 alone (dvpipe's settings) on that
        run's reel frames, decoded beforehand: the ratio of each pair, and their medians. Then a few days of
        48 MP HEIC and 100 MP JPEG stills for the peak RSS (one of each: heif-enc takes minutes over 48 MP)."""
        first = datetime.date(2023, 1, 1)
        stills = []
        for index in range(DAYS):
            day = first + datetime.timedelta(days=index)
            width, height = PHOTO_SIZE if index % 4 != 3 else PHOTO_SIZE[::-1]
            stills.append((f"IMG_{day:%Y%m%d}_120000.{'heic' if index % 3 == 1 else 'jpg'}", width, height))
        folder = self.photo_library(f"photos-{DAYS}d", stills)
        job, reel = self.photo_job(folder, f"photos-{DAYS}d", DAYS)
        expected = reel_length(DAYS, 3)
        runs, floors, pairs = [], [], []
        for run in range(1, RUNS + 1):
            reel.unlink(missing_ok=True)
            say(f"photo days, run {run}/{RUNS}: dvpipe")
            measured = judge(self.dvpipe_run(job, self.runs_dir / "photos-dvpipe", self.runs_dir / f"photos-dvpipe-{run}.log"),
                             reel, expected, sound=False)
            measured.stages = stage_seconds(measured.log)
            say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.cpu)} s CPU, {fmt(measured.rss, 0)} MB peak RSS")
            runs.append(measured)
            if not measured.ok:
                continue
            floor = self.encoder_alone(reel, 1920, 1080, f"photos-floor-{run}", f"photo days, run {run}/{RUNS}")
            floors.append(floor)
            if floor.ok:
                pairs.append(measured.wall / floor.wall)
        self.photo_pairs = pairs
        stages = [run.stages for run in runs if run.ok and run.stages]
        split = ", ".join(f"{stage} {statistics.median([s.get(stage, 0) for s in stages]):.2f}"
                          for stage in sorted({stage for s in stages for stage in s}))
        self.add(PHOTO_DAYS, "dvpipe", runs, f"stages (median s): {split}" if split else "")
        self.add(PHOTO_FLOOR, FLOOR_TOOL, floors, "paired ratios dvpipe ÷ encoder alone: "
                 + ", ".join(f"{pair:.2f}×" for pair in pairs) if pairs else "")
        large = [(f"IMG_{first + datetime.timedelta(days=index):%Y%m%d}_120000.{kind}", width, height)
                 for index, (kind, width, height) in enumerate(LARGE_STILLS)]
        folder = self.photo_library("photos-large", large)
        job, reel = self.photo_job(folder, "photos-large", len(large))
        results = []
        for run in range(1, RUNS + 1):
            reel.unlink(missing_ok=True)
            say(f"photo days, large stills, run {run}/{RUNS}: dvpipe")
            measured = judge(self.dvpipe_run(job, self.runs_dir / "photos-large", self.runs_dir / f"photos-large-{run}.log"),
                             reel, reel_length(len(large), 3), sound=False)
            say(f"  {measured.status}, {fmt(measured.wall)} s wall, {fmt(measured.rss, 0)} MB peak RSS")
            results.append(measured)
        self.add(PHOTO_LARGE, "dvpipe", results, f"{len(large)} days: " + ", ".join(
            f"{kind.upper()} {width}×{height}" for kind, width, height in LARGE_STILLS))

    def photo_section(self):
        """results.md's photo-day section: the table rows of the photo scenarios and the two targets."""
        ratio_median = statistics.median(self.photo_pairs) if getattr(self, "photo_pairs", None) else None
        rss = self.median(PHOTO_LARGE, "dvpipe", "rss")
        lines = [f"## Photo days (issue 61), {datetime.date.today()} (`BENCH_ONLY=photos`)", "",
                 f"- Machine: {machine()}; shared with other work, so single runs vary: medians and paired ratios.", "",
                 "| scenario | tool | runs | wall (s) | CPU user+sys (s) | peak RSS (MB) | notes |",
                 "| --- | --- | --- | ---: | ---: | ---: | --- |"]
        for scenario, tool, runs, note in self.rows:
            if scenario in (PHOTO_DAYS, PHOTO_FLOOR, PHOTO_LARGE):
                lines.append(f"| {scenario} | {tool} | {status_of(runs, note)} | {fmt(self.median(scenario, tool))} | "
                             f"{fmt(self.median(scenario, tool, 'cpu'))} | {fmt(self.median(scenario, tool, 'rss'), 0)} | {note} |")
        lines += ["", "| target | measured | target | met |", "| --- | ---: | --- | --- |"]
        for name, value, shown, limit in (
                ("photo days: dvpipe / libx264 alone on its frames, wall (median of the paired ratios)", ratio_median,
                 "–" if ratio_median is None else f"{ratio_median:.2f}×", 1.15),
                ("photo days with 48 MP HEIC and 100 MP JPEG: peak RSS", rss, "–" if rss is None else f"{rss:.0f} MB", 400)):
            met = "not measured" if value is None else ("yes" if value <= limit else "no")
            lines.append(f"| {name} | {shown} | {'≤ 1.15×' if limit == 1.15 else '≤ 400 MB'} | {met} |")
        return "\n".join(lines) + "\n"

    # -- 365 days

    def year(self):
        folder = self.library(YEAR_DAYS)
        clips = self.clips(folder)
        expected = reel_length(len(clips), 4)
        job = folder / "reference.yaml"
        output = folder / "out" / f"reference-{YEAR_DAYS}d.mp4"
        runs = []
        for run in range(1, RUNS_365 + 1):
            output.unlink(missing_ok=True)
            say(f"{YEAR}, run {run}/{RUNS_365}: dvpipe")
            measured = self.dvpipe_run(job, self.runs_dir / "year-dvpipe", self.runs_dir / f"year-dvpipe-{run}.log")
            if measured.ok and check_reel(output, expected):
                measured.status = f"failed: {check_reel(output, expected)}"
            if not measured.ok:
                measured.note = tail(measured.log)
            say(f"  {measured.status}, {fmt(measured.wall)} s, {fmt(measured.rss, 0)} MB")
            runs.append(measured)
        self.add(YEAR, "dvpipe", runs)
        dvpipe_wall = self.median(YEAR, "dvpipe")
        bound = float(os.environ.get("BENCH_BOUND_365") or (2 * dvpipe_wall if dvpipe_wall else 1800))
        ff_output = WORK / "out" / "year-ffmpeg.mp4"
        argv, _ = reel_ffmpeg.reel_command([(clip, reel_ffmpeg.clip_duration(clip)) for clip in clips], str(ff_output),
                                           graph_file=WORK / "ffmpeg-year.graph")
        ff_runs = []
        for run in range(1, RUNS_365 + 1):
            ff_output.unlink(missing_ok=True)
            say(f"{YEAR}, run {run}/{RUNS_365}: ffmpeg CLI (bound {bound:.0f} s)")
            measured = measure(argv, self.runs_dir / f"year-ffmpeg-{run}.log", timeout=bound)
            if measured.ok and check_reel(ff_output, expected):
                measured.status = f"failed: {check_reel(ff_output, expected)}"
            if measured.status.startswith("failed"):
                measured.note = tail(measured.log)
            say(f"  {measured.status}, {fmt(measured.wall)} s, {fmt(measured.rss_all, 0)} MB (all processes)")
            ff_runs.append(measured)
        self.add(YEAR, "ffmpeg CLI", ff_runs, f"bound {bound:.0f} s or {MEM_BOUND_MB} MB")

    # -- content identity: a fresh runner, the two identities, the year after its months

    def fresh_runner(self):
        """The 365-day project as a CI runner restores it: library, job and work folder copied to another
        path (every file with a new modification time and inode), the output removed, then `dvpipe run`.
        Content identity reuses every segment; the `identify` stage is the hashing a fresh checkout costs."""
        folder = self.library(YEAR_DAYS)
        work = self.runs_dir / "year-dvpipe"
        original = folder / "out" / f"reference-{YEAR_DAYS}d.mp4"
        if not work.exists() or not original.exists():
            self.add(FRESH_RUNNER, "dvpipe", [], "no 365-day render to restore")
            return
        runner = WORK / "runner-2"
        shutil.rmtree(runner, ignore_errors=True)
        say("fresh runner: copying the library, the job and the work folder with new modification times")
        shutil.copytree(folder, runner / "checkout", copy_function=shutil.copy)
        shutil.copytree(work, runner / "work", copy_function=shutil.copy)
        output = runner / "checkout" / "out" / original.name
        output.unlink(missing_ok=True)
        measured = self.dvpipe_run(runner / "checkout" / "reference.yaml", runner / "work",
                                   self.runs_dir / "fresh-runner.log", fresh=False)
        measured.stages = stage_seconds(measured.log)
        same = output.exists() and sha256(output) == sha256(original)
        if measured.ok and not same:
            measured.status = "failed: the output differs from the 365-day render's"
        self.fresh_identify = measured.stages.get("identify", 0.0) if measured.ok else None
        self.fresh_summary = segments_line(measured.log)
        note = (f"{self.fresh_summary}; identify {measured.stages.get('identify', 0):.3f} s, scan "
                f"{measured.stages.get('scan', 0):.2f} s; output {'byte-identical' if same else 'DIFFERENT'}")
        say(f"  {measured.status}, {fmt(measured.wall)} s ({note})")
        self.add(FRESH_RUNNER, "dvpipe", [measured], note.replace("|", "/"))
        shutil.rmtree(runner, ignore_errors=True)

    def store_runner(self):
        """The 365-day reel on a runner that shares nothing with the one that rendered it but a segment store:
        nginx with WebDAV on 127.0.0.1 holding the year's segments in the store's layout (ac/KEY: the record
        dvpipe uploads, cas/SHA-256: the bytes), the library and job copied elsewhere with new modification
        times, an empty work folder, then `dvpipe run --cache URL`. Its summary gives the transfer rate."""
        folder = self.library(YEAR_DAYS)
        segments = self.runs_dir / "year-dvpipe" / "segments"
        original = folder / "out" / f"reference-{YEAR_DAYS}d.mp4"
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not segments.exists() or not original.exists() or not os.path.exists(nginx):
            self.add(STORE_RUNNER, "dvpipe", [], "no 365-day render to serve, or no nginx")
            return
        store = WORK / "store"
        shutil.rmtree(store, ignore_errors=True)
        for part in ("root/dvpipe/ac", "root/dvpipe/cas", "body"):
            (store / part).mkdir(parents=True)
        for record in sorted(segments.glob("*.json")):
            fields = json.loads(record.read_text())
            shutil.copy(record, store / "root/dvpipe/ac" / fields["key"])
            shutil.copy(segments / f"{fields['key']}.mp4", store / "root/dvpipe/cas" / fields["fileHash"])
        port = free_port()
        (store / "nginx.conf").write_text(
            f"daemon off; master_process off; pid {store}/nginx.pid; error_log {store}/error.log;\n"
            f"events {{}}\nhttp {{ access_log off; server {{ listen 127.0.0.1:{port}; root {store}/root;\n"
            f"client_body_temp_path {store}/body; location /dvpipe/ {{ dav_methods PUT MKCOL; create_full_put_path on;\n"
            f"client_max_body_size 0; }} }} }}\n")
        server = subprocess.Popen([nginx, "-c", str(store / "nginx.conf"), "-p", str(store)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(0.5)
            runner = WORK / "store-runner"
            shutil.rmtree(runner, ignore_errors=True)
            say("fresh runner from a warm segment store: the library and the job copied, an empty work folder")
            shutil.copytree(folder, runner / "checkout", copy_function=shutil.copy)
            output = runner / "checkout" / "out" / original.name
            output.unlink(missing_ok=True)
            measured = self.dvpipe_run(runner / "checkout" / "reference.yaml", runner / "work",
                                       self.runs_dir / "store-runner.log", fresh=False,
                                       extra=("--cache", f"http://127.0.0.1:{port}/dvpipe/"))
            same = output.exists() and sha256(output) == sha256(original)
            if measured.ok and not same:
                measured.status = "failed: the output differs from the 365-day render's"
            log = Path(self.runs_dir / "store-runner.log").read_text(errors="replace")
            found = re.search(r"segment store: (\d+) segments? downloaded \(([^)]*) at ([\d.]+) MB/s\)", log)
            self.store_rate = float(found.group(3)) if found else None
            self.store_summary = segments_line(measured.log)
            note = (f"{self.store_summary}; {found.group(1)} segments, {found.group(2)} at {found.group(3)} MB/s"
                    if found else self.store_summary) + f"; output {'byte-identical' if same else 'DIFFERENT'}"
            say(f"  {measured.status}, {fmt(measured.wall)} s ({note})")
            self.add(STORE_RUNNER, "dvpipe", [measured], note.replace("|", "/"))
            shutil.rmtree(runner, ignore_errors=True)
        finally:
            server.kill()
            server.wait()
            shutil.rmtree(store, ignore_errors=True)

    def identity_alternatives(self):
        """The other identity the render design allows for a clip, the SHA-256 of the whole file, timed over
        the same files as the fresh runner's `identify` stage (which takes dvpipe's window digests): read and
        hashed in this process with hashlib (OpenSSL's SHA-256, as dvpipe's). Bytes: the windows' packets
        (ffprobe) against the whole files."""
        folder = self.library(YEAR_DAYS)
        clips = self.clips(folder)
        say(f"identity alternatives: whole-file SHA-256 of {len(clips)} clips")
        started = time.monotonic()
        for clip in clips:
            digest = hashlib.sha256()
            with open(clip, "rb") as file:
                while chunk := file.read(4 << 20):
                    digest.update(chunk)
        total = time.monotonic() - started
        window_bytes = window_packet_bytes(clips)
        whole_bytes = sum(Path(clip).stat().st_size for clip in clips)
        self.whole_digest = total
        note = (f"{whole_bytes / 1e6:.1f} MB read; the windows' packets: {window_bytes / 1e6:.1f} MB; dvpipe's identify "
                f"stage (window digests): {fmt(getattr(self, 'fresh_identify', None), 3)} s")
        say(f"  {total:.3f} s ({note})")
        self.add(WHOLE_DIGEST, WHOLE_TOOL, [Run("ok", wall=total)], note)

    def server_library(self, folder):
        """The reference job with its library on a WebDAV server: `rclone serve webdav` on 127.0.0.1 behind
        `scripts/library-proxy.py`, which adds 20 ms to every request (a nearby server) and logs each one.
        Rendered in alternation with the same job from disk, each run in a fresh work folder (so the server
        run lists, probes and fetches everything a fresh runner would); the bytes the server sent against
        the bytes of the windows' packets; then four shards, each on the planned index without the blocks
        the plan fetched (as runners that restored the index), each counted for the clips it fetched."""
        rclone = shutil.which("rclone")
        if rclone is None:
            self.add(SERVER_REFERENCE, "dvpipe", [], "rclone is not installed")
            return
        job = folder / "reference.yaml"
        clips = self.clips(folder)
        expected = reel_length(len(clips), 4)
        rclone_port, proxy_port = free_port(), free_port()
        log = self.runs_dir / "server-requests.log"
        log.unlink(missing_ok=True)
        server = subprocess.Popen([rclone, "serve", "webdav", str(folder / "library"), "--addr", f"127.0.0.1:{rclone_port}"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        proxy = subprocess.Popen([sys.executable, ROOT / "scripts" / "library-proxy.py", f"http://127.0.0.1:{rclone_port}",
                                  "--port", str(proxy_port), "--delay-ms", "20", "--log", log],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(2)
            address = f"http://127.0.0.1:{proxy_port}/"
            remote_job = folder / "reference-server.yaml"
            text = job.read_text()
            remote_job.write_text(re.sub(r"paths: \[[^\]]*\]", f'paths: ["{address}"]', text, count=1))
            output = folder / "out" / f"reference-{len(clips)}d.mp4"
            results = {"disk": [], "server": []}
            fetched = []
            for run in range(1, RUNS + 1):
                for place, chosen in (("disk", job), ("server", remote_job)):
                    work = self.runs_dir / f"server-{place}"
                    shutil.rmtree(work, ignore_errors=True)
                    output.unlink(missing_ok=True)
                    before = len(read_requests(log))
                    say(f"library on a server, run {run}/{RUNS}: {place}")
                    measured = judge(self.dvpipe_run(chosen, work, self.runs_dir / f"server-{place}-{run}.log"), output, expected)
                    say(f"  {measured.status}, {fmt(measured.wall)} s wall")
                    results[place].append(measured)
                    if place == "server":
                        fetched.append(sum(size for method, _, size in read_requests(log)[before:] if method == "GET"))
            window_bytes = window_packet_bytes(clips)
            whole_bytes = sum(Path(clip).stat().st_size for clip in clips)
            self.server_fetched = statistics.median(fetched) if fetched else None
            self.server_window_bytes = window_bytes
            note = (f"fetched {', '.join(f'{size / 1e6:.1f}' for size in fetched)} MB a run; windows' packets "
                    f"{window_bytes / 1e6:.1f} MB; library {whole_bytes / 1e6:.1f} MB")
            self.add(SERVER_DISK, "dvpipe", results["disk"])
            self.add(SERVER_REFERENCE, "dvpipe", results["server"], note)

            planned = self.runs_dir / "server-planned"
            shutil.rmtree(planned, ignore_errors=True)
            measure([self.dvpipe, "plan", remote_job, "--work-dir", planned], self.runs_dir / "server-plan.log")
            per_shard = []
            for shard in range(1, 5):
                work = self.runs_dir / f"server-shard-{shard}"
                shutil.rmtree(work, ignore_errors=True)
                shutil.copytree(planned, work)
                shutil.rmtree(work / "library-blocks", ignore_errors=True)
                before = len(read_requests(log))
                say(f"library on a server: shard {shard}/4")
                measure([self.dvpipe, "render", remote_job, "--work-dir", work, "--shard", f"{shard}/4", "--progress", "none"],
                        self.runs_dir / f"server-shard-{shard}.log")
                per_shard.append({path for method, path, _ in read_requests(log)[before:] if method == "GET"})
            fetched_in_all = sum(len(files) for files in per_shard)
            self.server_shard_files = (fetched_in_all, len(clips))
            note = (f"clips fetched per shard: {' / '.join(str(len(files)) for files in per_shard)} of {len(clips)}; "
                    f"fetched by two shards (a transition between their segments): {fetched_in_all - len(set.union(*per_shard))}")
            say(f"  {note}")
            self.add(SERVER_SHARDS, "dvpipe", [Run("ok", wall=None)], note)
        finally:
            for process in (proxy, server):
                process.kill()
                process.wait()

    def months(self):
        """The 365-day library as twelve month jobs, one after another, sharing a new cache, then the year
        job (its own work folder) with that cache: it renders only what no month rendered (each month's
        first and last day, whose transitions change), and takes the rest from the cache."""
        folder = self.library(YEAR_DAYS)
        text = (folder / "reference.yaml").read_text()
        cache = WORK / "month-cache"
        shutil.rmtree(cache, ignore_errors=True)
        last = datetime.date(2023, 1, 1) + datetime.timedelta(days=YEAR_DAYS - 1)
        months = sorted({(day.year, day.month) for day in (datetime.date(2023, 1, 1) + datetime.timedelta(days=n)
                                                            for n in range(YEAR_DAYS))})
        runs, works = [], []
        try:
            for year, month in months:
                job = folder / f"month-{year}-{month:02}.yaml"
                job.write_text(re.sub(r"timeframe: .*", f"timeframe: {{ month: {year}-{month:02} }}",
                                      re.sub(r"path: out/reference-\d+d\.mp4", f"path: out/month-{year}-{month:02}.mp4", text)))
                work = self.runs_dir / f"month-{year}-{month:02}"
                works.append(work)
                say(f"months: {year}-{month:02} with the shared cache")
                measured = self.dvpipe_run(job, work, self.runs_dir / f"month-{year}-{month:02}.log", fresh=False,
                                           extra=("--cache", cache))
                if not measured.ok:
                    measured.note = tail(measured.log)
                runs.append(measured)
            total = Run("ok" if all(run.ok for run in runs) else "failed: a month job failed",
                        wall=sum(run.wall or 0 for run in runs), cpu=sum(run.cpu or 0 for run in runs),
                        rss=max((run.rss or 0 for run in runs), default=None))
            self.add(MONTHS, "dvpipe", [total], f"{len(runs)} jobs, {months[0][0]}-{months[0][1]:02} to "
                                               f"{last:%Y-%m}; wall and CPU summed")
            job = folder / "year-after-months.yaml"
            job.write_text(re.sub(r"path: out/reference-\d+d\.mp4", "path: out/year-after-months.mp4", text))
            work = self.runs_dir / "year-after-months"
            works.append(work)
            say(f"{AFTER_MONTHS}: dvpipe")
            measured = self.dvpipe_run(job, work, self.runs_dir / "year-after-months.log", fresh=False,
                                       extra=("--cache", cache))
            year_output = folder / "out" / f"reference-{YEAR_DAYS}d.mp4"
            output = folder / "out" / "year-after-months.mp4"
            if measured.ok and year_output.exists() and sha256(output) != sha256(year_output):
                measured.status = "failed: the output differs from the plain 365-day render's"
            self.after_months = segments_line(measured.log)
            say(f"  {measured.status}, {fmt(measured.wall)} s ({self.after_months})")
            self.add(AFTER_MONTHS, "dvpipe", [measured], self.after_months)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
            for work in works:
                shutil.rmtree(work, ignore_errors=True)

    # -- incremental: one pin changed

    def incremental(self, folder):
        base_text = (folder / "reference.yaml").read_text()
        job = folder / "incremental.yaml"
        base = re.sub(r"path: out/reference-\d+d\.mp4", "path: out/incremental.mp4", base_text)
        middle = datetime.date(2023, 1, 1) + datetime.timedelta(days=DAYS // 2)
        work = self.runs_dir / "incremental"
        job.write_text(base)
        say("incremental: full render first (not timed)")
        first = self.dvpipe_run(job, work, self.runs_dir / "incremental-full.log")
        if not first.ok:
            self.add(INCREMENTAL, "dvpipe", [first], tail(first.log))
            return
        runs, reuse = [], []
        for run in range(1, RUNS + 1):
            # Each run moves the middle day's window: its segment and the transitions beside it change.
            pinned = base + (f"days:\n  {middle}: {{ pin: {{ file: VID_{middle:%Y%m%d}_120000.mp4, "
                             f"start: {run * 0.2:.1f}s }} }}\n")
            job.write_text(pinned)
            say(f"incremental, run {run}/{RUNS}: dvpipe after pinning {middle} at {run * 0.2:.1f} s")
            measured = self.dvpipe_run(job, work, self.runs_dir / f"incremental-{run}.log", fresh=False)
            if measured.ok and check_reel(folder / "out" / "incremental.mp4", self.reference_expected):
                measured.status = "failed: " + check_reel(folder / "out" / "incremental.mp4", self.reference_expected)
            reuse.append(segments_line(measured.log))
            say(f"  {measured.status}, {fmt(measured.wall)} s ({reuse[-1]})")
            runs.append(measured)
        self.add(INCREMENTAL, "dvpipe", runs, "; ".join(sorted(set(reuse))))

    # -- resume after kill -9 at 50%

    def resume(self, folder):
        job = folder / "reference.yaml"
        runs, notes = [], []
        for run in range(1, RUNS + 1):
            work = self.runs_dir / f"resume-{run}"
            seen = {}

            def half_done(line):
                try:
                    event = json.loads(line)
                except ValueError:
                    return False
                if event.get("event") == "unit_finished" and event.get("stage") == "encode":
                    seen["done"], seen["total"] = event["done"], event["total"]
                    return 2 * event["done"] >= event["total"]
                return False

            say(f"resume, run {run}/{RUNS}: dvpipe killed with SIGKILL at 50% of the segments")
            killed = self.dvpipe_run(job, work, self.runs_dir / f"resume-kill-{run}.log", on_line=half_done)
            if killed.status != "killed":
                killed.status = f"failed: the run to kill ended first ({killed.status})"
                runs.append(killed)
                continue
            segments = sum(1 for _ in work.rglob("*.mp4")) if work.exists() else 0
            measured = self.dvpipe_run(job, work, self.runs_dir / f"resume-{run}.log", fresh=False)
            output = folder / "out" / f"reference-{DAYS}d.mp4"
            if measured.ok and check_reel(output, self.reference_expected):
                measured.status = "failed: " + check_reel(output, self.reference_expected)
            notes.append(f"killed at {seen.get('done')}/{seen.get('total')} ({segments} .mp4 files in the work folder); "
                         + segments_line(measured.log))
            say(f"  {measured.status}, {fmt(measured.wall)} s ({notes[-1]})")
            runs.append(measured)
        self.add(RESUME, "dvpipe", runs, " | ".join(notes[:1]))

    # -- warm plan over a 20,000-file index

    def index(self):
        folder = WORK / f"index-{INDEX_FILES}"
        if not (folder / ".complete-with-positions").exists():
            shutil.rmtree(folder, ignore_errors=True)
            say(f"writing a {INDEX_FILES:,}-file library with dvpipe demo --scan-benchmark (distinct tiny clips dated by name, "
                "a Takeout sidecar beside every other one)")
            # Copies, not hard links: the scanner lists a file reached through several links once.
            subprocess.run([self.dvpipe, "demo", str(folder), "--scan-benchmark", str(INDEX_FILES)], check=True,
                           stdout=subprocess.DEVNULL)
            (folder / ".complete-with-positions").write_text("ok\n")
        job = folder / "bench.yaml"
        work = self.runs_dir / "index"
        argv = [self.dvpipe, "plan", job, "--work-dir", work]
        say("index: cold dvpipe plan (not in the target)")
        cold = measure(argv, self.runs_dir / "index-cold.log")
        scanned = re.search(r"scan\s+\d+/(\d+)", Path(cold.log).read_text(errors="replace"))
        if cold.ok and (not scanned or int(scanned.group(1)) != INDEX_FILES):
            cold.status = f"failed: probed {scanned.group(1) if scanned else 'no'} files, not {INDEX_FILES}"
        if not cold.ok:
            cold.note = tail(cold.log)
        self.add(f"cold plan, 365 days, {INDEX_FILES:,}-file library", "dvpipe", [cold])
        runs = []
        for run in range(1, RUNS + 1):
            say(f"index, run {run}/{RUNS}: warm dvpipe plan")
            measured = measure(argv, self.runs_dir / f"index-warm-{run}.log")
            if not measured.ok:
                measured.note = tail(measured.log)
            runs.append(measured)
        self.add(f"warm plan, 365 days, {INDEX_FILES:,}-file index", "dvpipe", runs)
        # Every file says where it was shot; with the place-name table installed, the plan names each day.
        places = ROOT / ".build-places" / "cities1000.csv"
        subprocess.run([ROOT / "scripts" / "install-places.sh", places], check=True)
        named = []
        for run in range(1, RUNS + 1):
            say(f"index, run {run}/{RUNS}: warm dvpipe plan --json, place names from {places.name}")
            measured = measure(argv + ["--json"], self.runs_dir / f"index-places-{run}.log",
                               env=dict(os.environ, DVPIPE_PLACES=str(places)))
            if measured.ok and '"city"' not in Path(measured.log).read_text(errors="replace"):
                measured.status = "failed: the plan names no place"
            if not measured.ok:
                measured.note = tail(measured.log)
            named.append(measured)
        self.add(INDEX_PLACES, "dvpipe", named)


def slug(tool):
    return re.sub(r"[^a-z0-9]+", "-", tool.lower()).strip("-")


def overlay_variant(folder, days):
    """reference-overlays.yaml: the reference job plus a date stamp, a caption on every day and a PNG
    watermark (made once with the ffmpeg CLI: a half-transparent white badge), written beside it."""
    logo = folder / "watermark.png"
    if not logo.exists():
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=white@0.6:s=320x120,format=rgba",
                        "-frames:v", "1", str(logo)], check=True)
    text = (folder / "reference.yaml").read_text()
    text = re.sub(r"name: (\S+)", r"name: \1-overlays", text, count=1)
    text = re.sub(r"path: out/reference-\d+d\.mp4", "path: out/reference-overlays.mp4", text)
    first = datetime.date(2023, 1, 1)
    captions = "".join(f"  {first + datetime.timedelta(days=index)}: {{ caption: \"Day {index + 1} of the reel\" }}\n"
                       for index in range(days))
    text += ("overlays:\n"
             "  - date: { format: \"EEE, MMM d\", position: bottom-left, size: 0.045, locale: en_US }\n"
             "  - image: { file: watermark.png, position: top-right, width: 0.12, opacity: 0.8 }\n"
             "days:\n" + captions)
    job = folder / "reference-overlays.yaml"
    job.write_text(text)
    return job


def stage_seconds(log):
    """Seconds per stage of a `dvpipe run --progress json` log: from each stage's `stage_started` to its
    `stage_finished` event (the events' `elapsed` field). The picture is the segment stages taken together."""
    starts, seconds = {}, {}
    try:
        lines = Path(log).read_text(errors="replace").splitlines()
    except OSError:
        return {}
    for line in lines:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if not isinstance(event, dict) or "stage" not in event:
            continue
        if event.get("event") == "stage_started":
            starts[event["stage"]] = event["elapsed"]
        elif event.get("event") == "stage_finished" and event["stage"] in starts:
            seconds[event["stage"]] = seconds.get(event["stage"], 0) + event["elapsed"] - starts.pop(event["stage"])
    return seconds


def window_packet_bytes(clips):
    """The bytes of the packets inside each clip's window (the first WINDOW seconds), as ffprobe lists them."""
    total = 0
    for clip in clips:
        sizes = subprocess.run(["ffprobe", "-v", "error", "-read_intervals", f"0%+{WINDOW}", "-show_entries",
                                "packet=size", "-of", "csv=p=0", clip], capture_output=True, text=True).stdout
        total += sum(int(size) for size in sizes.split() if size.isdigit())
    return total


def read_requests(log):
    """The requests `scripts/library-proxy.py` logged: (method, path, bytes sent) each."""
    if not Path(log).exists():
        return []
    requests = []
    for line in Path(log).read_text().splitlines():
        fields = line.split(" ")
        if len(fields) == 5 and fields[4].isdigit():
            requests.append((fields[0], fields[1], int(fields[4])))
    return requests


def sha256(path):
    return subprocess.run(["sha256sum", str(path)], capture_output=True, text=True, check=True).stdout.split()[0]


def segment_counts(line):
    """(rendered, total) from a summary's `segments: N rendered, M reused (of T)`; None without one."""
    match = re.search(r"segments: (\d+) rendered, \d+ reused \(of (\d+)\)", line or "")
    return (int(match.group(1)), int(match.group(2))) if match else None


def segments_line(log):
    match = re.search(r"segments: .*", Path(log).read_text(errors="replace")) if Path(log).exists() else None
    return match.group(0).strip() if match else "no summary"


# ------------------------------------------------------------------------------------------------
# Report


def fmt(value, digits=1):
    return "–" if value is None else f"{value:.{digits}f}"


def first_line(argv):
    try:
        result = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"unavailable ({error.__class__.__name__})"
    text = (result.stdout or result.stderr).strip()
    return text.splitlines()[0].strip() if text else "unavailable"


HOSTS = BENCH / "hosts.json"


def cpu_model():
    return next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                 if line.startswith("model name")), "unknown CPU")


def host_record(bench, started, versions):
    """This host's figures for the reference reel (None when the reference or its floor was not measured): the
    host (CPU model, cores, FFmpeg and x264 builds) and the medians dvpipe's speed is quoted from."""
    ref = lambda tool, attribute="wall": bench.median(REFERENCE, tool, attribute)
    full, floor = ref("dvpipe"), bench.median(FLOOR_SUM, FLOOR_SUM_TOOL)
    if full is None or floor is None:
        return None
    x264 = re.search(r"libx264 (core \d+\S*(?: r\d+)?)", versions["dvpipe"])
    ffmpeg = re.search(r"version (\S+)", versions["ffmpeg"])
    figure = lambda value: None if value is None else round(value, 3)
    return {
        "host": f"{os.cpu_count()} cores, {cpu_model()}",
        "ffmpeg": ffmpeg.group(1) if ffmpeg else versions["ffmpeg"],
        "x264": x264.group(1) if x264 else "unknown",
        "measured": f"{started:%Y-%m-%d}",
        "runs": RUNS,
        "dvpipe wall (s)": figure(full),
        "floor wall (s)": figure(floor),
        "libx264 alone wall (s)": figure(bench.median(FLOOR, FLOOR_TOOL)),
        "windows decoded, CPU (s)": figure(bench.median(DECODE, DECODE_TOOL, "cpu")),
        "ffmpeg CLI wall (s)": figure(ref("ffmpeg CLI")),
        "dvpipe / floor": figure(statistics.median(bench.floor_pairs) if getattr(bench, "floor_pairs", None) else ratio(full, floor)),
        "dvpipe / libx264 alone": figure(ratio(full, bench.median(FLOOR, FLOOR_TOOL))),
        "dvpipe / ffmpeg CLI": figure(ratio(full, ref("ffmpeg CLI"))),
    }


def hosts_section(record):
    """bench/hosts.json with `record` put in place of its host's earlier one, written back, and as results.md's
    section: one table per host, so figures from different machines are never mixed in one series."""
    hosts = json.loads(HOSTS.read_text()) if HOSTS.exists() else []
    if record is not None:
        hosts = [host for host in hosts if (host["host"], host["ffmpeg"]) != (record["host"], record["ffmpeg"])] + [record]
        HOSTS.write_text(json.dumps(hosts, indent=2, ensure_ascii=False) + "\n")
    lines = ["## The reference reel by host", "",
             "Each host's last `make bench` (bench/hosts.json): the reference reel's medians and what dvpipe's wall is "
             "quoted against. The floor is the plan's windows decoded alone plus libx264 alone on the reel's frames, the "
             "decoding's CPU seconds spread over libx264's own core use: what any renderer that decodes those windows and "
             "encodes this reel with these settings needs on that host."]
    for host in hosts:
        lines += ["", f"### {host['host']}, FFmpeg {host['ffmpeg']}, x264 {host['x264']} ({host['measured']}, "
                  f"{host['runs']} run(s) each)", "", "| figure | value |", "| --- | ---: |"]
        lines += [f"| {name} | {value if value is not None else '–'} |" for name, value in host.items()
                  if name not in ("host", "ffmpeg", "x264", "measured", "runs")]
    return "\n".join(lines) + "\n"


def machine():
    model = cpu_model()
    memory = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1)) / 1048576
    return f"{os.cpu_count()} cores ({model}), {memory:.0f} GiB RAM, Linux {platform.release()}"


def status_of(runs, note):
    if not runs:
        return note or "not run"
    good = sum(1 for run in runs if run.ok)
    if good == len(runs):
        return f"ok {good}/{len(runs)}"
    problems = sorted({run.status for run in runs if not run.ok})
    return f"ok {good}/{len(runs)}; " + "; ".join(problems)


def ratio(numerator, denominator, percent=False):
    if numerator is None or not denominator:
        return None
    return numerator / denominator * (100 if percent else 1)


def floor_runs(decodes, encodes):
    """The floor of each pair of runs: the decoding's and the encoder's CPU seconds together, spread over the
    encoder's own core use (its CPU over its wall), which is what a renderer that does both at the encoder's
    pace would take; a pair with a failed run gives a failed floor."""
    floors = []
    for decode, encode in zip(decodes, encodes):
        if not (decode.ok and encode.ok and encode.cpu and encode.wall):
            floors.append(Run("failed: a run it is computed from failed"))
            continue
        cores = encode.cpu / encode.wall
        floors.append(Run("ok", wall=(encode.cpu + decode.cpu) / cores, cpu=encode.cpu + decode.cpu,
                          note=f"{decode.cpu:.1f} + {encode.cpu:.1f} CPU-s at {cores:.2f} cores"))
    return floors


def audio_share(splits):
    """Median over runs of the audio stage's time as a percentage of the picture (encode) stage's."""
    shares = [split["audio"] / split["encode"] * 100 for split in splits if split.get("encode") and "audio" in split]
    return statistics.median(shares) if shares else None


def report(bench, started, versions):
    lines = [f"Measured {started:%Y-%m-%d %H:%M} UTC by `make bench` (bench/bench.py): {RUNS} run(s) per tool "
             f"on the reference job, tools in alternation; medians of the runs that produced a correct reel.", "",
             f"- Machine: {machine()}; shared with other work, so single runs vary.",
             f"- dvpipe: {versions['dvpipe']}", f"- ffmpeg CLI: {versions['ffmpeg']}",
             f"- MoviePy: {versions['moviepy']} (Python {platform.python_version()}, writing through the same ffmpeg)",
             f"- Reference job: {DAYS} clips of 4 s (1920×1080, 1280×720, 1080×1920, 3840×2160, 1920×1080@60, "
             "1440×1080@24, cycling; written by `dvpipe demo --reference`), the first 3 s of each, contained in "
             "1920×1080@30, 0.5 s crossfades, x264 veryfast crf 20, AAC 160k, no overlays, no loudness matching.", "",
             "| scenario | tool | runs | wall (s) | CPU user+sys (s) | peak RSS (MB) | peak RSS, all processes (MB) | notes |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for scenario, tool, runs, note in bench.rows:
        med = lambda attribute: statistics.median([getattr(r, attribute) for r in runs if r.ok and getattr(r, attribute) is not None]) \
            if any(r.ok and getattr(r, attribute) is not None for r in runs) else None
        extra = note
        if not any(run.ok for run in runs):
            walls = [run.wall for run in runs if run.wall is not None]
            if walls and all(run.status.startswith("did not finish") for run in runs):
                extra = (note + "; " if note else "") + f"stopped at {max(walls):.0f} s"
            failure = next((run.note for run in runs if run.note), "")
            if failure:
                extra = (extra + "; " if extra else "") + failure.replace("|", "/")
        lines.append(f"| {scenario} | {tool} | {status_of(runs, note)} | {fmt(med('wall'), 2)} | {fmt(med('cpu'), 1)} | "
                     f"{fmt(med('rss'), 0)} | {fmt(med('rss_all'), 0)} | {extra} |")
    ref = lambda tool, attribute="wall": bench.median(REFERENCE, tool, attribute)
    full = ref("dvpipe")
    rss31, rss365 = ref("dvpipe", "rss"), bench.median(YEAR, "dvpipe", "rss")
    targets = [
        ("reference wall, dvpipe / ffmpeg CLI", ratio(full, ref("ffmpeg CLI")), "×", "≤ 0.40×", 0.40),
        ("reference wall, dvpipe / MoviePy 2", ratio(full, ref("MoviePy 2")), "×", "≤ 0.10×", 0.10),
        ("reference wall, dvpipe / the floor (its windows decoded + libx264 alone, at libx264's core use), median of the runs' ratios",
         statistics.median(bench.floor_pairs) if getattr(bench, "floor_pairs", None) else None, "×", "≤ 1.05×", 1.05),
        ("reference wall, dvpipe / the encoder alone on its frames", ratio(full, bench.median(FLOOR, FLOOR_TOOL)),
         "×", "–", None),
        ("reference floor / the encoder alone on its frames, wall",
         ratio(bench.median(FLOOR_SUM, FLOOR_SUM_TOOL), bench.median(FLOOR, FLOOR_TOOL)), "×", "–", None),
        ("reference CPU, dvpipe / ffmpeg CLI", ratio(ref("dvpipe", "cpu"), ref("ffmpeg CLI", "cpu")), "×", "–", None),
        ("reference CPU, dvpipe / MoviePy 2", ratio(ref("dvpipe", "cpu"), ref("MoviePy 2", "cpu")), "×", "–", None),
        ("reference peak RSS, dvpipe", rss31, " MB", "≤ 400 MB", 400),
        (f"{YEAR_DAYS}-day peak RSS, dvpipe / reference", ratio(rss365, rss31), "×", "≤ 1.10×", 1.10),
        ("reference as HEVC 10-bit HLG / as HEVC 10-bit BT.709, wall",
         ratio(bench.median(HDR_HLG, "dvpipe"), bench.median(HDR_SDR, "dvpipe")), "×", "≤ 1.15×", 1.15),
        ("incremental re-render / full render", ratio(bench.median(INCREMENTAL, "dvpipe"), full, True),
         "%", "≤ 10%", 10),
        ("resume after 50% / full render", ratio(bench.median(RESUME, "dvpipe"), full, True),
         "%", "≤ 60%", 60),
        ("audio stage / picture (encode) stage, reference", audio_share(bench.stage_split), "%", "< 5%", 5),
        ("reference wall with date stamp, captions and watermark / without", ratio(ref(OVERLAID), full),
         "×", "≤ 1.10×", 1.10),
        (f"fresh runner: identify stage / full {YEAR_DAYS}-day render",
         ratio(getattr(bench, "fresh_identify", None), bench.median(YEAR, "dvpipe"), True), "%.2", "≤ 3%", 3),
        (f"fresh runner: segments rendered of {YEAR_DAYS}",
         (segment_counts(getattr(bench, "fresh_summary", None)) or (None,))[0], "", "0", 0),
        (f"warm plan with place names, {INDEX_FILES:,} files with positions, wall", bench.median(INDEX_PLACES, "dvpipe"),
         " s", "≤ 0.6 s", 0.6),
        (f"fresh runner from a warm segment store / full {YEAR_DAYS}-day render, wall",
         ratio(bench.median(STORE_RUNNER, "dvpipe"), bench.median(YEAR, "dvpipe"), True), "%", "≤ 10%", 10),
        ("segment store download rate (127.0.0.1, nginx)", getattr(bench, "store_rate", None), " MB/s", "–", None),
        (f"whole-file SHA-256 / window digests (dvpipe's identify), {YEAR_DAYS} clips",
         ratio(getattr(bench, "whole_digest", None), getattr(bench, "fresh_identify", None)), "×", "–", None),
        ("reference from WebDAV + 20 ms / the reference floor, wall",
         ratio(bench.median(SERVER_REFERENCE, "dvpipe"), bench.median(FLOOR_SUM, FLOOR_SUM_TOOL)), "×", "–", None),
        ("reference from WebDAV + 20 ms / from disk, fresh work folders, wall",
         ratio(bench.median(SERVER_REFERENCE, "dvpipe"), bench.median(SERVER_DISK, "dvpipe")), "×", "≤ 1.15×", 1.15),
        ("reference from WebDAV: bytes fetched / bytes of the windows' packets",
         ratio(getattr(bench, "server_fetched", None), getattr(bench, "server_window_bytes", None)), "×", "–", None),
        ("reference from WebDAV in 4 shards: clips fetched, summed over shards / clips",
         ratio(*(getattr(bench, "server_shard_files", None) or (None, None))), "×", "–", None),
        (f"{YEAR_DAYS} days after the month jobs: segments rendered / all",
         ratio(*(segment_counts(getattr(bench, "after_months", None)) or (None, None)), True), "%", "≤ 10%", 10),
        (f"{YEAR_DAYS} days after the month jobs / the plain {YEAR_DAYS}-day render, wall",
         ratio(bench.median(AFTER_MONTHS, "dvpipe"), bench.median(YEAR, "dvpipe")), "×", "–", None),
        ("4 shards: slowest shard / mean shard, wall", bench.shard_balance(4), "×", "≤ 1.15×", 1.15),
        ("reference with start: auto / plain, cold wall, alternated",
         ratio(bench.median(AUTO_START, "dvpipe"), bench.median(AUTO_PLAIN, "dvpipe")),
         "×", "≤ 1.15×", 1.15),
        ("reference split in two layers a day, wall, dvpipe / ffmpeg CLI hstack",
         ratio(bench.median(LAYERED, "dvpipe"), bench.median(LAYERED, "ffmpeg CLI")), "×", "–", None),
        ("reference split in two layers a day / plain reference, dvpipe wall",
         ratio(bench.median(LAYERED, "dvpipe"), full), "×", "–", None),
        ("warm plan with start: auto / plain warm plan",
         ratio(bench.median(WARM_PLAN_AUTO, "dvpipe"), bench.median(WARM_PLAN, "dvpipe")), "×", "–", None),
        ("reference 1080×1920, fit: subject / fit: cover, wall, alternated",
         ratio(bench.median(TALL_SUBJECT, "dvpipe"), bench.median(TALL_COVER, "dvpipe")), "×", "≤ 1.15×", 1.15),
        ("three shapes: one job with outputs: / three one-output jobs, wall",
         ratio(bench.median(THREE_SHAPES, THREE_ONE), bench.median(THREE_SHAPES, THREE_JOBS)), "×", "≤ 0.75×", 0.75),
        ("three shapes: one job with outputs: / the largest one-output job, peak RSS",
         ratio(bench.median(THREE_SHAPES, THREE_ONE, "rss"), bench.median(THREE_SHAPES, THREE_JOBS, "rss")), "×", "≤ 1.5×", 1.5),
        ("three shapes, --jobs 1: one job with outputs: / three one-output jobs, wall",
         ratio(bench.median(THREE_SHAPES, THREE_ONE_AT_A_TIME), bench.median(THREE_SHAPES, THREE_JOBS)), "×", "–", None),
        ("three shapes, --jobs 1: one job with outputs: / the largest one-output job, peak RSS",
         ratio(bench.median(THREE_SHAPES, THREE_ONE_AT_A_TIME, "rss"), bench.median(THREE_SHAPES, THREE_JOBS, "rss")), "×", "–", None),
        ("three shapes: libx264 alone on the three reels' frames / three one-output jobs, wall (the floor for the row above)",
         ratio(bench.median(THREE_SHAPES, THREE_FLOOR), bench.median(THREE_SHAPES, THREE_JOBS)), "×", "–", None),
        ("three shapes: one job with outputs: / libx264 alone on its frames, wall",
         ratio(bench.median(THREE_SHAPES, THREE_ONE), bench.median(THREE_SHAPES, THREE_FLOOR)), "×", "–", None),
        ("three shapes: one job with outputs: / the floor (windows decoded once + the three encoders alone), wall",
         ratio(bench.median(THREE_SHAPES, THREE_ONE), bench.median(THREE_SHAPES, THREE_FLOOR_SUM)), "×", "–", None),
        ("three shapes: one dvpipe job with outputs: / the ffmpeg CLI split into three encoders, wall",
         ratio(bench.median(THREE_SHAPES, THREE_ONE), bench.median(THREE_SHAPES, THREE_FFMPEG)), "×", "–", None),
        *((f"reference encoded as {codec} / as h264, dvpipe wall",
           ratio(bench.median(CODEC_REEL.format(DAYS, codec), "dvpipe"), bench.median(CODEC_REEL.format(DAYS, "h264"), "dvpipe")),
           "×", "–", None) for codec in ("hevc", "av1")),
        *((f"reference encoded as {codec}, dvpipe / its floor (windows decoded + the encoder alone), wall",
           ratio(bench.median(CODEC_REEL.format(DAYS, codec), "dvpipe"), bench.median(CODEC_FLOOR.format(codec), FLOOR_SUM_TOOL)),
           "×", "–", None) for codec in CODECS),
        *((f"{codec} encoder alone / libx264 alone, the reference reel's frames, wall",
           ratio(bench.median(CODEC_ALONE.format(codec), encoder_alone_tool(codec)),
                 bench.median(CODEC_ALONE.format("h264"), encoder_alone_tool("h264"))), "×", "–", None) for codec in ("hevc", "av1")),
        ("reference as a 10-bit HLG reel / as SDR, both hevc, dvpipe wall",
         ratio(bench.median(CODEC_REEL.format(DAYS, "hevc HLG"), "dvpipe"), bench.median(CODEC_REEL.format(DAYS, "hevc"), "dvpipe")),
         "×", "–", None),
        ("libx265 alone, Main 10 HLG (converting the 8-bit frames) / Main 8, the reference reel's frames, wall",
         ratio(bench.median(CODEC_ALONE.format("hevc HLG"), encoder_alone_tool("hevc HLG")),
               bench.median(CODEC_ALONE.format("hevc"), encoder_alone_tool("hevc"))), "×", "–", None),
        *((f"{count} shard(s): slowest shard + assemble / one dvpipe run",
           ratio(bench.median(SHARDED.format(count), "dvpipe"), full), "×", "–", None) for count in SHARD_COUNTS),
    ]
    lines += ["", "| target | measured | target | met |", "| --- | ---: | --- | --- |"]
    for name, value, unit, target, limit in targets:
        if value is None:
            lines.append(f"| {name} | – | {target} | not measured |")
        else:
            # One decimal for shares, so a 4.7% against "< 5%" does not read as 5%.
            shown = {"%": f"{value:.1f}%", "%.2": f"{value:.2f}%", " MB": f"{value:.0f} MB", "": f"{value:.0f}"}.get(
                unit, f"{value:.2f}{unit}")
            met = "–" if limit is None else ("yes" if value <= limit else "no")
            lines.append(f"| {name} | {shown} | {target} | {met} |")
    if bench.stage_split:
        stages = sorted({stage for split in bench.stage_split for stage in split})
        lines += ["", "dvpipe's stages in the reference runs (median seconds, from the `--progress json` events; "
                  "`encode` is the picture: load, normalize, transition and encode of every segment): "
                  + ", ".join(f"{stage} {statistics.median([split.get(stage, 0) for split in bench.stage_split]):.2f}"
                              for stage in stages) + "."]
    lines += ["", "Wall and CPU (user + system, the command and the children it waited for) and peak RSS "
              "(the largest single process) come from GNU time; \"all processes\" is the summed RSS of the run's "
              "process group, sampled every 0.25 s (MoviePy runs ffmpeg readers and a writer beside Python). "
              "dvpipe runs with `--fresh` (scan and render from nothing) except the incremental and resume runs. "
              "Incremental: the middle day pinned to its own clip with a later start, a different one each run, after "
              "a full render of the same job, compared with the reference full render. Resume: `kill -9` once half of "
              "the encode stage's segments are reported finished (`--progress json`), then the same command again, "
              f"timed. Encoder alone: libx264 with dvpipe's settings (veryfast, crf 20, `{DVPIPE_X264_PARAMS}`) encoding the frames of dvpipe's reference reel as one stream, from raw YUV decoded "
              "beforehand, to no file. Floor: the plan's windows of the reel's clips decoded alone (one ffmpeg CLI process, video and "
              "sound, to no output), each taken with the encoder alone right after a dvpipe run, their CPU seconds added to the encoder's and spread over the "
              "encoder's own core use, run by run: what any renderer that decodes these windows and encodes this reel with these "
              "settings needs on this machine; dvpipe ÷ floor is the median of the runs' own ratios; the codecs' and the three shapes' floors are made the same way. "
              f"The {INDEX_FILES:,}-file library (`dvpipe demo --scan-benchmark`) is copies of four tiny clips tagged only "
              "with where they were shot (four cities, Android's ISO 6709 form), named `VID_2023MMDD_HHMMSS.mp4` over the "
              "365 days of 2023; the cold plan probes every file (the run fails if it did not), the warm plans only stat "
              "them; the warm plan with place names reads the GeoNames table (scripts/install-places.sh) and names every "
              "day's place in `plan --json`. Runs that last less than the 0.25 s sampling step show no \"all processes\" peak. "
              "Every dvpipe run has the shared cache off but the month jobs and the year job after them, which share a new one. "
              f"Fresh runner: the {YEAR_DAYS}-day library, job and work folder copied to another path with new modification times "
              "and inodes, the output removed, then `dvpipe run`; its `identify` stage is the hashing of every file the reel reads. "
              "Window-packet digest: the other identity the design allows, costed per clip with the ffmpeg CLI "
              "(`-ss 0 -t 3 -c copy -f hash`), less a process start-up each. "
              "Shards: `dvpipe render --shard K/N` for K = 1…N one after another, each in a fresh work folder of its own "
              "and timed alone (the machine to itself and its own scan, as on its own runner), then the shards' segments "
              "merged into one folder and `dvpipe assemble`, timed; the row's wall is the slowest shard plus the "
              "assembly (the scan, sound and muxing that assemble redoes included), the notes give every shard's wall. "
              "Best moment: the reference job with `clips.video.start: auto`, from nothing (`--fresh`), so every clip is "
              "decoded for its analysis and then rendered, alternated with the plain reference job, its ratio taken "
              "between the two; warm plans run after those renders, analyses kept. "
              "Layers: each reference day with two layers, its own clip and the next day's (`layout: split-h`, "
              "`audio: first`), against the ffmpeg CLI scaling each clip to cover 960×1080, cropping and `hstack`ing "
              "them, with the same crossfades: both decode each clip twice. "
              f"Three shapes: the first {OUTPUT_DAYS} reference days, 1920×1080 contained and 1080×1920 and 1080×1080 "
              "covered, the reference's encoder settings; dvpipe's job with `outputs:` (by default its three encoders at "
              "once, each clip decoded once; with `--jobs 1` one segment at a time, each decoding for itself) against "
              "three one-output jobs run one after another (walls and CPU summed, the largest peak), and against the "
              "ffmpeg CLI with one filtergraph: each clip trimmed and `split` into three scales, the crossfades chained "
              "per shape, the sound `asplit` into three encoders (its graph of all 31 days holds more than the memory bound); "
              "and libx264 alone, with dvpipe's settings, on each of dvpipe's three reels' frames decoded beforehand, the three "
              "summed: the floor for rendering the three shapes with these encoders on this machine."]
    return "\n".join(lines) + "\n"


def tool_versions(dvpipe):
    return {
        "dvpipe": " ".join(subprocess.run([dvpipe, "--version"], capture_output=True, text=True).stdout.split()),
        "ffmpeg": first_line(["ffmpeg", "-version"]),
        "moviepy": first_line([VENV / "bin" / "python", "-c", "import moviepy; print(moviepy.__version__)"])
        if (VENV / "bin" / "python").exists() else "not installed",
    }


def print_host_line(record):
    """The line `make bench` ends with: the reference reel's ratios and the host they hold on."""
    if record is None:
        print("reference reel: no floor measured (BENCH_SKIP has reference or floor)")
        return
    shown = lambda name: f"{record[name]:.2f}×" if record[name] is not None else "not measured"
    print(f"reference reel: dvpipe/floor {shown('dvpipe / floor')}, dvpipe/libx264 alone {shown('dvpipe / libx264 alone')}, "
          f"dvpipe/ffmpeg CLI {shown('dvpipe / ffmpeg CLI')} on {record['host']}, FFmpeg {record['ffmpeg']}, x264 {record['x264']}")


def main():
    started = datetime.datetime.now(datetime.timezone.utc)
    if not Path(GNU_TIME).exists() or not shutil.which("ffmpeg"):
        sys.exit("bench: needs GNU time and ffmpeg (make bench installs them)")
    dvpipe = os.environ.get("DVPIPE", str(ROOT / ".build" / "release" / "dvpipe"))
    if not Path(dvpipe).exists():
        sys.exit(f"bench: no dvpipe at {dvpipe} (make bench builds it)")
    WORK.mkdir(parents=True, exist_ok=True)
    # No run is served from a cache left by another (the month scenario names one of its own).
    os.environ["DVPIPE_CACHE"] = "off"
    bench = Bench(dvpipe)
    if ONLY == {"photos"}:
        # The photo scenarios alone: their section replaces the one results.md has (the rest is kept).
        bench.photo_days()
        section = bench.photo_section()
        results = BENCH / "results.md"
        kept = re.sub(r"\n## Photo days \(issue 61\).*?(?=\n## |\Z)", "", results.read_text(), flags=re.S)
        results.write_text(kept.rstrip("\n") + "\n\n" + section)
        print(section)
        return
    folder = bench.library(DAYS)
    if ONLY == {"floor"}:
        # The reference reel against its floor alone (MoviePy as BENCH_SKIP says): this host's record in
        # bench/hosts.json and results.md's section of hosts are replaced, the rest of results.md is kept.
        bench.reference(folder)
        bench.encoder_floor()
        record = host_record(bench, started, tool_versions(dvpipe))
        section = hosts_section(record)
        results = BENCH / "results.md"
        kept = re.sub(r"\n## The reference reel by host.*?(?=\n## |\Z)", "", results.read_text(), flags=re.S)
        results.write_text(kept.rstrip("\n") + "\n\n" + section)
        print(report(bench, started, tool_versions(dvpipe)))
        print(section)
        print_host_line(record)
        return
    if "reference" in SKIP:
        # The scenarios that compare with the reference render need it.
        SKIP.update({"incremental", "resume", "moments"})
    else:
        bench.reference(folder)
    if "floor" not in SKIP and "reference" not in SKIP:
        bench.encoder_floor()
    if "incremental" not in SKIP:
        bench.incremental(folder)
    if "resume" not in SKIP:
        bench.resume(folder)
    if "index" not in SKIP:
        bench.index()
    if "hdr" not in SKIP:
        bench.hdr_variants(folder)
    if "codecs" not in SKIP:
        bench.codecs(folder)
    if "shards" not in SKIP:
        bench.shards(folder)
    if "server" not in SKIP:
        bench.server_library(folder)
    if "moments" not in SKIP:
        bench.best_moment(folder)
    if "layers" not in SKIP:
        bench.layers(folder)
    if "outputs" not in SKIP:
        bench.outputs(folder)
    if "subject" not in SKIP:
        bench.subject(folder)
    if "photos" not in SKIP:
        bench.photo_days()
    if "year" not in SKIP:
        bench.year()
        if "store" not in SKIP:
            bench.store_runner()
        if "identity" not in SKIP:
            bench.fresh_runner()
            bench.identity_alternatives()
        if "months" not in SKIP:
            bench.months()
    versions = tool_versions(dvpipe)
    text = report(bench, started, versions)
    record = host_record(bench, started, versions)
    text += "\n" + hosts_section(record)
    if "photos" not in SKIP:
        text += "\n" + bench.photo_section()
    # The figures other commands write, each under its heading.
    for name, heading in [
        ("faults.md", "Fault campaign (`make test-faults`)"),
        ("profile.md", "Where the reference render's CPU goes (`perf record`, bench/profile.md)"),
        ("first-scan.md", "First scan of a phone-like library (`bench/first-scan.py`)"),
        ("generative.md", "Generative test (`make test-generative`)"),
    ]:
        if (BENCH / name).exists():
            text += f"\n## {heading}\n\n" + (BENCH / name).read_text()
    (BENCH / "results.md").write_text("# dvpipe benchmark results\n\nWritten by `make bench`; see bench/README.md.\n\n" + text)
    print()
    print(text)
    print_host_line(record)


if __name__ == "__main__":
    main()

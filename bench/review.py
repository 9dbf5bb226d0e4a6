#!/usr/bin/env python3
"""The review page of a year: its weight and how soon its first screen shows in the browser.

Issue 65 asks that for 365 days with four candidates a day (five clips a day: the chosen one and four others)
the page of `dvpipe review` weigh at most 40 MB and its first screen render in at most 2 s. The library is
made by the ffmpeg command in one run: testsrc2 at 320x180, 10 fps, cut into 1,825 clips of 2 s, each its own
picture, named VID_YYYYMMDD_HHMMSS.mp4 (so each gets its day from its name) five a day over 2023, in
bench/work/review/library (kept for later runs). Then `dvpipe review` writes the page (timed, wall), `du`
weighs its folder, and headless chromium (Tests/DVPipeTests/Support/review_browser.py, in .build-review/venv:
scripts/setup-review-browser.sh) opens it BENCH_RUNS times (default 3), each a fresh browser, and reads the
first contentful paint and the load's end from the Performance API. Writes bench/review.md.

    python3 bench/review.py            # DVPIPE=path/to/dvpipe to choose the binary
"""
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "bench" / "work" / "review"
LIBRARY = WORK / "library"
PAGE = WORK / "page"
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
DVPIPE = os.environ.get("DVPIPE", str(ROOT / ".build" / "release" / "dvpipe"))
PYTHON = ROOT / ".build-review" / "venv" / "bin" / "python"
BROWSER = ROOT / "Tests" / "DVPipeTests" / "Support" / "review_browser.py"
DAYS = 365
CLIPS_A_DAY = 5
CLIP_SECONDS = 2
YEAR = 2023
MAX_MB = 40
MAX_PAINT_MS = 2000

JOB = f"""# The review benchmark: {DAYS} days of {YEAR}, {CLIPS_A_DAY} clips a day (bench/review.py)
version: 1
name: Review benchmark
library: {{ paths: [library], timezone: UTC }}
timeframe: {{ year: {YEAR} }}
clips:
  video: {{ duration: 1s }}
output: {{ path: out/review.mp4, resolution: 320x180, fps: 10 }}
"""


def say(text):
    print(text, file=sys.stderr, flush=True)


def clip_names():
    first = datetime.date(YEAR, 1, 1)
    for day in range(DAYS):
        date = first + datetime.timedelta(days=day)
        for clip in range(CLIPS_A_DAY):
            yield f"VID_{date:%Y%m%d}_{9 + 2 * clip:02d}0000.mp4"


def make_library():
    """The clips, made unless all are there: one ffmpeg run cut into segments, renamed to their days."""
    names = list(clip_names())
    if LIBRARY.is_dir() and sorted(os.listdir(LIBRARY)) == sorted(names):
        return 0.0
    shutil.rmtree(LIBRARY, ignore_errors=True)
    LIBRARY.mkdir(parents=True)
    say(f"making {len(names)} clips in {LIBRARY}")
    started = time.monotonic()
    seconds = len(names) * CLIP_SECONDS
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10", "-t", str(seconds),
         "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
         "-force_key_frames", f"expr:gte(t,n_forced*{CLIP_SECONDS})", "-f", "segment", "-segment_time", str(CLIP_SECONDS),
         "-reset_timestamps", "1", str(LIBRARY / "part%05d.mp4")], check=True)
    for index, name in enumerate(names):
        (LIBRARY / f"part{index:05d}.mp4").rename(LIBRARY / name)
    return time.monotonic() - started


def weight(folder):
    """The page's bytes (files' sizes) and its files' count."""
    files = [path for path in folder.rglob("*") if path.is_file()]
    return sum(path.stat().st_size for path in files), len(files)


def main():
    if not Path(DVPIPE).is_file():
        raise SystemExit(f"{DVPIPE} is missing: make build (or DVPIPE=path/to/dvpipe)")
    if not PYTHON.is_file():
        raise SystemExit(f"{PYTHON} is missing: scripts/setup-review-browser.sh")
    made = make_library()
    job = WORK / "review.yaml"
    job.write_text(JOB)
    shutil.rmtree(PAGE, ignore_errors=True)
    shutil.rmtree(WORK / ".dvpipe", ignore_errors=True)
    say("dvpipe review (first, nothing cached)")
    started = time.monotonic()
    subprocess.run([DVPIPE, "review", str(job), "-o", str(PAGE)], check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, DVPIPE_CACHE="off"))
    first_review = time.monotonic() - started
    started = time.monotonic()
    subprocess.run([DVPIPE, "review", str(job), "-o", str(PAGE)], check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, DVPIPE_CACHE="off"))
    second_review = time.monotonic() - started
    size, files = weight(PAGE)
    du = subprocess.run(["du", "-sk", str(PAGE)], check=True, capture_output=True, text=True).stdout.split()[0]
    say(f"opening the page in chromium {RUNS} times")
    timing = json.loads(subprocess.run([str(PYTHON), str(BROWSER), "timing", str(PAGE), str(RUNS)], check=True,
                                       capture_output=True, text=True).stdout)
    paint = statistics.median(timing["first_contentful_paint_ms"])
    load = statistics.median(timing["load_ms"])
    screen = statistics.median(timing["first_screen_ms"])
    host = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True,
                          text=True).stdout.strip()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    report = f"""Measured on {datetime.date.today().isoformat()}.

# The review page of a year: weight and first screen

Issue 65 asks that `dvpipe review` of 365 days with four candidates a day write a page of at most {MAX_MB} MB
whose first screen renders in at most {MAX_PAINT_MS / 1000:g} s in the browser. Made by `python3 bench/review.py`
({Path(DVPIPE).relative_to(ROOT) if Path(DVPIPE).is_relative_to(ROOT) else DVPIPE} of {commit}, on {os.cpu_count()} cores of
{host}, shared with other builds): {DAYS * CLIPS_A_DAY} clips of {CLIP_SECONDS} s at 320x180, 10 fps, each its own
picture (ffmpeg's testsrc2), {CLIPS_A_DAY} a day over {YEAR}{f", made in {made:.0f} s" if made else ""}; the job renders
1 s of each day at 320x180.

| measure | figure | bar |
| --- | ---: | ---: |
| page weight (files' bytes) | {size / 1e6:.1f} MB | ≤ {MAX_MB} MB |
| page weight (`du -sk`) | {int(du) / 1024:.1f} MiB | |
| files in the page | {files} | |
| first contentful paint, median of {RUNS} fresh browsers | {paint:.0f} ms | ≤ {MAX_PAINT_MS} ms |
| first screen's pictures all loaded, median of {RUNS} | {screen:.0f} ms | ≤ {MAX_PAINT_MS} ms |
| load event's end, median of {RUNS} | {load:.0f} ms | |
| `dvpipe review`, nothing cached (wall) | {first_review:.1f} s | |
| `dvpipe review` again (wall) | {second_review:.1f} s | |

Every run's paint: {", ".join(f"{ms:.0f}" for ms in timing["first_contentful_paint_ms"])} ms; first screen:
{", ".join(f"{ms:.0f}" for ms in timing["first_screen_ms"])} ms (looked at every 10 ms); load:
{", ".join(f"{ms:.0f}" for ms in timing["load_ms"])} ms. Headless chromium ({subprocess.run(["/usr/bin/chromium", "--version"],
capture_output=True, text=True).stdout.strip()}) from `file://`, each run a new browser with an empty cache.
"""
    (ROOT / "bench" / "review.md").write_text(report)
    print(report)
    if size > MAX_MB * 1e6 or max(paint, screen) > MAX_PAINT_MS:
        raise SystemExit("review.py: a bar is not met")


if __name__ == "__main__":
    main()

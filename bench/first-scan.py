#!/usr/bin/env python3
"""The first scan of a phone-like library: bytes read, reads and wall time of `dvpipe plan` from nothing,
against `exiftool -fast2 -r` reading the capture dates of the same files and `ffprobe` on its movies.

The library is made of the real files of Tests/DVPipeTests/Corpus, copied under distinct names into
bench/work/first-scan/library (kept for later runs): plain HEIC stills (an iPhone's), plain JPEG stills
(the Pixel's Motion Photo with its XMP and appended movie removed by exiftool), HEIC Motion Photos (the
`mpvd` box), JPEG Motion Photos in Google's and Samsung's layouts, and the corpus's movies. Bytes and reads
are what the `read`/`pread64` calls on the library's files return, counted by strace (one run each); wall
times are medians of BENCH_RUNS runs (default 3) without strace. The page cache is warm for every tool:
this machine does not allow dropping it. Writes bench/first-scan.md, which bench.py copies into
bench/results.md.

    python3 bench/first-scan.py            # DVPIPE=path/to/dvpipe to choose the binary
"""
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Tests" / "DVPipeTests" / "Corpus"
WORK = ROOT / "bench" / "work" / "first-scan"
LIBRARY = WORK / "library"
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
DVPIPE = os.environ.get("DVPIPE", str(ROOT / ".build" / "release" / "dvpipe"))

# (kind, source in the corpus, copies)
STILLS = [
    ("HEIC still", "IMG_3582.HEIC", 500),
    ("JPEG still", None, 500),
    ("HEIC Motion Photo (mpvd)", "motionphoto.heic", 400),
    ("HEIC Motion Photo (One UI 6)", "one-ui-6", 200),
    ("JPEG Motion Photo (Google)", "edges/pixel-motion-photo-shortened.jpg", 300),
    ("JPEG Motion Photo (Samsung)", "edges/ss-motion-photo-shortened.jpg", 300),
]
MOVIES = ["IMG_3582.mov", "dolbyVision-hdr.MOV", "h265_with_metadata_track.mp4", "hlg10-color-test.mp4", "max-heromode.mp4",
          "sample_sef_slow_motion.mp4", "sample_with_color_info.mp4", "edges/water_180_mvhevc_5frames.mov", "people/again.mkv",
          "people/sister.mkv", "people/thanks.mkv"]
MOVIE_COPIES = 200


def say(text):
    print(text, file=sys.stderr, flush=True)


def box(kind, body):
    """An ISO BMFF box: big-endian size (its header included), type, body."""
    return struct.pack(">I", len(body) + 8) + kind + body


def one_ui_6_motion_photo():
    """A HEIC Motion Photo as One UI 6 lays it out: the iPhone's HEIC, then an `mpvd` box holding the Samsung S22's
    movie (from the corpus's motionphoto.heic) and a `sefd` box, Samsung's trailer: a `MotionPhoto_Data` block
    giving `mpv2`, the movie's offset and length, its `SEFH` directory and `SEFT`."""
    still = (CORPUS / "IMG_3582.HEIC").read_bytes()
    samsung = (CORPUS / "motionphoto.heic").read_bytes()
    offset = 0
    while samsung[offset + 4:offset + 8] != b"mpvd":
        offset += struct.unpack(">I", samsung[offset:offset + 4])[0]
    movie_start = start = offset + 8
    while samsung[start + 4:start + 8] != b"sefd":
        start += struct.unpack(">I", samsung[start:start + 4])[0]
    movie = samsung[movie_start:start]
    name = b"MotionPhoto_Data"
    block = b"\0\0\x30\x0a" + struct.pack("<I", len(name)) + name + b"mpv2" + struct.pack(">II", len(still) + 8, len(movie))
    directory = b"SEFH" + struct.pack("<III", 107, 1, 0x0a300000) + struct.pack("<II", len(block), len(block))
    trailer = block + directory + struct.pack("<I", len(directory)) + b"SEFT"
    return still + box(b"mpvd", movie + box(b"sefd", trailer))


def make_library():
    """The library's files by kind, made unless it is there with every file."""
    kinds = {}
    wanted = sum(copies for _, _, copies in STILLS) + MOVIE_COPIES
    ready = LIBRARY.is_dir() and sum(1 for _ in LIBRARY.iterdir()) == wanted
    if not ready:
        shutil.rmtree(LIBRARY, ignore_errors=True)
        LIBRARY.mkdir(parents=True)
        say(f"writing a {wanted:,}-file library from the corpus in {LIBRARY}")
    plain_jpeg = WORK / "plain.jpg"
    if not ready:
        # The Pixel's picture without its Motion Photo XMP and appended movie: a plain phone JPEG.
        plain_jpeg.unlink(missing_ok=True)
        subprocess.run(["exiftool", "-q", "-XMP:all=", "-Trailer:all=", "-o", str(plain_jpeg),
                        str(CORPUS / "edges" / "pixel-motion-photo-shortened.jpg")], check=True)
    one_ui_6 = WORK / "one-ui-6.heic"
    if not ready:
        one_ui_6.write_bytes(one_ui_6_motion_photo())
    for index, (kind, source, copies) in enumerate(STILLS):
        path = {None: plain_jpeg, "one-ui-6": one_ui_6}.get(source, CORPUS / (source or ""))
        suffix = path.suffix
        names = [LIBRARY / f"S{index}_{number:04d}{suffix}" for number in range(copies)]
        if not ready:
            for name in names:
                shutil.copyfile(path, name)
        kinds[kind] = names
    movies = []
    for number in range(MOVIE_COPIES):
        source = CORPUS / MOVIES[number % len(MOVIES)]
        name = LIBRARY / f"M_{number:04d}{source.suffix}"
        if not ready:
            shutil.copyfile(source, name)
        movies.append(name)
    kinds["movie"] = movies
    return kinds


def traced(command, cwd=None):
    """Bytes and reads per library file of `command` under strace, and its exit status."""
    with tempfile.NamedTemporaryFile(suffix=".trace", delete=False) as trace:
        trace_path = trace.name
    status = subprocess.run(["strace", "-f", "-qq", "-y", "-e", "trace=read,pread64,readv,preadv", "-o", trace_path] + command,
                            cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    per_file = {}
    pattern = re.compile(r"\((\d+)<([^>]*)>.*= (\d+)$")
    with open(trace_path, errors="replace") as lines:
        for line in lines:
            match = pattern.search(line.rstrip())
            if match and match.group(2).startswith(str(LIBRARY)):
                count, reads = per_file.get(match.group(2), (0, 0))
                per_file[match.group(2)] = (count + int(match.group(3)), reads + 1)
    os.unlink(trace_path)
    return per_file, status


def timed(make_command, runs):
    """Median wall seconds of `runs` runs of the command `make_command()` gives (made anew each run)."""
    walls = []
    for _ in range(runs):
        command, cwd = make_command()
        start = time.monotonic()
        subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        walls.append(time.monotonic() - start)
    return statistics.median(walls)


def dvpipe_plan():
    """`dvpipe plan` of a job over the library, in a fresh work folder (no index)."""
    folder = Path(tempfile.mkdtemp(prefix="first-scan-", dir=WORK))
    job = folder / "job.yaml"
    job.write_text(f'version: 1\nlibrary: {{ paths: ["{LIBRARY}"], timezone: UTC }}\n'
                   "timeframe: { from: 2015-01-01, to: 2026-12-31 }\noutput: { path: out/reel.mp4, resolution: 320x180, fps: 30 }\n")
    return [DVPIPE, "plan", str(job), "--work-dir", str(folder / "work")], folder


def exiftool_dates():
    return ["exiftool", "-fast2", "-r", "-q", "-DateTimeOriginal", "-CreateDate", str(LIBRARY)], None


def mib(count):
    return f"{count / 1024 / 1024:,.1f} MiB"


def main():
    kinds = make_library()
    sizes = {str(path): path.stat().st_size for paths in kinds.values() for path in paths}
    total = sum(sizes.values())
    say(f"library: {len(sizes):,} files, {mib(total)}")
    shutil.rmtree(WORK / "runs", ignore_errors=True)
    dvpipe_files, status = traced(dvpipe_plan()[0])
    if status != 0:
        sys.exit(f"dvpipe plan failed ({status})")
    exiftool_files, _ = traced(exiftool_dates()[0])
    movies = [str(path) for path in kinds["movie"]]
    ffprobe_bytes = ffprobe_reads = 0
    for movie in movies:
        files, _ = traced(["ffprobe", "-v", "error", "-show_format", "-show_streams", movie])
        ffprobe_bytes += sum(count for count, _ in files.values())
        ffprobe_reads += sum(reads for _, reads in files.values())
    say("timing dvpipe plan, exiftool -fast2 -r and ffprobe")
    dvpipe_wall = timed(dvpipe_plan, RUNS)
    exiftool_wall = timed(exiftool_dates, RUNS)
    ffprobe_walls = []
    for _ in range(RUNS):
        start = time.monotonic()
        for movie in movies:
            subprocess.run(["ffprobe", "-v", "error", "-show_format", "-show_streams", movie], stdout=subprocess.DEVNULL, check=True)
        ffprobe_walls.append(time.monotonic() - start)
    for folder in WORK.glob("first-scan-*"):
        shutil.rmtree(folder, ignore_errors=True)

    def read_by(files, paths):
        return sum(files.get(str(path), (0, 0))[0] for path in paths), sum(files.get(str(path), (0, 0))[1] for path in paths)

    rows = []
    for kind, paths in kinds.items():
        size = sum(sizes[str(path)] for path in paths)
        read, reads = read_by(dvpipe_files, paths)
        exif_read, _ = read_by(exiftool_files, paths)
        rows.append(f"| {kind} | {len(paths):,} | {mib(size)} | {read / len(paths) / 1024:,.1f} KiB | {reads / len(paths):.1f} | "
                    f"{100 * read / size:.2f}% | {exif_read / len(paths) / 1024:,.1f} KiB |")
    still_paths = [path for kind, paths in kinds.items() if kind != "movie" for path in paths]
    plain_stills = [path for kind, paths in kinds.items() if "Motion Photo" not in kind and kind != "movie" for path in paths]
    dv_read, dv_reads = read_by(dvpipe_files, [Path(path) for path in sizes])
    ex_read, ex_reads = read_by(exiftool_files, [Path(path) for path in sizes])
    still_read, _ = read_by(dvpipe_files, still_paths)
    plain_read, _ = read_by(dvpipe_files, plain_stills)
    text = f"""First scan of a phone-like library made of the corpus's real files ({len(sizes):,} files, {mib(total)}: {len(still_paths):,} stills, {len(movies)} movies), `python3 bench/first-scan.py`, {time.strftime('%Y-%m-%d')}. Bytes and reads are the `read`/`pread64` calls on the library's files (strace); walls are medians of {RUNS} runs; page cache warm for every tool (this machine cannot drop it).

| tool | bytes read | share of the library | reads | wall |
| --- | ---: | ---: | ---: | ---: |
| `dvpipe plan` from nothing (no index) | {mib(dv_read)} | {100 * dv_read / total:.2f}% | {dv_reads:,} | {dvpipe_wall:.2f} s |
| `exiftool -fast2 -r -DateTimeOriginal -CreateDate` | {mib(ex_read)} | {100 * ex_read / total:.2f}% | {ex_reads:,} | {exiftool_wall:.2f} s |
| `ffprobe -show_format -show_streams`, each movie | {mib(ffprobe_bytes)} | {100 * ffprobe_bytes / sum(sizes[m] for m in movies):.2f}% of the movies | {ffprobe_reads:,} | {statistics.median(ffprobe_walls):.2f} s |

| kind | files | size | dvpipe read a file | dvpipe reads a file | dvpipe share | exiftool read a file |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
{chr(10).join(rows)}

Stills: dvpipe read {still_read / len(still_paths) / 1024:,.1f} KiB a still on average, Motion Photos' movie probes included; {plain_read / len(plain_stills) / 1024:,.1f} KiB a plain still. dvpipe / exiftool wall: {dvpipe_wall / exiftool_wall:.2f}x.
"""
    (ROOT / "bench" / "first-scan.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()

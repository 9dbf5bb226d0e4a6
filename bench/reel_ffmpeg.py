#!/usr/bin/env python3
"""The reference reel as one ffmpeg CLI invocation: a single filtergraph over every clip.

For each input: the first WINDOW seconds (trim/atrim), the output frame rate (fps, before scaling so
that 60 fps sources are not scaled twice as often), scaled to fit inside WIDTHxHEIGHT keeping its
aspect ratio and padded with black (contain), square pixels, 4:2:0; its sound resampled to 48 kHz
stereo. Then the clips are chained with xfade (fade, FADE seconds) and their sounds with acrossfade
(FADE seconds), and encoded with libx264 veryfast crf 20 and AAC 160k, as the dvpipe job asks.

    reel_ffmpeg.py --out OUT.mp4 CLIP...          # runs ffmpeg (exec, so a timer measures ffmpeg itself)
    reel_ffmpeg.py --out OUT.mp4 --print CLIP...  # prints the command as a shell line instead
    reel_ffmpeg.py --out OUT.mp4 --split CLIP...  # each day split: its clip on the left, the next day's
                                                  # on the right, each scaled to cover its half and
                                                  # cropped (hstack); the day's own sound

The clips are taken in the order given (the harness passes them in day order). Durations come from
ffprobe, so a clip shorter than the window is used whole, as dvpipe does.
"""

import json
import os
import shlex
import subprocess
import sys

from reel_args import reel_parser


def clip_duration(path):
    """The container duration of `path` in seconds, from ffprobe."""
    result = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "json", path],
        capture_output=True, text=True, check=True)
    return float(json.loads(result.stdout)["format"]["duration"])


def reel_command(clips, out, window=3.0, fade=0.5, width=1920, height=1080, fps=30, ffmpeg="ffmpeg", graph_file=None,
                 split=False, shapes=None):
    """The ffmpeg argv for `clips`, a list of (path, duration) in reel order. With `graph_file`, the
    filtergraph is written there and passed with -filter_complex_script: Linux refuses a single
    argument over 128 KiB, which a year's graph exceeds. With `split`, each day shows its clip in the
    left half and the next day's (the first's after the last) in the right half, each covering its half,
    with the day's own sound; every clip is then read twice, as its own day and as the day before's.
    With `shapes`, a list of (out, width, height, fit) with fit "contain" or "cover", the reel is written
    in every shape at once: each clip is decoded once and `split` into a scale of each shape, the
    crossfades are chained per shape, and the one sound chain is `asplit` into each output's encoder."""
    argv = [ffmpeg, "-hide_banner", "-nostdin", "-y", "-loglevel", "error"]
    for path, _ in clips:
        argv += ["-i", path]
    if split:
        for path, _ in clips[1:] + clips[:1]:
            argv += ["-i", path]
    chains = []
    lengths = []
    half = width // 2
    for index, (_, duration) in enumerate(clips):
        length = min(window, duration)
        if split:
            neighbour = clips[(index + 1) % len(clips)][1]
            length = max(length, min(window, neighbour))
            for side, source in (("l", index), ("r", len(clips) + index)):
                chains.append(
                    f"[{source}:v]trim=start=0:duration={length:g},setpts=PTS-STARTPTS,fps={fps},"
                    f"scale={half}:{height}:force_original_aspect_ratio=increase,crop={half}:{height},"
                    f"setsar=1,format=yuv420p[{side}{index}]")
            chains.append(f"[l{index}][r{index}]hstack=inputs=2[v{index}]")
        elif shapes:
            chains.append(f"[{index}:v]trim=start=0:duration={length:g},setpts=PTS-STARTPTS,fps={fps},"
                          f"split={len(shapes)}" + "".join(f"[s{index}k{k}]" for k in range(len(shapes))))
            for k, (_, w, h, fit) in enumerate(shapes):
                fitted = (f"scale={w}:{h}:force_original_aspect_ratio=increase,crop={w}:{h}" if fit == "cover" else
                          f"scale={w}:{h}:force_original_aspect_ratio=decrease,pad={w}:{h}:(ow-iw)/2:(oh-ih)/2:color=black")
                chains.append(f"[s{index}k{k}]{fitted},setsar=1,format=yuv420p[v{index}k{k}]")
        else:
            chains.append(
                f"[{index}:v]trim=start=0:duration={length:g},setpts=PTS-STARTPTS,fps={fps},"
                f"scale={width}:{height}:force_original_aspect_ratio=decrease,"
                f"pad={width}:{height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p[v{index}]")
        lengths.append(length)
        chains.append(
            f"[{index}:a]atrim=start=0:duration={length:g},asetpts=PTS-STARTPTS,"
            f"aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a{index}]")
    suffixes = [f"k{k}" for k in range(len(shapes))] if shapes else [""]
    videos, audio = [f"v0{suffix}" for suffix in suffixes], "a0"
    elapsed = lengths[0]
    for index in range(1, len(clips)):
        # xfade's offset is where the transition starts in the reel made so far.
        offset = elapsed - fade
        for k, suffix in enumerate(suffixes):
            chains.append(f"[{videos[k]}][v{index}{suffix}]xfade=transition=fade:duration={fade:g}:offset={offset:.6f}[vx{index}{suffix}]")
            videos[k] = f"vx{index}{suffix}"
        chains.append(f"[{audio}][a{index}]acrossfade=d={fade:g}:c1=tri:c2=tri[ax{index}]")
        audio = f"ax{index}"
        elapsed += lengths[index] - fade
    audios = [audio]
    if shapes:
        audios = [f"ao{k}" for k in range(len(shapes))]
        chains.append(f"[{audio}]asplit={len(shapes)}" + "".join(f"[{name}]" for name in audios))
    graph = ";".join(chains)
    if graph_file is None:
        argv += ["-filter_complex", graph]
    else:
        with open(graph_file, "w") as handle:
            handle.write(graph)
        argv += ["-filter_complex_script", str(graph_file)]
    outs = [shape[0] for shape in shapes] if shapes else [out]
    for video, audio, path in zip(videos, audios, outs):
        argv += ["-map", f"[{video}]", "-map", f"[{audio}]",
                 "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-r", str(fps),
                 "-c:a", "aac", "-b:a", "160k", "-ar", "48000", "-ac", "2", "-movflags", "+faststart", path]
    return argv, elapsed


def main(argv):
    parser = reel_parser(__doc__)
    parser.add_argument("--print", action="store_true", help="print the command instead of running it")
    parser.add_argument("--split", action="store_true", help="each day's clip beside the next day's (hstack)")
    args = parser.parse_args(argv)
    clips = [(path, clip_duration(path)) for path in args.clips]
    command, _ = reel_command(clips, args.out, args.window, args.fade, args.width, args.height, args.fps, split=args.split)
    if args.print:
        print(shlex.join(command))
        return 0
    os.execvp(command[0], command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

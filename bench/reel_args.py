"""The command line both reel scripts share: the output, the reference job's numbers and the clips."""

import argparse


def reel_parser(description):
    """An argument parser for `--out OUT.mp4 [--window 3] [--fade 0.5] [--width 1920] [--height 1080]
    [--fps 30] CLIP...`, the clips in reel order."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="the reel to write")
    parser.add_argument("--window", type=float, default=3.0, help="seconds taken from the start of each clip")
    parser.add_argument("--fade", type=float, default=0.5, help="crossfade length in seconds")
    parser.add_argument("--width", type=int, default=1920)
    parser.add_argument("--height", type=int, default=1080)
    parser.add_argument("--fps", type=int, default=30)
    parser.add_argument("clips", nargs="+", help="the clips, in reel order")
    return parser

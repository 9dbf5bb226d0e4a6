"""The reference reel written as a MoviePy 2 user would write it (runs in the bench virtualenv).

Each clip: its first WINDOW seconds, resized to fit inside WIDTHxHEIGHT and centred on a black
ColorClip of that size (contain); every clip after the first fades in over the one before
(vfx.CrossFadeIn) while the sounds cross (afx.AudioFadeOut / afx.AudioFadeIn, overlapped and summed);
concatenated with method="compose" and a negative padding of FADE seconds; written with libx264
veryfast crf 20 and AAC 160k at 48 kHz.

    python reel_moviepy.py --out OUT.mp4 CLIP...
"""

import sys

from moviepy import ColorClip, CompositeVideoClip, VideoFileClip, afx, concatenate_videoclips, vfx

from reel_args import reel_parser


def contained(source, window, width, height):
    """The first `window` seconds of `source`, fitted inside width x height on black."""
    clip = source.subclipped(0, min(window, source.duration))
    if (clip.w, clip.h) == (width, height):
        return clip
    scale = min(width / clip.w, height / clip.h)
    clip = clip.resized(new_size=(round(clip.w * scale), round(clip.h * scale)))
    background = ColorClip(size=(width, height), color=(0, 0, 0), duration=clip.duration)
    return CompositeVideoClip([background, clip.with_position("center")], size=(width, height))


def main(argv):
    parser = reel_parser(__doc__)
    args = parser.parse_args(argv)

    sources = [VideoFileClip(path, audio_fps=48000) for path in args.clips]
    last = len(sources) - 1
    parts = []
    for index, source in enumerate(sources):
        clip = contained(source, args.window, args.width, args.height)
        if index > 0:
            clip = clip.with_effects([vfx.CrossFadeIn(args.fade)])
        if clip.audio is not None:
            fades = ([afx.AudioFadeIn(args.fade)] if index > 0 else []) + \
                    ([afx.AudioFadeOut(args.fade)] if index < last else [])
            clip = clip.with_audio(clip.audio.with_effects(fades))
        parts.append(clip)

    reel = concatenate_videoclips(parts, method="compose", padding=-args.fade, bg_color=(0, 0, 0))
    reel.write_videofile(args.out, fps=args.fps, codec="libx264", preset="veryfast",
                         ffmpeg_params=["-crf", "20", "-pix_fmt", "yuv420p"],
                         audio_codec="aac", audio_bitrate="160k", audio_fps=48000, logger=None)
    # Closing stops (and waits for) every ffmpeg reader, so their CPU time is counted with this process.
    reel.close()
    for source in sources:
        source.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

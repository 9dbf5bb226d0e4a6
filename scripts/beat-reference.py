#!/usr/bin/env python3
"""Scores dvpipe's beats against the two reference beat trackers, for Tests/DVPipeTests/BeatReferenceTests.

Reads a JSON object {"tracks": [{"path": P, "beats": [seconds...]}]} (dvpipe's beats of each WAV file P) from
the file named by the first argument; tracks each file with Debian's aubiotrack and with librosa's beat_track;
scores each pair with mir_eval's F-measure (±70 ms, beats before 5 s left out as mir_eval does); prints one JSON
object a track. Runs in .build-beats/venv (scripts/setup-beat-reference.sh).
"""
import json
import subprocess
import sys
import warnings

import librosa
import mir_eval
import numpy

warnings.filterwarnings("ignore")


def tempo(beats):
    """Beats per minute from the median span of four beats, as dvpipe's BeatGrid takes it (0 for fewer than five)."""
    beats = numpy.asarray(beats, dtype=float)
    return 240 / float(numpy.median(beats[4:] - beats[:-4])) if len(beats) > 4 else 0.0


def f_measure(reference, estimated):
    reference = mir_eval.beat.trim_beats(numpy.asarray(reference, dtype=float))
    estimated = mir_eval.beat.trim_beats(numpy.asarray(estimated, dtype=float))
    if len(reference) == 0 or len(estimated) == 0:
        return 0.0
    return float(mir_eval.beat.f_measure(reference, estimated))


def main():
    with open(sys.argv[1]) as request_file:
        request = json.load(request_file)
    for track in request["tracks"]:
        wav = track["path"]
        output = subprocess.run(["aubiotrack", "-i", wav], check=True, capture_output=True, text=True).stdout
        aubio = [float(line) for line in output.split()]
        samples, rate = librosa.load(wav, sr=22050)
        _, frames = librosa.beat.beat_track(y=samples, sr=rate)
        rosa = librosa.frames_to_time(frames, sr=rate).tolist()
        dvpipe = track["beats"]
        print(json.dumps({
            "path": track["path"],
            "tempo": {"dvpipe": tempo(dvpipe), "aubio": tempo(aubio), "librosa": tempo(rosa)},
            "f": {"aubio-librosa": f_measure(aubio, rosa), "dvpipe-aubio": f_measure(aubio, dvpipe),
                  "dvpipe-librosa": f_measure(rosa, dvpipe)},
        }), flush=True)


if __name__ == "__main__":
    main()

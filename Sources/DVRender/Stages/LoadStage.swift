import DVMedia
import DVPlanning
import Foundation

/// A clip opened for reading over the frames a segment needs: the load stage's product.
package struct LoadedClip {
    /// The clip as planned.
    package let source: ClipSource
    /// The open reader, positioned at the first frame the segment needs.
    let reader: any ClipFrameReader

    fileprivate init(source: ClipSource, reader: any ClipFrameReader) {
        self.source = source
        self.reader = reader
    }
}

/// Load: opens a clip's file and positions it at a frame of its window, at the output frame rate.
struct LoadStage {
    let fps: Int
    let decoderThreads: Int
    /// The readers shared by the outputs rendered together, if several are.
    var share: DecodeShare?
    /// How the clips' files open.
    let files: LibraryFiles

    /// Opens `source` for `frameCount` frames starting at its frame `firstFrame`: with a share, a tap on
    /// the reader every output's load of the same window reads from.
    func load(_ source: ClipSource, firstFrame: Int, frameCount: Int) throws -> LoadedClip {
        let open: ClipReaderOpener = { [fps, decoderThreads, files] firstTick, frameCount in
            try ClipReader(
                files.location(source.path, byteRange: source.byteRange), windowStart: Double(source.startMilliseconds) / 1000,
                firstTick: firstTick, frameCount: frameCount, outputFPS: fps, threads: decoderThreads, speed: source.speed ?? .realTime
            )
        }
        do {
            if let share {
                return LoadedClip(
                    source: source, reader: try share.tap(source, firstTick: firstFrame, frameCount: frameCount, outputFPS: fps, open: open))
            }
            return LoadedClip(source: source, reader: try open(firstFrame, frameCount))
        } catch let error as MediaError {
            throw RenderError.clipFailed(path: source.path, reason: error.reason(besides: source.path))
        }
    }
}

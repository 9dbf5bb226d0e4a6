import DVMedia
import Foundation

/// A clip opened for reading over the frames a segment needs: the load stage's product.
public struct LoadedClip {
    /// The clip as planned.
    public let source: ClipSource
    /// The open reader, positioned at the first frame the segment needs.
    let reader: ClipReader

    fileprivate init(source: ClipSource, reader: ClipReader) {
        self.source = source
        self.reader = reader
    }
}

/// Load: opens a clip's file and positions it at a frame of its window, at the output frame rate.
struct LoadStage {
    let fps: Int
    let decoderThreads: Int

    /// Opens `source` for `frameCount` frames starting at its frame `firstFrame`.
    func load(_ source: ClipSource, firstFrame: Int, frameCount: Int) throws -> LoadedClip {
        do {
            let reader = try ClipReader(
                url: URL(fileURLWithPath: source.path), byteRange: source.byteRange, windowStart: Double(source.startMilliseconds) / 1000,
                firstTick: firstFrame, frameCount: frameCount, outputFPS: fps, threads: decoderThreads
            )
            return LoadedClip(source: source, reader: reader)
        } catch let error as MediaError {
            throw RenderError.clipFailed(path: source.path, reason: error.description)
        }
    }
}

import DVSignal
import Foundation

/// A movie drawn into a rectangle of canvas frames (picture-in-picture), decoded lazily at the output
/// frame rate by a `ClipReader` and fitted to cover the rectangle (turned upright, cropped to its aspect
/// ratio) by a `CanvasNormalizer`.
///
/// The movie's frame `n` shows on the piece's frame `n`; past its end it starts again (`loop`) or holds
/// its last picture. Frames asked for in order cost one decode each; a jump opens a new reader at the
/// frame asked for. Only the reader's two pictures and one rectangle-sized picture are held, so memory
/// does not grow with the movie's or the clip's length. Keep an instance on one task.
final class OverlayMovie {
    let path: String
    /// The rectangle in frame pixels; all even, width and height at least 16.
    let rect: (x: Int, y: Int, width: Int, height: Int)
    let loop: Bool
    let fps: Int
    /// The movie's length in output frames.
    let frameCount: Int

    private let fitter: CanvasNormalizer
    private let picture: VideoFrame
    private var reader: ClipReader?
    /// The movie frame the reader hands out next.
    private var readerFrame = 0
    /// The movie frame now in `picture`.
    private var shownFrame: Int?

    /// Opens the movie at `path` for `rect` (pixels, as `OverlayPlacement.pixelRect` gives) at `fps`.
    /// A missing file or one without a video stream or a duration is a `MediaError` naming it.
    init(
        path: String, rect: (x: Int, y: Int, width: Int, height: Int), loop: Bool, fps: Int, toneMap: Bool = true,
        format: CanvasFormat = .sdr8
    ) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw MediaError.io(path: path, reason: "the overlay movie does not exist")
        }
        guard let duration = try InputFile(url: URL(fileURLWithPath: path)).duration else {
            throw MediaError.io(path: path, reason: "the overlay movie declares no duration")
        }
        self.path = path
        self.rect = rect
        self.loop = loop
        self.fps = fps
        frameCount = max(1, Int((duration * Double(fps)).rounded()))
        fitter = try CanvasNormalizer(canvasWidth: rect.width, canvasHeight: rect.height, fit: .cover, toneMap: toneMap, format: format)
        picture = try fitter.makeCanvas()
    }

    /// The movie frame that shows on the piece's frame `index`.
    func movieFrame(at index: Int) -> Int {
        loop ? index % frameCount : min(max(0, index), frameCount - 1)
    }

    /// Draws the movie's picture for the piece's frame `index` into its rectangle of `frame`.
    func draw(into frame: VideoFrame, atFrame index: Int, opacity: Double) throws {
        let wanted = movieFrame(at: index)
        if wanted != shownFrame {
            try show(wanted)
        }
        frame.paste(picture, x: rect.x, y: rect.y, opacity: opacity)
    }

    /// Decodes movie frame `wanted` into `picture`, reading on when it is the reader's next frame.
    private func show(_ wanted: Int) throws {
        if reader == nil || readerFrame != wanted {
            reader = try ClipReader(
                .file(path), start: Double(wanted) / Double(fps), duration: Double(frameCount - wanted) / Double(fps),
                outputFPS: fps, threads: 1
            )
            readerFrame = wanted
        }
        guard let reader, let decoded = try reader.next() else {
            throw MediaError.io(path: path, reason: "the overlay movie has no picture for its frame \(wanted)")
        }
        try fitter.normalize(decoded.picture, rotation: reader.rotation, into: picture)
        readerFrame += 1
        shownFrame = wanted
    }
}

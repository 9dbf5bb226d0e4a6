internal import CFFmpeg
import Foundation

/// An error from the media layer, carrying the file (and stream) it came from.
package enum MediaError: Error, CustomStringConvertible, Equatable {
    /// An FFmpeg call returned a negative code.
    case ffmpeg(operation: String, code: Int32, message: String, path: String?)
    /// A codec the machine's FFmpeg build does not have.
    case codecUnavailable(name: String)
    /// A file that opened but has no stream of the kind needed.
    case noStream(kind: String, path: String)
    /// A font file FreeType could not load.
    case font(path: String, code: Int32)
    /// An image or frame of a size the operation cannot take.
    case invalidSize(width: Int, height: Int, reason: String)
    /// Writing a file failed at the file-system level.
    case io(path: String, reason: String)
    /// Demuxing or decoding one stream of a file failed.
    case decode(path: String, stream: Int, operation: String, code: Int32, message: String)
    /// A clip window that cannot be read (negative or non-finite times, or a frame rate below 1).
    case invalidWindow(path: String, start: Double, duration: Double, fps: Int)
    /// A segment that cannot be joined to the others by stream copy.
    case cannotJoin(segment: String, reason: String)
    /// A file FFmpeg reads as a container dvpipe does not open (`ContainerRules`): a playlist, a manifest or a
    /// list that names other inputs, or any other format that is no movie, picture or sound dvpipe reads.
    case notMediaFile(path: String, format: String)
    /// A still (`StillDecoder`) that gives no picture: damaged, cut short, of an impossible size, or coded in a
    /// way dvpipe does not decode; `reason` says which.
    case unreadableStill(path: String, reason: String)

    /// The file the error concerns, if one.
    package var path: String? {
        switch self {
        case let .ffmpeg(_, _, _, path): path
        case let .noStream(_, path), let .font(path, _), let .io(path, _), let .decode(path, _, _, _, _), let .invalidWindow(path, _, _, _),
            let .notMediaFile(path, _), let .unreadableStill(path, _):
            path
        case let .cannotJoin(segment, _): segment
        case .codecUnavailable, .invalidSize: nil
        }
    }

    /// What went wrong, without the file (a stream's number where it helps): what a message that already
    /// names the file adds to it.
    package var reason: String {
        switch self {
        case let .ffmpeg(operation, code, message, _): "\(operation) failed: \(message) (\(code))"
        case let .codecUnavailable(name): "the codec '\(name)' is not in this FFmpeg build; run `dvpipe doctor`"
        case let .noStream(kind, _): "no \(kind) stream"
        case let .font(_, code): "FreeType could not load the font (error \(code))"
        case let .invalidSize(width, height, reason): "invalid size \(width)x\(height): \(reason)"
        case let .io(_, reason), let .unreadableStill(_, reason): reason
        case let .decode(_, stream, operation, code, message): "\(operation) failed (stream \(stream)): \(message) (\(code))"
        case let .invalidWindow(_, start, duration, fps): "cannot read \(duration) s from \(start) s at \(fps) fps"
        case let .cannotJoin(_, reason): "cannot join by stream copy: \(reason)"
        case let .notMediaFile(_, format) where ContainerRules.namingOtherInputs.contains(format):
            "not a media file: FFmpeg reads it as \(ContainerRules.describe(format)) ('\(format)'), which names other files or addresses to open; dvpipe opens only the file it is given"
        case let .notMediaFile(_, format):
            "not a media file dvpipe reads: FFmpeg reads it as \(ContainerRules.describe(format)) ('\(format)'); dvpipe reads MP4, MOV, Matroska, WebM, AVI and MPEG-TS movies, JPEG, PNG and WebP pictures, and MP3, AAC, WAV, FLAC, Ogg and AIFF sound"
        }
    }

    /// `PATH: REASON`, or the reason alone when no file is concerned.
    package var description: String {
        path.map { "\($0): \(reason)" } ?? reason
    }

    /// What a message about `file` says of this error: its reason when it concerns `file` (or no file), else
    /// its whole description, so that the message names each file once.
    package func reason(besides file: String) -> String {
        path == nil || path == file ? reason : description
    }
}

/// FFmpeg's text for an error code.
func ffmpegErrorMessage(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    return buffer.withUnsafeMutableBufferPointer { pointer in
        String(cString: dv_error_string(code, pointer.baseAddress, pointer.count))
    }
}

/// Turns a negative FFmpeg return code into a thrown `MediaError.ffmpeg`; passes others through.
@discardableResult
func check(_ code: Int32, _ operation: @autoclosure () -> String, path: String? = nil) throws -> Int32 {
    if code < 0 {
        throw MediaError.ffmpeg(operation: operation(), code: code, message: ffmpegErrorMessage(code), path: path)
    }
    return code
}

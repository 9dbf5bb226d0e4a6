import DVFiles
import DVMedia
import DVPlanning

/// Why a render, or a step around it, could not go on.
package enum RenderError: Error, CustomStringConvertible, Equatable {
    /// A folder given as the work folder that dvpipe did not create; it is never deleted.
    case notAWorkFolder(path: String)
    /// The run was asked to stop by a signal; finished segments are kept.
    case interrupted(signal: Int32)
    /// `--strict` and a clip failed; finished segments are kept.
    case clipFailed(path: String, reason: String)
    /// `--strict` and files of the library cannot be used; nothing was rendered.
    case unreadableFiles([UnreadableFile])
    /// `assemble` found segments missing (e.g. a shard has not finished).
    case segmentsMissing(count: Int, total: Int)
    /// The plan has no clip at all, so there is nothing to render.
    case nothingToRender
    /// An overlay of a day's clip could not be drawn (a missing font or picture); `reason` names the file.
    case overlayFailed(day: String, reason: String)
    /// The output file could not be written.
    case outputFailed(path: String, reason: String)
    /// The look's `.cube` file could not be read as one; `reason` says where it breaks.
    case lookFailed(path: String, reason: String)
    /// `--strict` and the remote segment store failed (down, erring, or holding bad entries).
    case storeFailed(address: String, reason: String)
    /// The finished output breaks its `profile:` (`problems`, one line each); the file is kept, complete, and
    /// is not published.
    case deliveryCheckFailed(path: String, profile: String, problems: [String])
    /// `--strict` and the finished reel could not be uploaded to its `publish:` address (never shown with
    /// credentials); nothing is left under its name there.
    case publishFailed(address: String, reason: String)

    /// What a message about `file` says of `error`: a media or file error's reason when it concerns `file`,
    /// else all it says, so that the message names each file once.
    package static func reason(of error: any Error, besides file: String) -> String {
        switch error {
        case let error as MediaError: error.reason(besides: file)
        case let error as FileError: error.path == file ? error.reason : error.description
        default: "\(error)"
        }
    }

    /// The file the failure concerns, when it is one.
    package var file: String? {
        switch self {
        case let .clipFailed(path, _), let .outputFailed(path, _), let .notAWorkFolder(path), let .lookFailed(path, _),
            let .deliveryCheckFailed(path, _, _):
            path
        case let .unreadableFiles(files): files.first?.path
        case .interrupted, .segmentsMissing, .nothingToRender, .overlayFailed, .storeFailed, .publishFailed: nil
        }
    }

    package var description: String {
        switch self {
        case let .notAWorkFolder(path):
            "\(path) is not a dvpipe work folder (no .dvpipe-work marker); not deleting it"
        case let .interrupted(signal):
            "stopped by signal \(signal); finished segments are kept"
        case let .clipFailed(path, reason):
            "\(path): \(reason)"
        case let .unreadableFiles(files):
            "--strict: \(files.count) file\(files.count == 1 ? "" : "s") of the library cannot be used: "
                + files.map { "\($0.file) (\($0.dayText)): \($0.reason)" }.joined(separator: "; ")
        case let .segmentsMissing(count, total):
            "\(count) of \(total) segments are not rendered yet; run `dvpipe render` (or wait for the other shards)"
        case .nothingToRender:
            "the plan has no clip for any day; nothing to render"
        case let .overlayFailed(day, reason):
            "the overlays of \(day) could not be drawn: \(reason)"
        case let .outputFailed(path, reason):
            "\(path): \(reason)"
        case let .lookFailed(path, reason):
            "the look \(path) cannot be used: \(reason)"
        case let .storeFailed(address, reason):
            "--strict: segment store \(address): \(reason)"
        case let .deliveryCheckFailed(path, profile, problems):
            "\(path) does not pass profile \(profile): " + problems.joined(separator: "; ")
        case let .publishFailed(address, reason):
            "--strict: publishing to \(address) failed: \(reason)"
        }
    }
}

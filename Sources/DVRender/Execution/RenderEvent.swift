/// A stage of the executor, as progress reports name it.
package enum RenderStage: String, Sendable, Codable {
    /// Probing library files the index does not know yet.
    case scan
    /// Hashing the files the reel reads whose content digest this machine does not know yet.
    case identify
    /// Decoding clips to judge their moments (`start: auto`, `order: best`) that the work folder has no analysis of.
    case analyze
    /// Decoding chosen clips to find their faces (`fit: subject`) that the work folder has none of.
    case faces
    /// Decoding a picture of each chosen clip for `dvpipe calendar`.
    case thumbnail
    /// Making the review page's previews (poster, movie, strip) of the clips no cache holds.
    case preview
    case load
    case normalize
    case transition
    case encode
    case audio
    case assemble
}

/// Something the executor reports while it works; the command line turns these into progress lines.
package enum RenderEvent: Sendable {
    /// A stage began with `total` units of work (segments, clips, files).
    case stageStarted(RenderStage, total: Int)
    /// One unit of a stage is done; `reused` when a checkpoint made the work unnecessary.
    case unitFinished(RenderStage, done: Int, total: Int, reused: Bool, name: String)
    /// A problem that does not stop the run (a clip skipped, a day dropped).
    case warning(RenderWarning)
    /// A stage ended.
    case stageFinished(RenderStage)
}

/// Receives the executor's events; called from whichever thread finished the work.
package protocol RenderObserver: Sendable {
    func handle(_ event: RenderEvent)
}

/// An observer that ignores every event, for work nobody watches.
package struct SilentObserver: RenderObserver {
    package init() {}
    package func handle(_ event: RenderEvent) {}
}

import Foundation

extension JobDecoder {
    static let topLevelKeys = [
        "version", "name", "library", "timeframe", "selection", "days", "clips", "output", "transition", "audio",
        "overlays", "captions", "intro", "outro", "layout", "looks", "outputs", "subject"
    ]

    /// The job of a document's root; placeholders stand in for what is wrong, so check `diagnostics` for errors.
    mutating func decodeJob(_ root: YAMLNode) -> Job {
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        let listsOutputs = root.entries?.contains { $0.key.scalar == "outputs" } ?? false
        let fields = fields(
            of: root, path: "", allowed: Self.topLevelKeys, required: ["version", "library", "timeframe", listsOutputs ? "outputs" : "output"])
        let placeholder = Job(
            file: file, name: stem, library: Job.Library(paths: []), timeframe: .year(1970), output: Job.Output(path: ""))
        guard let fields else { return placeholder }
        if let version = fields["version"] {
            _ = value(version, name: "version", expected: "1 (the only format version)") { $0 == "1" && version.isPlainScalar ? 1 : nil }
        }
        var job = placeholder
        job.name = text(fields, "name") ?? stem
        if let node = fields["library"] { job.library = decodeLibrary(node) }
        let timeframe = fields["timeframe"].flatMap { decodeTimeframe($0) }
        if let timeframe { job.timeframe = timeframe }
        if let node = fields["selection"] { job.selection = decodeSelection(node) }
        if let node = fields["clips"] { job.clips = decodeClips(node) }
        if let node = fields["output"] { job.output = decodeOutput(node) }
        if let node = fields["outputs"] {
            if let single = fields.keyNode("output") {
                error("output and outputs: give one output, or list them all under outputs", at: single)
            }
            let outputs = decodeOutputs(node)
            if !outputs.isEmpty { job.outputs = outputs }
        }
        if let node = fields["transition"] { job.transition = decodeTransition(node) }
        if let node = fields["audio"] { job.audio = decodeAudio(node) }
        if let node = fields["overlays"] { job.overlays = decodeOverlays(node) }
        if let node = fields["looks"] { job.looks = decodeCameraLooks(node) }
        if let node = fields["subject"] { job.subject = decodeSubject(node) }
        if let node = fields["captions"] { job.captions = decodeCaptionStyle(node) }
        if let node = fields["intro"] { job.intro = decodeTitleCard(node, name: "intro") }
        if let node = fields["outro"] { job.outro = decodeTitleCard(node, name: "outro") }
        if let node = fields["layout"] { job.layout = decodeLayout(node, name: "layout") ?? job.layout }
        if let node = fields["days"] {
            job.days = decodeDays(node, timeframe: timeframe, layout: job.layout)
        }
        checkTransition(job, fields: fields)
        return job
    }

    /// A transition must be shorter than every fixed clip window it joins (a photo's when the job writes
    /// `clips.photo`: a job written before photos keeps its meaning). The default transition counts too:
    /// the error then points at the clip window that is too short.
    private mutating func checkTransition(_ job: Job, fields: Fields) {
        guard job.transition.style != .cut, let node = fields["transition"] ?? fields["clips"] else { return }
        let place = fields["transition"] == nil ? node : node.entries?.first { $0.key.scalar == "duration" }?.value ?? node
        let writesPhoto = fields["clips"]?.entries?.contains { $0.key.scalar == "photo" } ?? false
        for kind in ClipKind.allCases where kind.isMovie || writesPhoto {
            guard case .fixed(let window) = job.clips.window(for: kind).duration, job.transition.duration >= window else { continue }
            error(
                "transition.duration \(job.transition.duration) must be shorter than clips.\(kind.rawValue).duration \(window); "
                    + "shorten the transition or lengthen the clips", at: place)
        }
    }
}

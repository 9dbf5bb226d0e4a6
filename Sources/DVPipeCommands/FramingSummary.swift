import DVMedia
import DVPlanning
import DVRender
import DVSignal

/// What `plan` says of each day's framing in the outputs with `fit: subject`: still, panning, no face,
/// or `blur` where the faces cannot share one window.
enum FramingSummary {
    /// The lines for every output of `planned` with `fit: subject` (its faces found, or read from the work
    /// folder, as the layout is made); empty when none has it.
    static func text(_ planned: PlannedJob, observer: ProgressPrinter) throws -> String {
        var lines: [String] = []
        for output in framedOutputs(planned) {
            let layout = try planned.forOutput(output).layout(observer: observer)
            observer.finishLine()
            lines.append("")
            lines.append("Framing (fit: subject)\(planned.outputs.count > 1 ? ", \(output.name)" : ""):")
            for clip in layout.pieces.compactMap(\.source.clip) {
                lines.append("  \(clip.day)  \(describe(clip, named: layout.named))")
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// One day's framing in `plan --json`: the window's left (or top) edge every half second and at
    /// the last frame, as `[frame, edge]` in `SubjectFraming.scale` units.
    struct Day: Encodable {
        var date: String
        var motion: String
        /// `faces`, `motion`, `salience` or `names`, for a window that follows something.
        var follows: String?
        /// The names whose regions the window was placed on (`follows: names`); absent otherwise.
        var names: [String]?
        var points: [[Int]]
    }

    /// `plan` with, under `framing`, each `fit: subject` output's days by output name, and under `texts` the
    /// outputs' text plans worth showing (`TextSummary`); the plan alone when no output has that fit and no
    /// output's texts are worth showing.
    struct PlanWithFraming: Encodable {
        var plan: Plan
        var framing: [String: [Day]]
        var texts: [String: TextPlan] = [:]

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            try plan.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            if !framing.isEmpty {
                try container.encode(framing, forKey: Key(stringValue: "framing"))
            }
            if !texts.isEmpty {
                try container.encode(texts, forKey: Key(stringValue: "texts"))
            }
        }
    }

    /// Each `fit: subject` output's days, by output name.
    static func days(_ planned: PlannedJob, observer: ProgressPrinter) throws -> [String: [Day]] {
        var outputs: [String: [Day]] = [:]
        for output in framedOutputs(planned) {
            let layout = try planned.forOutput(output).layout(observer: observer)
            observer.finishLine()
            outputs[output.name] = layout.pieces.compactMap(\.source.clip).map { clip in
                let positions = clip.framing?.positions ?? []
                let every = max(1, layout.canvas.fps / FaceAnalyzer.samplesPerSecond)
                let frames = Array(stride(from: 0, to: positions.count, by: every)) + (positions.isEmpty ? [] : [positions.count - 1])
                let following = clip.framing.map { $0.motion == .still || $0.motion == .pan } == true
                let named = clip.layers == nil ? layout.named[clip.path] : nil
                if clip.still != nil, let named {
                    return Day(date: clip.day, motion: "photo", follows: SubjectFraming.Subject.names.rawValue, names: named.names, points: [])
                }
                return Day(
                    date: clip.day, motion: clip.layers != nil ? "layers" : clip.framing?.motion.rawValue ?? "uncropped",
                    follows: following ? clip.framing?.follows.rawValue : nil,
                    names: following && clip.framing?.follows == .names ? named?.names : nil,
                    points: Array(Set(frames)).sorted().map { [$0, positions[$0]] }
                )
            }
        }
        return outputs
    }

    /// The outputs whose reel has a clip or a layer with `fit: subject`.
    static func framedOutputs(_ planned: PlannedJob) -> [Job.Output] {
        let subjectLayers = planned.plan.days.contains { $0.layers.contains { $0.fit == .subject } }
        return planned.outputs.filter { $0.fit == .subject || subjectLayers }
    }

    /// A day's framing; `named` gives the named faces a photo's motion or a movie's window was placed on, by
    /// path.
    static func describe(_ clip: ClipSource, named: [String: NamedFaces] = [:]) -> String {
        if let layers = clip.layers {
            return "layers: "
                + layers.map { layer in
                    layer.framing.map { describe($0, named: named[layer.path]) } ?? (layer.fit == .subject ? "not cropped" : layer.fit.rawValue)
                }
                .joined(separator: ", ")
        }
        if let still = clip.still, let words = describe(still, named: named) { return words }
        guard let framing = clip.framing else { return "the clip has the frame's shape: not cropped" }
        return describe(framing, named: named[clip.path])
    }

    /// A photo day's motion when one of its photos has named faces: each such photo's motion and the names it
    /// keeps; nil when none has.
    static func describe(_ still: StillShow, named: [String: NamedFaces]) -> String? {
        let shots = still.shots.compactMap { shot in named[shot.path].map { (shot.motion.mode, $0) } }
        guard !shots.isEmpty else { return nil }
        return "photo: "
            + shots.map { mode, faces in "\(mode.rawValue) on the named faces of \(faces.names.joined(separator: ", "))\(missing(faces))" }
            .joined(separator: "; ")
    }

    static func describe(_ framing: SubjectFraming, named: NamedFaces? = nil) -> String {
        let words = describeMotion(framing)
        switch framing.follows {
        case .faces: return words
        case .motion: return words + " (following motion; no face found)"
        case .salience: return words + " (following what stands out; no face or movement found)"
        case .names: return words + " (on the named faces of \(named?.names.joined(separator: ", ") ?? "the still")\(named.map(missing) ?? ""))"
        }
    }

    /// What the plan says of the `subject` people a clip's regions do not name: framed as without them.
    private static func missing(_ faces: NamedFaces) -> String {
        faces.missing.isEmpty ? "" : "; subject \(faces.missing.joined(separator: ", ")) not named in it, framed as without subject"
    }

    private static func describeMotion(_ framing: SubjectFraming) -> String {
        switch framing.motion {
        case .still: return "subject: still"
        case .pan: return "subject: pan"
        case .fallback: return "fallback: blur (the faces cannot share one window)"
        case .none: return "subject: none (nothing found to follow; centred)"
        }
    }
}

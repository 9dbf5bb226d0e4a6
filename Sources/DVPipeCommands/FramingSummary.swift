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
        for output in planned.outputs where output.fit == .subject {
            let layout = try planned.forOutput(output).layout(observer: observer)
            observer.finishLine()
            lines.append("")
            lines.append("Framing (fit: subject)\(planned.outputs.count > 1 ? ", \(output.name)" : ""):")
            for clip in layout.pieces.compactMap(\.source.clip) {
                lines.append("  \(clip.day)  \(describe(clip))")
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ clip: ClipSource) -> String {
        guard clip.layers == nil else { return "layers: each centred" }
        guard let framing = clip.framing else { return "the clip has the frame's shape: not cropped" }
        switch framing.motion {
        case .still: return "subject: still"
        case .pan: return "subject: pan"
        case .fallback: return "fallback: blur (the faces cannot share one window)"
        case .none: return "subject: none (no face found; centred)"
        }
    }
}

import DVMedia
import DVPlanning
import Foundation

/// What the work folder holds for a job's current plan: segments done and left, the sound track, the
/// output, and stale segment files that no longer belong to the plan.
package struct ReelStatus: Sendable {
    package let layout: ReelLayout
    /// Segments of the plan not finished yet in the work folder, in timeline order.
    package let segmentsLeft: [SegmentSpec]
    /// How many of `segmentsLeft` the cache holds (a run takes them from there).
    package let segmentsInCache: Int
    /// True when the plan's sound track is in the work folder.
    package let audioFinished: Bool
    /// Segment files in the work folder that no segment of the current plan uses (from an earlier
    /// version of the job); `dvpipe clean` removes them.
    package let staleSegmentFiles: Int
    /// Whether the output file is there and is what assembling the current plan would write, by the
    /// assemble manifest and the file's size and modification time.
    package let output: OutputState
    /// The output file's path.
    package let outputPath: String

    /// Looks at `work` (and `cache`) for `planned` laid out as `layout`, reading only records and files (no decoding).
    /// `otherLayouts`, those of the job's other outputs, name segments that are current too, not stale.
    package init(
        planned: PlannedJob, layout: ReelLayout, otherLayouts: [ReelLayout] = [], work: WorkFolder, cache: SegmentCache? = nil
    ) throws {
        self.layout = layout
        segmentsLeft = layout.segments.filter { work.segments.finished($0.key) == nil }
        let cache = cache?.segments
        segmentsInCache = segmentsLeft.filter { cache?.finished($0.key) != nil }.count
        let audio = AudioStage(work: work, job: planned.job, files: planned.files)
        audioFinished = try audio.isFinished(for: layout)
        let current = Set(([layout] + otherLayouts).flatMap(\.segments).map { "\($0.key).mp4" })
        let files = (try? FileManager.default.contentsOfDirectory(atPath: work.segmentsFolder.path)) ?? []
        staleSegmentFiles = files.filter { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") && !current.contains($0) }.count
        let outputFile = URL(fileURLWithPath: planned.job.output.path)
        outputPath = outputFile.path
        let inputs = try AssembleStage(work: work).recipe(layout, job: planned.job).inputs
        output = work.outputState(inputs: inputs, output: outputFile, name: planned.job.output.givenName, checkContent: false)
    }
}

extension SegmentSpec {
    /// A few words naming the segment for people: `2024-12-09`, `2024-12-08 → 2024-12-09`, `card "Fin"`.
    /// A segment with a transition is named by it: its body is the transition's second piece.
    package var label: String {
        switch parts.first {
        case let .body(source, _, _): source.label
        case let .transition(_, from, to, _): "\(from.label) → \(to.label)"
        case nil: "empty"
        }
    }
}

extension SegmentSource {
    /// The day of a clip, or `card`.
    var label: String {
        switch self {
        case let .clip(clip): clip.day
        case let .card(card): "card \"\(card.text)\""
        }
    }
}

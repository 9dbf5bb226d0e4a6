import DVPlanning
import Foundation

/// The load stage's manifest (`plan.json`): the plan the segments were last rendered from, and the
/// segments it came to, in timeline order. Written before the segments are rendered. Files are named by
/// their path inside their library folder only (the plan's `file`), never by absolute path.
package struct PlanManifest: Sendable, Hashable, Codable, VersionedManifest {
    /// The format of this manifest; a record of another version is ignored.
    package static let currentVersion = 4

    package var version: Int
    /// The plan, after re-planning around clips that failed.
    package var plan: Plan
    /// The segments' keys, in timeline order (a shard records its own, the others empty).
    package var segments: [String]

    package init(plan: Plan, segments: [String]) {
        version = Self.currentVersion
        self.plan = plan
        self.segments = segments
    }
}

extension WorkFolder {
    /// Records the plan of `layout` as the one the segments are rendered from, its clips named by their
    /// file inside the library folder only (each `path` left empty), with the keys of the segments
    /// `keysOf` accepts (a shard's own, the only ones its layout names by content) and the others empty.
    package func recordPlan(_ plan: Plan, layout: ReelLayout, keysOf: (SegmentSpec) -> Bool = { _ in true }) throws {
        var recorded = plan
        recorded.changeClips { clip in clip.path = "" }
        try PlanManifest(plan: recorded, segments: layout.segments.map { keysOf($0) ? $0.key : "" }).write(to: planFile)
    }

    /// The plan the segments were last rendered from; nil if none was recorded (or in another format).
    package func recordedPlan() -> PlanManifest? {
        PlanManifest.read(from: planFile)
    }
}

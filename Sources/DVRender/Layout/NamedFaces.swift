import DVPlanning
import DVSignal
import Foundation

/// The faces a clip's named regions show (`Annotations.people` with a rectangle), which its framing keeps
/// ahead of the faces detection finds: the regions of the job's `subject` people when the clip names any of
/// them, else every named region. Unnamed regions (an iPhone's `Focus` area) are no one's and left out.
package struct NamedFaces: Sendable, Hashable {
    /// The names framed, in the file's order.
    package var names: [String]
    /// Their regions, in unit coordinates of the upright picture.
    package var areas: [UnitRect]
    /// The `subject` people the clip names none of, as the job writes them; empty when it names them all.
    package var missing: [String]

    /// The faces of `people` the framing keeps for `subject`; nil when no one in `people` has a named region.
    package init?(people: [NamedRegion], subject: Job.Subject?) {
        let named = people.compactMap { person -> (name: String, area: RegionArea)? in
            guard let area = person.area, !NameKey(person.name).isEmpty else { return nil }
            return (person.name, area)
        }
        guard !named.isEmpty else { return nil }
        let wanted = subject?.people ?? []
        let found = Set(named.map { NameKey($0.name) })
        missing = wanted.filter { !found.contains(NameKey($0)) }
        let keys = Set(wanted.map(NameKey.init))
        let kept = named.filter { keys.contains(NameKey($0.name)) }
        let framed = kept.isEmpty ? named : kept
        names = framed.map(\.name)
        areas = framed.map { UnitRect(x: $0.area.x, y: $0.area.y, width: $0.area.width, height: $0.area.height) }
    }

    /// The faces a movie of `movie`'s shape (its upright width and height) keeps from its still's `people`,
    /// whose upright picture is `still`: the still's regions are fractions of its own picture, so they are
    /// used only when the two shapes agree within 1% (a Live Photo's movie is usually cut to another shape
    /// than its still, and the regions would then point at the wrong place); nil otherwise.
    package static func lent(
        people: [NamedRegion], subject: Job.Subject?, still: (width: Int, height: Int), movie: (width: Int, height: Int)
    ) -> NamedFaces? {
        guard still.width > 0, still.height > 0, movie.width > 0, movie.height > 0 else { return nil }
        let ratio = (Double(still.width) / Double(still.height)) / (Double(movie.width) / Double(movie.height))
        guard abs(ratio - 1) <= 0.01 else { return nil }
        return NamedFaces(people: people, subject: subject)
    }
}

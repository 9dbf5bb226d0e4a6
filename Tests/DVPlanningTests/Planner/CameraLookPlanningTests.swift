import DVPlanning
import Testing

/// `looks:`: each day's clip takes the look of the first entry its camera's make and model fit, and the
/// plan says which.
@Suite struct CameraLookPlanningTests {
    /// A movie of 2024-12-`day` at noon from the camera `make` `model`.
    static func movie(day: Int, make: String?, model: String?) -> MediaEntry {
        var entry = Fixtures.movie(String(format: "VID_202412%02d_120000.mp4", day), local: String(format: "2024-12-%02dT12:00:00-0800", day))
        if case .media(var info) = entry.probe {
            info.tags.make = make
            info.tags.model = model
            entry.probe = .media(info)
        }
        return entry
    }

    static let looks = [
        Job.CameraLook(make: GlobPattern("apple"), model: GlobPattern("iPhone 15*"), look: Job.Output.Look(lut: "/looks/iphone15.cube")),
        Job.CameraLook(make: GlobPattern("Apple"), look: Job.Output.Look(lut: "/looks/apple.cube", strength: 0.5)),
        Job.CameraLook(model: GlobPattern("SM-*"), look: Job.Output.Look(lut: "/looks/samsung.cube"))
    ]

    static func plan() -> Plan {
        let index = [
            movie(day: 1, make: "Apple", model: "iPhone 15 Pro"),
            movie(day: 2, make: "Apple", model: "iPhone 12 Pro Max"),
            movie(day: 3, make: "samsung", model: "SM-S901U1"),
            movie(day: 4, make: nil, model: nil),
            movie(day: 5, make: "Google", model: "Pixel 8 Pro")
        ]
        let days = (1...5).map { CalendarDay(year: 2024, month: 12, day: $0)! }
        return Planner.plan(
            index: index,
            rules: PlanningRules(days: days, timeZoneIdentifier: "America/Los_Angeles", libraryRoots: [Fixtures.root], cameraLooks: looks))
    }

    @Test("the first entry a clip's camera fits wins, letter case aside; a clip no entry fits, or without a camera, takes none")
    func firstMatchWins() {
        let looks = Self.plan().days.map { $0.clip?.look }
        #expect(looks.map { $0?.lut } == ["/looks/iphone15.cube", "/looks/apple.cube", "/looks/samsung.cube", nil, nil])
        #expect(looks[1]?.strength == 0.5)
    }

    @Test("the plan table lists the days that take a camera's look, by file name, with a strength other than 1")
    func tableListsLooks() {
        let table = PlanTable.render(Self.plan())
        #expect(
            table.contains(
                "Looks (by camera, from looks:):\n  - 2024-12-01: iphone15.cube\n  - 2024-12-02: apple.cube at 0.50\n  - 2024-12-03: samsung.cube\n"))
    }

    @Test("looks: entries are read with their match, lut and strength; mistakes are located")
    func decoding() {
        let (result, _) = load(minimalJob + "\nlooks:\n  - { match: { make: Apple, model: \"iPhone*\" }, lut: looks/a.cube, strength: 0.25 }\n")
        #expect(result.errors.isEmpty && result.warnings.count == 1, "the missing .cube file is a warning: \(result.diagnostics)")
        let look = result.job?.looks.first
        #expect(look?.make == GlobPattern("Apple") && look?.model == GlobPattern("iPhone*") && look?.look.strength == 0.25)
        #expect(look?.look.lut.hasSuffix("/looks/a.cube") == true && look?.look.lut.hasPrefix("/") == true)
        expectDiagnostic(minimalJob + "\nlooks: [{ match: 1️⃣{}, lut: x.cube }]", containing: "needs make, model or both")
        expectDiagnostic(minimalJob + "\nlooks: 1️⃣{ lut: x.cube }", containing: "looks must be a list")
        expectDiagnostic(minimalJob + "\nlooks: [{ match: { make: Apple }, lut: x.cube, 1️⃣strenght: 1 }]", containing: "did you mean 'strength'?")
        expectDiagnostic(minimalJob + "\nlooks: [1️⃣{ match: { make: Apple } }]", containing: "lut")
    }
}

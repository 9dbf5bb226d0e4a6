import DVPlanning
import Testing

/// Days that show several clips at once: which clips the planner takes (the day's best first, or the
/// files the layers name), where each goes, how long the day lasts, and what it warns about.
@Suite struct LayerPlanningTests {
    static let day = CalendarDay("2024-12-18")!

    static func entry(_ name: String, hour: Int, seconds: Double = 10) -> MediaEntry {
        Fixtures.movie(name, utc: String(format: "2024-12-18T%02d:00:00Z", hour), duration: seconds)
    }

    static func rules(layout: Job.Layout = Job.Layout(), settings: Job.DaySettings? = nil) -> PlanningRules {
        PlanningRules(
            days: [day], timeZoneIdentifier: "UTC", libraryRoots: [Fixtures.root], daySettings: settings.map { [day: $0] } ?? [:],
            videoWindow: Job.ClipWindow(duration: .fixed(.seconds(3))), layout: layout
        )
    }

    static func halves(_ count: Int) -> [Job.UnitRect] {
        (0..<count).map { Job.UnitRect(x: Double($0) / Double(count), y: 0, width: 1 / Double(count), height: 1) }
    }

    @Test("split-h takes the day's best clips in rank order, one per column; the first is the day's clip")
    func presetTakesTheBestClips() throws {
        let index = [Self.entry("VID_c.mp4", hour: 11), Self.entry("VID_a.mp4", hour: 9), Self.entry("VID_b.mp4", hour: 10, seconds: 2)]
        let plan = Planner.plan(index: index, rules: Self.rules(layout: Job.Layout(style: .splitH, audio: .loudest)))
        let day = try #require(plan.days.first)
        #expect(day.clip?.file == "VID_a.mp4")
        #expect(day.layers.map(\.clip.file) == ["VID_a.mp4", "VID_b.mp4"])
        #expect(day.layers.map(\.rect) == Self.halves(2))
        #expect(day.layers.map(\.clip.duration) == [.seconds(3), .seconds(2)], "a clip shorter than the window is used whole")
        #expect(day.clip?.duration == .seconds(3), "the day lasts as long as its longest layer")
        #expect(day.layerAudio == .loudest && day.reason == "video 1 of 3, 2 at once")
        #expect(plan.timeline.totalDuration == .seconds(3))
    }

    @Test("a day with one clip under a layout of several shows it alone, without layers")
    func oneClipStaysSingle() throws {
        let plan = Planner.plan(index: [Self.entry("VID_a.mp4", hour: 9)], rules: Self.rules(layout: Job.Layout(style: .grid)))
        let day = try #require(plan.days.first)
        #expect(day.status == .chosen && day.layers.isEmpty && day.layerAudio == nil)
    }

    @Test("a day's own layout overrides the job's; a pinned clip is the first layer with its trim")
    func dayLayoutAndPin() throws {
        let index = [Self.entry("VID_a.mp4", hour: 9), Self.entry("VID_b.mp4", hour: 10)]
        var settings = Job.DaySettings(pin: Job.Pin(file: "VID_b.mp4", start: .offset(.seconds(1))))
        settings.layout = Job.Layout(style: .pip, audio: .first)
        let plan = Planner.plan(index: index, rules: Self.rules(settings: settings))
        let day = try #require(plan.days.first)
        #expect(day.status == .pinned)
        #expect(day.layers.map(\.clip.file) == ["VID_b.mp4", "VID_a.mp4"])
        #expect(day.layers.first?.clip.start == .seconds(1) && day.clip?.start == .seconds(1))
        #expect(day.layers.map(\.rect) == Job.LayoutStyle.pip.cells(count: 2))
    }

    @Test("explicit layers: a named file, then the day's best clip not shown yet; z, opacity, fit and rect kept")
    func explicitLayers() throws {
        let index = [Self.entry("VID_a.mp4", hour: 9), Self.entry("VID_b.mp4", hour: 10), Self.entry("VID_c.mp4", hour: 11)]
        let inset = Job.UnitRect(x: 0.6, y: 0.6, width: 0.3, height: 0.3)
        let settings = Job.DaySettings(layers: [
            Job.Layer(file: "VID_c.mp4", duration: .fixed(.seconds(5))),
            Job.Layer(rect: inset, z: 2, opacity: 0.5, fit: .contain),
            Job.Layer(file: "VID_missing.mp4")
        ])
        let plan = Planner.plan(index: index, rules: Self.rules(layout: Job.Layout(style: .splitV), settings: settings))
        let day = try #require(plan.days.first)
        #expect(day.status == .pinned && day.clip?.file == "VID_c.mp4")
        #expect(day.layers.map(\.clip.file) == ["VID_c.mp4", "VID_a.mp4"])
        let cells = Job.LayoutStyle.splitV.cells(count: 2)
        #expect(day.layers.map(\.rect) == [cells[0], inset])
        #expect(day.layers.map(\.z) == [0, 2] && day.layers.map(\.opacity) == [1, 0.5] && day.layers.map(\.fit) == [.cover, .contain])
        #expect(day.clip?.duration == .seconds(5))
        let warning = try #require(plan.warnings.first { $0.code == .orphanPin })
        #expect(warning.message.contains("layer 3's file VID_missing.mp4 is not in the library"))
        #expect(plan.warnings.filter { $0.code == .orphanPin }.count == 1)
    }

    @Test("a layer without a file on a day without clips left is left out with a warning; no layer left: the day as usual")
    func unfilledLayers() throws {
        let index = [Self.entry("VID_a.mp4", hour: 9)]
        let two = Planner.plan(index: index, rules: Self.rules(settings: Job.DaySettings(layers: [Job.Layer(), Job.Layer()])))
        #expect(two.days.first?.layers.map(\.clip.file) == ["VID_a.mp4"])
        #expect(two.warnings.contains { $0.code == .layerUnfilled && $0.message.hasPrefix("layer 2 names no file") })
        let missing = Planner.plan(index: index, rules: Self.rules(settings: Job.DaySettings(layers: [Job.Layer(file: "VID_x.mp4")])))
        let day = try #require(missing.days.first)
        #expect(day.status == .chosen && day.clip?.file == "VID_a.mp4" && day.layers.isEmpty)
    }

    @Test("a file a layer names is not chosen again on its own day")
    func layerFilesAreNotReused() throws {
        let other = CalendarDay("2024-12-19")!
        let index = [Self.entry("VID_a.mp4", hour: 9), Fixtures.movie("VID_d.mp4", utc: "2024-12-19T09:00:00Z", duration: 10)]
        var rules = Self.rules(settings: Job.DaySettings(layers: [Job.Layer(), Job.Layer(file: "VID_d.mp4")]))
        rules.days.append(other)
        let plan = Planner.plan(index: index, rules: rules)
        #expect(plan.days.first?.layers.map(\.clip.file) == ["VID_a.mp4", "VID_d.mp4"])
        #expect(plan.days.last?.status == .noMedia)
    }

    @Test("layers without a rect under the single style are laid out as a grid")
    func singleStyleLayersGoInAGrid() throws {
        let index = [Self.entry("VID_a.mp4", hour: 9), Self.entry("VID_b.mp4", hour: 10), Self.entry("VID_c.mp4", hour: 11)]
        let plan = Planner.plan(index: index, rules: Self.rules(settings: Job.DaySettings(layers: [Job.Layer(), Job.Layer(), Job.Layer()])))
        #expect(plan.days.first?.layers.map(\.rect) == Job.LayoutStyle.grid.cells(count: 3))
    }

    @Test("a broken layer file is warned about once, as the layer's; a layer's day from its file's mtime is warned about too")
    func layerWarnings() throws {
        let undated = Fixtures.movie("clip.mp4", duration: 10, mtime: 1_734_523_200)
        let index = [Self.entry("VID_a.mp4", hour: 9), Fixtures.broken("VID_20241218_100000.mp4"), undated]
        let settings = Job.DaySettings(layers: [Job.Layer(), Job.Layer(file: "VID_20241218_100000.mp4"), Job.Layer(file: "clip.mp4")])
        let plan = Planner.plan(index: index, rules: Self.rules(settings: settings))
        #expect(plan.days.first?.layers.map(\.clip.file) == ["VID_a.mp4", "clip.mp4"])
        let broken = plan.warnings.filter { $0.file == "VID_20241218_100000.mp4" }
        #expect(broken.map(\.code) == [.brokenPin] && broken.first?.message.hasPrefix("layer 2's file") == true, "\(plan.warnings)")
        #expect(plan.unreadable.map(\.file) == ["VID_20241218_100000.mp4"], "still listed as unreadable")
        #expect(plan.warnings.contains { $0.code == .dayFromModificationTime && $0.file == "clip.mp4" }, "\(plan.warnings)")
    }

    @Test("an explicit first layer's own start decides the day's window: no analysis asked for a start it gives")
    func explicitFirstLayerWindow() throws {
        let index = [Self.entry("VID_a.mp4", hour: 9)]
        var rules = Self.rules(settings: Job.DaySettings(layers: [Job.Layer(start: .offset(.seconds(2)))]))
        rules.videoWindow.start = .auto
        let plan = Planner.plan(index: index, rules: rules)
        let day = try #require(plan.days.first)
        #expect(day.clip?.start == .seconds(2) && day.layers.first?.clip.start == .seconds(2))
        #expect(!plan.warnings.contains { $0.code == .momentUnknown }, "\(plan.warnings)")
        #expect(day.reason == "video 1 of 1, as a layer")
    }

    @Test("layers that start on auto are analysed: each clip a layered day shows")
    func layersWantMoments() {
        let index = [Self.entry("VID_a.mp4", hour: 9), Self.entry("VID_b.mp4", hour: 10)]
        let rules = Self.rules(settings: Job.DaySettings(layers: [Job.Layer(), Job.Layer(start: .auto)]))
        #expect(rules.wantsMoments)
        #expect(Planner.clipsWantingMoments(index: index, rules: rules) == index.map(\.path).sorted())
    }

    @Test("the presets' cells: columns, rows, a grid as square as the count allows, corners for pip")
    func presetCells() {
        #expect(Job.LayoutStyle.splitH.cells(count: 3) == Self.halves(3))
        #expect(
            Job.LayoutStyle.splitV.cells(count: 2) == [
                Job.UnitRect(x: 0, y: 0, width: 1, height: 0.5), Job.UnitRect(x: 0, y: 0.5, width: 1, height: 0.5)
            ])
        let grid = Job.LayoutStyle.grid.cells(count: 3)
        #expect(
            grid == [
                Job.UnitRect(x: 0, y: 0, width: 0.5, height: 0.5), Job.UnitRect(x: 0.5, y: 0, width: 0.5, height: 0.5),
                Job.UnitRect(x: 0, y: 0.5, width: 0.5, height: 0.5)
            ])
        #expect(Job.LayoutStyle.grid.cells(count: 5).count == 5 && Job.LayoutStyle.grid.cells(count: 5)[4].width == 1.0 / 3)
        let pip = Job.LayoutStyle.pip.cells(count: 3)
        #expect(pip[0] == Job.UnitRect(x: 0, y: 0, width: 1, height: 1))
        #expect(abs(pip[1].x + pip[1].width - 0.97) < 1e-9 && abs(pip[1].y + pip[1].height - 0.97) < 1e-9 && pip[2].x == 0.03)
        #expect(Job.LayoutStyle.single.cells(count: 1) == [Job.UnitRect(x: 0, y: 0, width: 1, height: 1)])
    }
}

/// `layout:` and `days.<date>.layers` as the job file writes them.
@Suite struct LayerDecodingTests {
    @Test("a style name alone, or the settings; the count defaults from the style")
    func layouts() throws {
        let short = try #require(load(minimalJob + "\nlayout: split-v").result.job)
        #expect(short.layout == Job.Layout(style: .splitV, clipsPerDay: 2, audio: .mix, fit: .cover))
        let full = try #require(load(minimalJob + "\nlayout: { style: grid, clips_per_day: 3, audio: none, fit: blur }").result.job)
        #expect(full.layout == Job.Layout(style: .grid, clipsPerDay: 3, audio: .none, fit: .blur))
        #expect(try #require(load(minimalJob + "\nlayout: grid").result.job).layout.clipsPerDay == 4)
        #expect(try #require(load(minimalJob).result.job).layout == Job.Layout())
    }

    @Test("a day's layers with every key, and its own layout")
    func dayLayers() throws {
        let yaml =
            minimalJob + """

                days:
                  2024-12-25:
                    layout: { style: pip, audio: first }
                    layers:
                      - { file: IMG_0001.MOV, start: auto, duration: 2s, rect: { x: 0, y: 0, width: 1, height: 1 }, z: -1, opacity: 0.5, fit: contain }
                      - {}
                """
        let (result, _) = load(yaml)
        let settings = try #require(result.job?.days[CalendarDay("2024-12-25")!])
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(settings.layout?.style == .pip && settings.layout?.audio == .first)
        #expect(
            settings.layers == [
                Job.Layer(
                    file: "IMG_0001.MOV", start: .auto, duration: .fixed(.seconds(2)), rect: Job.UnitRect(x: 0, y: 0, width: 1, height: 1), z: -1,
                    opacity: 0.5, fit: .contain),
                Job.Layer()
            ])
    }

    @Test("a day's layout takes what it leaves out from the job's; a style it names brings its own count")
    func dayLayoutInherits() throws {
        let yaml =
            minimalJob + """

                layout: { style: split-h, audio: loudest, fit: blur }
                days:
                  2024-12-24: { layout: { audio: none } }
                  2024-12-25: { layout: grid }
                  2024-12-26: { layout: { style: pip, fit: contain } }
                  2024-12-27: { skip: true, layers: [{}] }
                """
        let (result, _) = load(yaml)
        let job = try #require(result.job)
        let layout = { (day: String) in job.days[CalendarDay(day)!]?.layout }
        #expect(layout("2024-12-24") == Job.Layout(style: .splitH, clipsPerDay: 2, audio: .none, fit: .blur))
        #expect(layout("2024-12-25") == Job.Layout(style: .grid, clipsPerDay: 4, audio: .loudest, fit: .blur))
        #expect(layout("2024-12-26") == Job.Layout(style: .pip, clipsPerDay: 2, audio: .loudest, fit: .contain))
        #expect(result.warnings.map(\.message) == ["days.2024-12-27 has both skip: true and layers; the day is skipped and the layers unused"])
    }

    @Test("mistakes in layers are reported where they are")
    func mistakes() {
        expectDiagnostic(
            minimalJob + "\nlayout: { style: grid, 1️⃣clips: 2 }", containing: "unknown key 'clips' in layout; did you mean 'clips_per_day'?")
        expectDiagnostic(minimalJob + "\nlayout: { audio: 1️⃣loud }", containing: "did you mean 'loudest'?")
        expectDiagnostic(minimalJob + "\nlayout: { style: split-h, clips_per_day: 1️⃣10 }", containing: "a whole number 1…9")
        expectDiagnostic(minimalJob + "\ndays:\n  2024-12-25:\n    layers:\n      - { z: 1️⃣1.5 }", containing: "a whole number -100…100")
        expectDiagnostic(
            minimalJob + "\ndays:\n  2024-12-25:\n    layers:\n      - { 1️⃣pin: a.mov }", containing: "unknown key 'pin' in days.2024-12-25.layers[1]")
    }
}

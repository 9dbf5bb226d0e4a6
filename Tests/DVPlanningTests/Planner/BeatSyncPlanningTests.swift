import DVPlanning
import Foundation
import Testing

/// `audio.music.sync`: days of whole beats (or bars), every cut on the frame nearest its beat with no drift,
/// the fallback when the music has no beat, a clip too short for its beats, and the job keys.
@Suite struct BeatSyncPlanningTests {
    /// A grid at `bpm` from `first`, `seconds` long, a downbeat every 4 beats.
    static func grid(bpm: Double, first: Double = 0, seconds: Double = 600) -> BeatGrid {
        let period = 60 / bpm
        let beats = Array(stride(from: first, to: seconds, by: period))
        return BeatGrid(
            tempo: bpm, beats: beats, downbeats: stride(from: 0, to: beats.count, by: 4).map { beats[$0] }, phrases: [], confidence: 0.9,
            duration: seconds)
    }

    /// A movie a day from 2024-01-01, `seconds` long.
    static func movies(_ count: Int, seconds: Double = 10) -> [MediaEntry] {
        let first = CalendarDay(year: 2024, month: 1, day: 1)!
        return (0..<count).map { offset in
            let day = first.adding(days: offset)
            let name = String(format: "VID_%04d%02d%02d_120000.mp4", day.year, day.month, day.day)
            return Fixtures.movie(name, local: String(format: "%04d-%02d-%02dT12:00:00+0000", day.year, day.month, day.day), duration: seconds)
        }
    }

    static func plan(_ index: [MediaEntry], sync: Job.MusicSync = .beats, grids: [BeatGrid], start: TimeSpan = .zero) -> Plan {
        let first = CalendarDay(year: 2024, month: 1, day: 1)!
        var rules = PlanningRules(
            days: (0..<index.count).map { first.adding(days: $0) }, timeZoneIdentifier: "UTC", libraryRoots: [Fixtures.root])
        rules.beatSync = BeatSync(sync: sync, files: grids.indices.map { "/music/\($0).ogg" }, starts: grids.map { _ in start }, grids: grids)
        return Planner.plan(index: index, rules: rules)
    }

    /// The cut of each clip after the first, in frames: the middle of its transition in.
    static func cutFrames(_ plan: Plan) -> [Int] {
        plan.timeline.items.dropFirst().map { $0.firstFrame + $0.transitionInFrames / 2 }
    }

    /// The largest distance, in frames, from a cut to the nearest beat of `beats` (times on the reel clock).
    static func worstDistance(_ cuts: [Int], beats: [Double], fps: Double = 30) -> Double {
        cuts.map { cut in beats.map { abs($0 * fps - Double(cut)) }.min() ?? .infinity }.max() ?? 0
    }

    @Test(
        "at 120 BPM a 3 s day between two half-second crossfades lasts 5 beats from cut to cut, as it shows 2.5 s unsynced, and every cut is on its beat's frame; the plan shows the music"
    )
    func constantTempo() throws {
        let plan = Self.plan(Self.movies(10), grids: [Self.grid(bpm: 120)])
        // The first and the last day share one crossfade each: 2.75 s, 5.5 beats, rounded to 6.
        #expect(plan.days.map(\.beats) == [6] + Array(repeating: 5, count: 8) + [6])
        #expect(Self.cutFrames(plan) == (1..<10).map { 90 + ($0 - 1) * 75 })
        #expect(plan.days.map(\.cut) == [TimeSpan.zero] + (1..<10).map { TimeSpan(frame: 90 + ($0 - 1) * 75, fps: 30) })
        #expect(plan.timeline.items.dropFirst().allSatisfy { $0.transitionInFrames == 15 })
        #expect(
            plan.music
                == PlanMusic(
                    tempo: 120, sync: .beats, start: 0, tracks: ["/music/0.ogg"], turns: [MusicTurn(track: 0, from: 0, at: 0, crossfade: 0)]))
        for day in plan.days {
            #expect(day.clip?.duration.nearestFrame(fps: 30) == plan.timeline.items.first { $0.date == day.date }?.frameCount)
        }
        let json = String(decoding: try JSONEncoder().encode(plan), as: UTF8.self)
        #expect(json.contains("\"beats\":6") && json.contains("\"tempo\":120"))
        #expect(PlanTable.render(plan).contains("Music (sync: beats, 120.00 BPM"))
    }

    @Test("at 97.3 BPM over 365 days the last cut is within half a frame of its beat, as the first: no drift")
    func noDriftOverAYear() {
        let grid = Self.grid(bpm: 97.3, seconds: 1500)
        let plan = Self.plan(Self.movies(365), grids: [grid])
        // A beat-long crossfade (18 frames) is shared with each neighbour: 2.4 s from cut to cut, 3.9 beats, so 4.
        #expect(plan.days.allSatisfy { $0.beats == 4 }, "4 beats a day, and 365 × 4 ends on a bar line")
        let cuts = Self.cutFrames(plan)
        #expect(cuts.count == 364)
        for (position, cut) in cuts.enumerated() {
            let beat = grid.beats[(position + 1) * 4]
            #expect(abs(beat * 30 - Double(cut)) <= 0.5 + 1e-9, "cut \(position + 1) at frame \(cut), beat at \(beat * 30)")
        }
    }

    @Test("a tempo change moves the days' lengths with it, every cut still on a beat; past the music the grid goes on at its tempo")
    func tempoChange() {
        let fast = Array(stride(from: 0, to: 30, by: 0.5))
        let slow = Array(stride(from: 30, to: 60, by: 60.0 / 90))
        let beats = fast + slow
        let grid = BeatGrid(
            tempo: 120, beats: beats, downbeats: stride(from: 0, to: beats.count, by: 4).map { beats[$0] }, phrases: [], confidence: 0.8,
            duration: 60)
        let plan = Self.plan(Self.movies(40), grids: [grid])
        #expect(plan.days.first?.beats == 6)
        #expect(plan.days.contains { $0.beats == 4 || $0.beats == 5 })
        let continued = beats + (1...200).map { beats[beats.count - 1] + Double($0) * 60 / 120 }
        #expect(Self.worstDistance(Self.cutFrames(plan), beats: continued) <= 0.5 + 1e-9)
    }

    @Test("bars: days of whole bars, every cut on a downbeat, after the first downbeat at or after the start")
    func bars() throws {
        let grid = Self.grid(bpm: 100, first: 0.25)
        let plan = Self.plan(Self.movies(12), sync: .bars, grids: [grid], start: .seconds(1))
        #expect(plan.days.allSatisfy { ($0.beats ?? 0) % 4 == 0 && ($0.beats ?? 0) > 0 })
        let origin = try #require(grid.downbeats.first { $0 >= 1 })
        #expect(plan.music?.start == origin)
        let downbeats = grid.downbeats.filter { $0 >= origin }.map { $0 - origin }
        #expect(Self.worstDistance(Self.cutFrames(plan), beats: downbeats) <= 0.5 + 1e-9)
        #expect(plan.timeline.frameCount == Int((downbeats[plan.days.compactMap(\.beats).reduce(0, +) / 4] * 30).rounded()))
    }

    @Test("music without a beat keeps the days' own lengths, with a warning naming the file, and no music in the plan")
    func noBeat() {
        let silent = BeatGrid(tempo: nil, beats: [], downbeats: [], phrases: [], confidence: 0.1, duration: 60)
        let plan = Self.plan(Self.movies(5), grids: [silent])
        let first = CalendarDay(year: 2024, month: 1, day: 1)!
        let plain = Planner.plan(
            index: Self.movies(5),
            rules: PlanningRules(days: (0..<5).map { first.adding(days: $0) }, timeZoneIdentifier: "UTC", libraryRoots: [Fixtures.root]))
        #expect(plan.timeline == plain.timeline && plan.days == plain.days && plan.music == nil)
        #expect(plan.warnings.contains { $0.code == .noBeat && $0.file == "/music/0.ogg" })
    }

    @Test("a video too short for its beats takes fewer, and the plan says so")
    func tooShortClip() {
        var index = Self.movies(3)
        // 2.3 s less its two crossfades' halves is 1.8 s, 3.6 beats: 4 asked, but 4 beats and a crossfade need 2.5 s.
        index[1] = Self.movies(2, seconds: 2.3)[1]
        let plan = Self.plan(index, grids: [Self.grid(bpm: 120)])
        #expect(plan.days[1].beats == 3)
        #expect(plan.warnings.contains { $0.code == .shortForBeats && $0.date == plan.days[1].date })
        #expect(Self.worstDistance(Self.cutFrames(plan), beats: Self.grid(bpm: 120).beats) <= 0.5 + 1e-9)
    }

    @Test("a playlist's next track takes over on a bar line of the one before, its downbeat there; a looped track comes back the same way")
    func playlistTurns() throws {
        let first = Self.grid(bpm: 120, seconds: 21), second = Self.grid(bpm: 100, first: 0.3, seconds: 60)
        let sync = BeatSync(sync: .beats, files: ["/a.ogg", "/b.ogg"], starts: [.zero, .seconds(1)], grids: [first, second])
        let beats = try #require(sync.reelBeats)
        #expect(beats.turns.count == 2)
        let change = try #require(beats.turns.last)
        // The first track's last downbeat a beat clear of its 21 s end is at 20 s; the second's first downbeat at or
        // after its start (1 s) is 0.3 + 4 × 0.6 = 2.7 s, led in by one of its beats.
        #expect(change.track == 1 && abs(change.at + change.crossfade - 20) < 1e-9 && abs(change.from + change.crossfade - 2.7) < 1e-9)
        #expect(abs(change.crossfade - 0.6) < 1e-9)
        let bar = try #require(beats.times.firstIndex { abs($0 - 20) < 1e-9 })
        #expect(bar % 4 == 0 && abs(beats.times[bar + 1] - 20.6) < 1e-9 && abs(beats.times[bar - 1] - 19.5) < 1e-9)
        let looped = BeatSync(sync: .bars, files: ["/a.ogg"], starts: [.zero], grids: [first], loop: true)
        let loops = try #require(looped.reelBeats)
        #expect(loops.turns.count > 100 && loops.turns.dropFirst().allSatisfy { $0.track == 0 && $0.from == 0 && $0.crossfade == 0 })
        #expect(loops.turns.dropFirst().allSatisfy { abs($0.at - 20 * ($0.at / 20).rounded()) < 1e-6 })
        let plan = Self.plan(Self.movies(20), sync: .bars, grids: [first])
        #expect(plan.music?.turns.count == 1)
    }

    @Test("sync, start and a playlist are read; off and 0 are left out so a job without them encodes as before")
    func jobKeys() throws {
        let single = try #require(load(minimalJob + "\naudio: { music: { file: a.ogg, sync: bars, start: 2s } }").result.job)
        #expect(single.audio.music?.sync == .bars && single.audio.music?.start == .seconds(2) && single.audio.playlist == nil)
        let off = try #require(load(minimalJob + "\naudio: { music: { file: a.ogg, sync: off, start: 0s } }").result.job)
        let plain = try #require(load(minimalJob + "\naudio: { music: { file: a.ogg } }").result.job)
        #expect(off.audio.music?.sync == nil && off.audio.music?.start == nil && off.audio.playlist == nil)
        #expect(!String(decoding: try JSONEncoder().encode(plain.audio), as: UTF8.self).contains("playlist"))
        let list = try #require(load(minimalJob + "\naudio: { music: [{ file: a.ogg, sync: beats }, { file: b.ogg, start: 3s }] }").result.job)
        #expect(list.audio.musicTracks.map(\.file).map { ($0 as NSString).lastPathComponent } == ["a.ogg", "b.ogg"])
        #expect(list.audio.music?.sync == .beats && list.audio.playlist?[1].start == .seconds(3))
        expectDiagnostic(minimalJob + "\naudio: { music: { file: a.ogg, sync: 1️⃣maybe } }", containing: "audio.music.sync")
        expectDiagnostic(minimalJob + "\naudio: { music: { file: a.ogg, start: 1️⃣soon } }", containing: "audio.music.start")
        expectDiagnostic(minimalJob + "\naudio: { music: [{ file: a.ogg }, { file: b.ogg, sync: 1️⃣bars }] }", containing: "playlist's first track")
        expectDiagnostic(minimalJob + "\naudio: { music: 1️⃣[] }", containing: "lists no track")
        let tracks = Array(repeating: "{ file: a.ogg }", count: 101).joined(separator: ", ")
        expectDiagnostic(minimalJob + "\naudio: { music: 1️⃣[\(tracks)] }", containing: "at most 100")
    }

    @Test("a track that cannot be played leaves the soundtrack; the first track's sync stays for the reel")
    func unplayableTracksLeave() throws {
        let list = try #require(
            load(minimalJob + "\naudio: { music: [{ file: a.ogg, sync: beats, start: 2s }, { file: b.ogg }, { file: c.ogg }] }").result.job)
        let path = { (name: String) in list.audio.musicTracks.first { $0.file.hasSuffix(name) }!.file }
        let withoutFirst = list.leavingOutMusic([path("a.ogg")])
        #expect(withoutFirst.audio.musicTracks.map { ($0.file as NSString).lastPathComponent } == ["b.ogg", "c.ogg"])
        #expect(withoutFirst.audio.music?.sync == .beats && withoutFirst.audio.music?.start == nil)
        let withoutMiddle = list.leavingOutMusic([path("b.ogg")])
        #expect(withoutMiddle.audio.musicTracks.map { ($0.file as NSString).lastPathComponent } == ["a.ogg", "c.ogg"])
        #expect(withoutMiddle.audio.music?.start == .seconds(2))
        let silent = list.leavingOutMusic(Set(["a.ogg", "b.ogg", "c.ogg"].map(path)))
        #expect(silent.audio.music == nil && silent.audio.playlist == nil)
        #expect(list.leavingOutMusic(["/elsewhere/d.ogg"]) == list)
    }
}

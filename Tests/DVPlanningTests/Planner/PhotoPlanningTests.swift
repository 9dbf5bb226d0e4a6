import Foundation
import Testing

@testable import DVPlanning

@Suite("Photos are clips: photo-only days, counts, pins, layers and the limits of clips.photo")
struct PhotoPlanningTests {
    /// A photo taken on `date` at `time` (local, UTC−8).
    private func photo(_ name: String, _ date: String, _ time: String = "12:00:00", make: String? = nil, position: GeoPosition? = nil) -> MediaEntry {
        Fixtures.photo(name, local: "\(date)T\(time)-0800", make: make, position: position)
    }

    private func movie(_ name: String, _ date: String, duration: Double = 10) -> MediaEntry {
        Fixtures.movie(name, local: "\(date)T12:00:00-0800", duration: duration)
    }

    @Test("a day with only photos shows one; a day with a video keeps it; a photo has no speed, moment or sound")
    func photoOnlyDaysGetAPhoto() throws {
        let index = [
            movie("VID_1.mp4", "2024-12-01"), photo("IMG_1.HEIC", "2024-12-01"),
            photo("IMG_3.HEIC", "2024-12-02", "15:00:00"), photo("IMG_2.JPG", "2024-12-02", "09:00:00")
        ]
        var base = rules("2024-12-01", "2024-12-03")
        base.pace = PlanningRules.Pace(speed: PlaybackSpeed(numerator: 1, denominator: 2)!)
        let plan = Planner.plan(index: index, rules: base)
        #expect(plan.on("2024-12-01").clip?.kind == .video)
        let clip = try #require(plan.on("2024-12-02").clip)
        #expect(clip.kind == .photo && clip.file == "IMG_2.JPG")
        #expect(plan.on("2024-12-02").reason == "photo 1 of 2")
        #expect(clip.start == .zero && clip.duration == .seconds(3) && clip.clipLength == .seconds(3))
        #expect(clip.speed == nil && clip.speedAudio == nil && clip.audioTrack == nil && clip.moment == nil)
        #expect(clip.photo?.motion == .auto)
        #expect(clip.photo?.shots.map(\.file) == ["IMG_2.JPG"])
        #expect(plan.on("2024-12-03").status == .noMedia)
        #expect(plan.totals.photosUsed == 1 && plan.totals.stillsNotUsed == 2 && plan.totals.clipsInTimeframe == 1)
        #expect(PlanTable.sentence(plan.totals).contains("1 clips in the timeframe, 1 photos shown, 2 stills not used"))
        var moviesOnly = base
        moviesOnly.prefer = [.video, .livePhoto]
        let without = Planner.plan(index: index, rules: moviesOnly)
        #expect(without.on("2024-12-02").status == .noMedia)
        #expect(without.totals.photosUsed == 0 && without.totals.stillsNotUsed == 3)
    }

    @Test("plan JSON of a movie has no photo key; a photo's round-trips with its shots")
    func planJSONKeepsAMoviesShape() throws {
        let index = [movie("VID_1.mp4", "2024-12-01"), photo("IMG_2.JPG", "2024-12-02", position: GeoPosition(latitude: 35, longitude: 135))]
        let plan = Planner.plan(index: index, rules: rules("2024-12-01", "2024-12-02"))
        let encoder = JSONEncoder()
        let movieDay = try #require(String(data: encoder.encode(plan.on("2024-12-01")), encoding: .utf8))
        #expect(!movieDay.contains("\"photo\""))
        let totals = try #require(
            String(data: encoder.encode(Planner.plan(index: [index[0]], rules: rules("2024-12-01", "2024-12-01")).totals), encoding: .utf8))
        #expect(!totals.contains("photos_used"))
        let photoDay = try #require(String(data: encoder.encode(plan.on("2024-12-02")), encoding: .utf8))
        #expect(photoDay.contains("\"shots\""))
        #expect(try JSONDecoder().decode(Plan.self, from: encoder.encode(plan)) == plan)
        #expect(plan.on("2024-12-02").clip?.position == GeoPosition(latitude: 35, longitude: 135))
        #expect(plan.on("2024-12-02").clip?.photo?.shots.first?.position == GeoPosition(latitude: 35, longitude: 135))
    }

    @Test("the still of a Live Photo whose movie is unreadable or shorter than a frame is a photo")
    func liveStillFallsBackToAPhoto() {
        let index = [
            Fixtures.broken("IMG_0002.MOV"), photo("IMG_0002.HEIC", "2024-12-01"),
            movie("IMG_0003.MOV", "2024-12-02", duration: 0.01), photo("IMG_0003.HEIC", "2024-12-02"),
            movie("IMG_0004.MOV", "2024-12-03", duration: 2), photo("IMG_0004.HEIC", "2024-12-03")
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-01", "2024-12-03"))
        #expect(plan.days.map(\.clip?.file) == ["IMG_0002.HEIC", "IMG_0003.HEIC", "IMG_0004.MOV"])
        #expect(plan.days.map(\.clip?.kind) == [.photo, .photo, .livePhoto])
        #expect(plan.unreadable.map(\.file) == ["IMG_0002.MOV", "IMG_0003.MOV"])
        #expect(plan.unreadable[1].reason.contains("shorter than"))
    }

    @Test("a pin to a still shows it as the day's photo, alone, for the pin's duration")
    func pinToAStill() throws {
        let index = [movie("VID_1.mp4", "2024-12-05"), photo("IMG_1234.HEIC", "2024-12-01"), photo("IMG_1235.HEIC", "2024-12-01")]
        var photos = rules(
            "2024-12-05", "2024-12-05", settings: ["2024-12-05": Job.DaySettings(pin: Job.Pin(file: "IMG_1234.HEIC", duration: .fixed(.seconds(5))))])
        photos.photos.count = 3
        let day = Planner.plan(index: index, rules: photos).on("2024-12-05")
        #expect(day.status == .pinned && day.reason == "pinned from 2024-12-01")
        let clip = try #require(day.clip)
        #expect(clip.kind == .photo && clip.duration == .seconds(5))
        #expect(clip.photo?.shots.map(\.file) == ["IMG_1234.HEIC"] && clip.photo?.shots.map(\.duration) == [.seconds(5)])
    }

    @Test("count shows the best N by score in capture order; without scores, the first N; their durations add up exactly")
    func countShowsTheBestInCaptureOrder() throws {
        let index = (1...5).map { photo("IMG_\($0).JPG", "2024-12-01", "1\($0):00:00") }
        var base = rules("2024-12-01", "2024-12-01")
        base.photos = Job.Photos(duration: TimeSpan(milliseconds: 1001), motion: .push, count: 3)
        #expect(Planner.photosWantingScores(index: index, rules: base) == index.map(\.path))
        let unscored = try #require(Planner.plan(index: index, rules: base).on("2024-12-01").clip)
        #expect(unscored.photo?.shots.map(\.file) == ["IMG_1.JPG", "IMG_2.JPG", "IMG_3.JPG"])
        base.photoScores = ["/lib/IMG_5.JPG": 0.9, "/lib/IMG_2.JPG": 0.8, "/lib/IMG_4.JPG": 0.7, "/lib/IMG_1.JPG": 0.1]
        let day = Planner.plan(index: index, rules: base).on("2024-12-01")
        let clip = try #require(day.clip)
        #expect(day.reason == "3 photos of 5")
        #expect(clip.file == "IMG_2.JPG" && clip.photo?.motion == .push)
        #expect(clip.photo?.shots.map(\.file) == ["IMG_2.JPG", "IMG_4.JPG", "IMG_5.JPG"])
        #expect(clip.duration == TimeSpan(milliseconds: 3003))
        #expect(clip.photo?.shots.map(\.duration.milliseconds).reduce(0, +) == clip.duration.milliseconds)
        #expect(PlannedPhoto.shares(of: .seconds(1), count: 3).map(\.milliseconds) == [334, 333, 333])
        #expect(Planner.plan(index: index, rules: base).totals.photosUsed == 3)
        base.photos.count = 1
        #expect(Planner.photosWantingScores(index: index, rules: base).isEmpty)
        base.order = .best
        #expect(Planner.plan(index: index, rules: base).on("2024-12-01").clip?.file == "IMG_5.JPG")
        #expect(Planner.clipsWantingMoments(index: index, rules: base).isEmpty)
    }

    @Test("a photo is a layer of a grid day, looked and placed by its own Exif")
    func photoAsALayer() throws {
        let index = [
            movie("VID_1.mp4", "2024-12-01"),
            photo("IMG_1.HEIC", "2024-12-01", make: "Apple", position: GeoPosition(latitude: 48.85, longitude: 2.35))
        ]
        var base = rules("2024-12-01", "2024-12-01")
        base.layout = Job.Layout(style: .grid, clipsPerDay: 2)
        base.cameraLooks = [Job.CameraLook(make: GlobPattern("Apple"), look: Job.Output.Look(lut: "/looks/apple.cube"))]
        let day = Planner.plan(index: index, rules: base).on("2024-12-01")
        #expect(day.layers.map(\.clip.kind) == [.video, .photo])
        let layer = try #require(day.layers.last?.clip)
        #expect(layer.duration == .seconds(3) && layer.photo?.shots.count == 1)
        #expect(layer.look?.lut == "/looks/apple.cube" && layer.position?.latitude == 48.85)
        #expect(day.photoPaths == ["/lib/IMG_1.HEIC"])
    }

    @Test("a month with photos on 28 days and videos on 6 shows every day that has either")
    func monthOfPhotosIsNotMostlyBlank() {
        let photos = (1...28).map { photo(String(format: "IMG_%02d.HEIC", $0), String(format: "2025-03-%02d", $0)) }
        let videos = (26...31).map { movie("VID_\($0).mp4", "2025-03-\($0)") }
        let plan = Planner.plan(index: photos + videos, rules: rules("2025-03-01", "2025-03-31"))
        #expect(plan.totals.daysWithMedia == 31)
        #expect(plan.days.count { $0.clip?.kind == .photo } == 25)
        #expect(plan.days.count { $0.clip?.kind == .video } == 6)
    }

    @Test("clips.photo takes duration, motion and count, each checked where it is written")
    func photoSettingsAreChecked() {
        let job = validJob(minimalJob + "\nclips: { photo: { duration: 2.5s, motion: pan, count: 4 } }\nselection: { prefer: [photo] }")
        #expect(job?.clips.photo == Job.Photos(duration: TimeSpan(milliseconds: 2500), motion: .pan, count: 4))
        #expect(job?.selection.prefer == [.photo])
        #expect(validJob(minimalJob)?.selection.prefer == [.video, .livePhoto, .photo])
        expectDiagnostic(minimalJob + "\nclips: { photo: { count: 1️⃣11 } }", containing: "clips.photo.count must be a whole number 1…10")
        expectDiagnostic(minimalJob + "\nclips: { photo: { count: 1️⃣0 } }", containing: "a whole number 1…10")
        expectDiagnostic(minimalJob + "\nclips: { photo: { duration: 1️⃣0s } }", containing: "clips.photo.duration must be longer than 0s")
        expectDiagnostic(minimalJob + "\nclips: { photo: { duration: 1️⃣soon } }", containing: "a duration like 3s")
        expectDiagnostic(minimalJob + "\nclips: { photo: { motion: 1️⃣zom } }", containing: "unknown clips.photo.motion 'zom'")
        expectDiagnostic(minimalJob + "\nclips: { photo: { 1️⃣speed: 2 } }", containing: "unknown key 'speed' in clips.photo")
        expectDiagnostic(
            minimalJob + "\ntransition: { style: crossfade, duration: 1️⃣1s }\nclips: { photo: { duration: 1s } }",
            containing: "clips.photo.duration 1s")
    }
}

import Foundation
import Testing

@testable import DVPlanning

@Suite struct PlanJSONTests {
    private func samplePlan() -> Plan {
        let index = [
            Fixtures.movie("a.mov", local: "2024-12-01T10:00:00-0800", duration: 10),
            Fixtures.movie("b.mov", local: "2024-11-02T10:00:00-0800", duration: 1.25)
        ]
        var rules = rules(
            "2024-12-01", "2024-12-03",
            settings: [
                "2024-12-02": Job.DaySettings(pin: Job.Pin(file: "b.mov"), caption: "Grandma"),
                "2024-12-03": Job.DaySettings(skip: true)
            ])
        rules.videoWindow = Job.ClipWindow(duration: .fixed(.seconds(3)), start: .middle)
        return Planner.plan(index: index, rules: rules)
    }

    @Test func shapeHasVersionDaysTimelineWarningsAndTotals() throws {
        let data = try JSONEncoder().encode(samplePlan())
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(json.keys) == ["version", "time_zone", "days", "timeline", "warnings", "unreadable", "totals"])
        #expect(json["version"] as? Int == 1)
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(
            Set(days[0].keys) == [
                "date", "weekday", "status", "reason", "file", "path", "kind", "source_date", "day_rule", "capture_time",
                "start", "duration", "speed", "speed_audio", "clip_length", "output_start", "caption", "colour", "rotation", "audio_track",
                "motion_photo", "moment", "layers",
                "layer_audio", "look", "position", "place"
            ])
        #expect(days[0]["date"] as? String == "2024-12-01")
        #expect(days[0]["weekday"] as? String == "Sun")
        #expect(days[0]["start"] as? Double == 3.5)
        #expect(days[0]["duration"] as? Double == 3)
        #expect(days[0]["day_rule"] as? String == "local_creation_date")
        #expect(days[1]["reason"] as? String == "pinned from 2024-11-02")
        #expect(days[1]["source_date"] as? String == "2024-11-02")
        #expect(days[1]["output_start"] as? Double == 2.5)
        #expect(days[1]["caption"] as? String == "Grandma")
        #expect(days[2]["status"] as? String == "skipped")
        #expect(days[2]["file"] is NSNull)
        #expect(days[2]["start"] is NSNull)
        let timeline = try #require(json["timeline"] as? [String: Any])
        // 3 s and 1.25 s at 30 fps are 90 and 38 frames (37.5, half a frame rounding up), overlapping by 15.
        #expect(timeline["fps"] as? Int == 30)
        #expect(timeline["frame_count"] as? Int == 113)
        #expect(timeline["total_duration"] as? Double == 3.767)
        #expect(timeline["transition_style"] as? String == "crossfade")
        let items = try #require(timeline["items"] as? [[String: Any]])
        #expect(items.map { $0["first_frame"] as? Int } == [0, 75])
        #expect(items.map { $0["frame_count"] as? Int } == [90, 38])
        #expect(items.map { $0["transition_in_frames"] as? Int } == [0, 15])
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["reel_duration"] as? Double == 3.767)
        #expect(totals["days_skipped"] as? Int == 1)
    }

    @Test func roundTripsExactly() throws {
        let plan = samplePlan()
        let decoded = try JSONDecoder().decode(Plan.self, from: try JSONEncoder().encode(plan))
        #expect(decoded == plan)
    }

    @Test func layeredDayCarriesItsLayersAndRoundTrips() throws {
        let index = [
            Fixtures.movie("a.mov", local: "2024-12-01T10:00:00-0800", duration: 10),
            Fixtures.movie("b.mov", local: "2024-12-01T11:00:00-0800", duration: 2)
        ]
        var rules = rules("2024-12-01", "2024-12-01", settings: [:])
        rules.layout = Job.Layout(style: .splitV, audio: .none)
        let plan = Planner.plan(index: index, rules: rules)
        #expect(try JSONDecoder().decode(Plan.self, from: try JSONEncoder().encode(plan)) == plan)
        let json = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(plan)) as? [String: Any])
        let day = try #require((json["days"] as? [[String: Any]])?.first)
        #expect(day["layer_audio"] as? String == "none")
        let layers = try #require(day["layers"] as? [[String: Any]])
        #expect(layers.count == 2)
        let dayOnly: Set = ["date", "weekday", "status", "reason", "output_start", "caption", "layers", "layer_audio"]
        #expect(Set(layers[1].keys) == Set(day.keys).subtracting(dayOnly).union(["rect", "z", "opacity", "fit"]), "a layer's clip has a day's keys")
        #expect(Set(layers[1].keys).isSuperset(of: ["file", "source_date", "capture_time", "look", "rotation", "position", "place"]))
        #expect(layers[1]["file"] as? String == "b.mov" && layers[1]["duration"] as? Double == 2)
        #expect(layers[1]["rect"] as? [String: Double] == ["x": 0, "y": 0.5, "width": 1, "height": 0.5])
    }
}

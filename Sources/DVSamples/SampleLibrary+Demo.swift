import DVMedia
import DVPlanning
import DVSignal
import Foundation

/// The demo library's files, day by day (December 2024, filmed in America/Los_Angeles, UTC−8).
extension SampleLibrary {
    /// Every file of the demo library. Frames show the day of the month; the tone rises a semitone a day.
    ///
    /// - 1, 2: one clip each (30 fps; 60 fps).
    /// - 3: filmed at 23:40 local, so its UTC `creation_time` falls on the 4th.
    /// - 4: portrait (landscape-coded, 90° display matrix).
    /// - 5: only a Live Photo (`IMG_0005.JPG` + `IMG_0005.MOV`).
    /// - 6: two clips; the job pins the first to the 8th (`pinned from 2024-12-06`).
    /// - 8: its own clip, displaced by that pin.
    /// - 9: three clips (`video 1 of 3`).
    /// - 10: two clips; the job pins the second (`pinned`).
    /// - 12: HEVC at 24 fps. 13: Android clip with only `creation_time`, mono 44.1 kHz.
    /// - 14: `VID_20241214_101500.mp4` with no tags (day from the file name).
    /// - 15: one clip; the job skips the day. 17: `holiday-party.mp4`, day from its mtime only.
    /// - 18: a clip and a Live Photo; the job captions the day. 19–31: clips in various rates,
    ///   orientations and layouts (no audio on the 22nd, 5.1 on the 24th, VFR on the 27th, a tone burst
    ///   on the 30th), a Live Photo alone on the 23rd, and on the 28th only a truncated,
    ///   unreadable file (its mtime on that day; its name has no date, so the plan lists it as `day unknown`).
    /// - 7, 11, 16, 21, 26 (and 28): no media.
    static var demoCatalogue: [SampleItem] {
        [
            video("IMG_0001.MOV", day: 1, at: "10:12:00"),
            video("IMG_0002.MOV", day: 2, at: "16:45:00", seconds: 2, fps: 60),
            video("IMG_0003.MOV", day: 3, at: "23:40:00"),
            video("IMG_0004.MOV", day: 4, at: "10:05:00", portrait: true)
        ]
            + livePhoto(number: 5, day: 5, at: "12:30:00")
            + [
                video("IMG_0006.MOV", day: 6, at: "09:00:00", label: "pinned to Dec 8"),
                video("IMG_0007.MOV", day: 6, at: "17:30:00", fps: 24),
                video("IMG_0008.MOV", day: 8, at: "11:00:00"),
                video("IMG_0009.MOV", day: 9, at: "08:15:00", label: "IMG_0009 · 1 of 3"),
                video("IMG_0010.MOV", day: 9, at: "12:40:00", portrait: true, label: "IMG_0010 · 2 of 3"),
                video("IMG_0011.MOV", day: 9, at: "19:05:00", seconds: 2, fps: 60, label: "IMG_0011 · 3 of 3"),
                video("IMG_0012.MOV", day: 10, at: "10:00:00"),
                video("IMG_0013.MOV", day: 10, at: "16:20:00", seconds: 4, label: "IMG_0013 · pinned"),
                video("IMG_0014.MOV", day: 12, at: "13:10:00", fps: 24, codec: .hevc),
                SampleItem(
                    .clip(
                        SampleClip(
                            fileName: "PXL_20241213_173000123.mp4", duration: 3, width: 640, height: 360, fps: 30,
                            audio: .tone(SampleTone(frequency: tone(day: 13), layout: .mono, sampleRate: 44_100)),
                            tags: .filmed(at: "2024-12-13T17:30:00-0800", localDate: false),
                            text: "13", label: "PXL_20241213_173000123.mp4", background: color(day: 13)
                        ))),
                video("VID_20241214_101500.mp4", day: 14, at: "10:15:00", tagged: false),
                video("IMG_0015.MOV", day: 15, at: "14:00:00", label: "skipped by the job"),
                SampleItem(
                    video("holiday-party.mp4", day: 17, at: "19:00:00", tagged: false).content,
                    modificationDate: SampleTags.date(fromLocal: "2024-12-17T19:00:00-0800")
                ),
                video("IMG_0016.MOV", day: 18, at: "18:30:00", label: "Grandma's birthday")
            ]
            + livePhoto(number: 17, day: 18, at: "19:45:00")
            + [
                video("IMG_0018.MOV", day: 19, at: "09:20:00", fps: 24, portrait: true),
                video("IMG_0019.MOV", day: 20, at: "15:00:00", seconds: 2, fps: 60),
                video("IMG_0020.MOV", day: 22, at: "11:30:00", audio: false)
            ]
            + livePhoto(number: 21, day: 23, at: "13:15:00")
            + [
                video("IMG_0022.MOV", day: 24, at: "20:00:00", layout: .surround51),
                video("IMG_0023.MOV", day: 25, at: "08:00:00", seconds: 4),
                video("IMG_0024.MOV", day: 27, at: "17:10:00", variableFrameRate: true),
                SampleItem(
                    .damaged(.truncated(demoClip("IMG_0025.MOV", day: 28, at: "12:00:00"))),
                    modificationDate: SampleTags.date(fromLocal: "2024-12-28T12:00:00-0800")
                ),
                video("IMG_0026.MOV", day: 29, at: "10:40:00", fps: 24),
                video("IMG_0027.MOV", day: 30, at: "14:25:00", portrait: true, burst: true),
                video("IMG_0028.MOV", day: 31, at: "23:10:00")
            ]
    }

    /// Days with at least one readable clip in `demoCatalogue`.
    static let demoDaysWithMedia = [1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 13, 14, 15, 17, 18, 19, 20, 22, 23, 24, 25, 27, 29, 30, 31]

    /// A semitone higher every day, from A3 (220 Hz) on the 1st.
    static func tone(day: Int) -> Double {
        220 * Foundation.pow(2, Double(day - 1) / 12)
    }

    /// A background that changes hue from day to day.
    static func color(day: Int) -> SRGBColour {
        let palette = [
            SRGBColour(red: 40, green: 70, blue: 120), SRGBColour(red: 120, green: 50, blue: 60),
            SRGBColour(red: 40, green: 100, blue: 70), SRGBColour(red: 110, green: 80, blue: 30),
            SRGBColour(red: 80, green: 50, blue: 110), SRGBColour(red: 30, green: 95, blue: 105),
            SRGBColour(red: 90, green: 90, blue: 90)
        ]
        return palette[(day - 1) % palette.count]
    }

    private static func demoClip(
        _ name: String, day: Int, at time: String, seconds: Double = 3, fps: Int = 30, codec: VideoCodec = .h264,
        portrait: Bool = false, variableFrameRate: Bool = false, audio: Bool = true, layout: ChannelLayout = .stereo,
        burst: Bool = false, tagged: Bool = true, contentIdentifier: String? = nil, label: String? = nil
    ) -> SampleClip {
        let local = String(format: "2024-12-%02dT%@-0800", day, time)
        let tone = SampleTone(
            frequency: tone(day: day), layout: layout, burst: burst ? SampleTone.Burst(time: seconds / 2) : nil
        )
        return SampleClip(
            fileName: name, duration: seconds, width: 640, height: 360, fps: fps, codec: codec,
            rotation: portrait ? 90 : 0, variableFrameRate: variableFrameRate, audio: audio ? .tone(tone) : .none,
            tags: tagged ? .filmed(at: local, contentIdentifier: contentIdentifier) : .none,
            text: String(day), label: label ?? name, background: color(day: day)
        )
    }

    private static func video(
        _ name: String, day: Int, at time: String, seconds: Double = 3, fps: Int = 30, codec: VideoCodec = .h264,
        portrait: Bool = false, variableFrameRate: Bool = false, audio: Bool = true, layout: ChannelLayout = .stereo,
        burst: Bool = false, tagged: Bool = true, label: String? = nil
    ) -> SampleItem {
        SampleItem(
            .clip(
                demoClip(
                    name, day: day, at: time, seconds: seconds, fps: fps, codec: codec, portrait: portrait,
                    variableFrameRate: variableFrameRate, audio: audio, layout: layout, burst: burst, tagged: tagged, label: label
                )))
    }

    /// A Live Photo: `IMG_nnnn.JPG` and a 2.5 s `IMG_nnnn.MOV` carrying the same content identifier.
    private static func livePhoto(number: Int, day: Int, at time: String) -> [SampleItem] {
        let base = String(format: "IMG_%04d", number)
        let identifier = String(format: "D3A0C1E2-2024-4C0D-9E11-%012d", number)
        return [
            SampleItem(
                .still(
                    SampleStill(
                        fileName: "\(base).JPG", width: 640, height: 480, text: String(day), label: "\(base).JPG",
                        background: color(day: day)
                    ))),
            SampleItem(
                .clip(
                    demoClip(
                        "\(base).MOV", day: day, at: time, seconds: 2.5, contentIdentifier: identifier, label: "\(base) · Live Photo"
                    )))
        ]
    }
}

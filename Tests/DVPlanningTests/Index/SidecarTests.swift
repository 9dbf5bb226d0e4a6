import Foundation
import Testing

@testable import DVPlanning

/// Sidecar files: which one belongs to a media file (Takeout's names, cut or numbered; XMP's), what time
/// each holds, and the day rule that reads it, in the order `library.day_rules` gives.
struct SidecarTests {
    static func find(_ media: String, _ names: [String]) -> String? {
        Sidecar.find(for: media, among: SidecarNames(names))?.name
    }

    @Test("Takeout's names: plain, supplemental-metadata, numbered duplicates, edited copies, the old name without extension")
    func takeoutNames() {
        #expect(Self.find("IMG_1.jpg", ["IMG_1.jpg.json"]) == "IMG_1.jpg.json")
        #expect(Self.find("IMG_1.jpg", ["IMG_1.jpg.json", "IMG_1.jpg.supplemental-metadata.json"]) == "IMG_1.jpg.supplemental-metadata.json")
        #expect(Self.find("IMG_1(1).jpg", ["IMG_1.jpg.json", "IMG_1.jpg(1).json"]) == "IMG_1.jpg(1).json")
        #expect(Self.find("IMG_1(2).jpg", ["IMG_1.jpg.supplemental-metadata(2).json"]) == "IMG_1.jpg.supplemental-metadata(2).json")
        #expect(Self.find("IMG_1-edited.jpg", ["IMG_1.jpg.json"]) == "IMG_1.jpg.json")
        #expect(Self.find("IMG_1.jpg", ["IMG_1.json"]) == "IMG_1.json")
        #expect(Self.find("IMG_1.jpg", []) == nil)
    }

    @Test("a cut name matches only the file whose name it starts, never a shorter name's neighbour")
    func cutNames() {
        let long = "PXL_20230615_123456789.NIGHT.jpg"
        let full = long + ".supplemental-metadata"
        for keep in [40, 46, 47, 51] where keep < full.count {
            #expect(Self.find(long, [String(full.prefix(keep)) + ".json"]) == String(full.prefix(keep)) + ".json", "cut at \(keep)")
        }
        #expect(Self.find(long + "x", [String(full.prefix(46)) + ".json"]) == nil, "another file's cut name")
        // The trap: IMG_1.jpg must not take IMG_10.jpg's sidecar, nor a cut shorter than 40 characters.
        #expect(Self.find("IMG_1.jpg", ["IMG_10.jpg.json", "IMG_10.jpg.supplemental-metadata.json"]) == nil)
        #expect(Self.find(long, [String(full.prefix(30)) + ".json"]) == nil)
        // Numbered duplicates keep their number after the cut.
        #expect(
            Self.find("PXL_20230615_123456789.NIGHT(1).jpg", [String(full.prefix(46)) + "(1).json", String(full.prefix(46)) + ".json"])
                == String(full.prefix(46)) + "(1).json")
    }

    @Test("XMP sidecars: NAME.EXT.xmp before NAME.xmp, and before Takeout's JSON")
    func xmpNames() {
        #expect(Self.find("DSC_0001.NEF", ["DSC_0001.xmp", "DSC_0001.NEF.xmp"]) == "DSC_0001.NEF.xmp")
        #expect(Self.find("DSC_0001.NEF", ["DSC_0001.xmp", "DSC_0001.NEF.json"]) == "DSC_0001.xmp")
        #expect(Sidecar.find(for: "DSC_0001.NEF", among: SidecarNames(["DSC_0001.XMP"]))?.kind == .xmp)
    }

    @Test("Takeout JSON gives photoTakenTime in UTC, as a string or a number; anything else gives nothing")
    func takeoutTimes() {
        func time(_ json: String) -> String? { Sidecar.takeoutCaptureTime(json: Data(json.utf8)) }
        #expect(time(#"{"title": "a.jpg", "photoTakenTime": {"timestamp": "1733050800", "formatted": "…"}}"#) == "2024-12-01T11:00:00Z")
        #expect(time(#"{"photoTakenTime": {"timestamp": 1733050800}}"#) == "2024-12-01T11:00:00Z")
        for bad in [
            "", "{", "[]", "null", #"{"photoTakenTime": {"timestamp": "0"}}"#, #"{"photoTakenTime": {"timestamp": "soon"}}"#,
            #"{"photoTakenTime": "1733050800"}"#, #"{"creationTime": {"timestamp": "1733050800"}}"#, #"{"photoTakenTime": {"timestamp": 1e300}}"#
        ] {
            #expect(time(bad) == nil, "\(bad)")
        }
    }

    @Test("XMP gives the first of DateTimeOriginal, CreateDate and DateCreated, as attribute or element, in every date form")
    func xmpTimes() {
        func time(_ xml: String) -> String? { Sidecar.xmpCaptureTime(xml: Data(xml.utf8)) }
        #expect(
            time(#"<rdf:Description xmp:CreateDate="2024-12-01T10:00:00" exif:DateTimeOriginal="2024-12-03T23:40:00-08:00"/>"#)
                == "2024-12-03T23:40:00-08:00")
        #expect(time("<x><xmp:CreateDate>2024-12-03T23:40:00.123+01:00</xmp:CreateDate></x>") == "2024-12-03T23:40:00.123+01:00")
        #expect(time("<x><photoshop:DateCreated>2024-12-03</photoshop:DateCreated></x>") == "2024-12-03T00:00:00")
        #expect(time(#"<x exif:DateTimeOriginal='2024-12-03T23:40+02:00'/>"#) == "2024-12-03T23:40:00+02:00")
        #expect(time(#"<x exif:DateTimeOriginal="2024-12-03T23:40Z"/>"#) == "2024-12-03T23:40:00Z")
        for bad in [
            "", "<x", #"<x exif:DateTimeOriginal="yesterday"/>"#, "<x><xmp:CreateDate>2024-13-40</xmp:CreateDate></x>", #"<x exif:DateTimeOriginal=""#
        ] {
            #expect(time(bad) == nil, "\(bad)")
        }
    }

    @Test("damaged sidecars (cut, bytes flipped) give a time or nothing, never a crash")
    func damagedSidecars() {
        let json = Array(#"{"photoTakenTime": {"timestamp": "1733050800"}, "geoData": {"latitude": 1.5}}"#.utf8)
        let xml = Array(#"<x:xmpmeta><rdf:Description exif:DateTimeOriginal="2024-12-03T23:40:00-08:00"/></x:xmpmeta>"#.utf8)
        var state: UInt64 = 2024
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for sample in [json, xml] {
            for length in 0...sample.count {
                _ = Sidecar.takeoutCaptureTime(json: Data(sample.prefix(length)))
                _ = Sidecar.xmpCaptureTime(xml: Data(sample.prefix(length)))
            }
            for _ in 0..<1_000 {
                var damaged = sample
                for _ in 0...next(3) { damaged[next(damaged.count)] = UInt8(next(256)) }
                let times = [Sidecar.takeoutCaptureTime(json: Data(damaged)), Sidecar.xmpCaptureTime(xml: Data(damaged))]
                #expect(times.allSatisfy { $0 == nil || Timestamp(parsing: $0!) != nil })
            }
        }
    }

    /// An untagged clip whose name and sidecar disagree, modified on another day.
    static func entry(sidecar kind: Sidecar.Kind, time: String) -> MediaEntry {
        MediaEntry(
            path: "/m/VID_20241205_120000.mp4", relativePath: "VID_20241205_120000.mp4", size: 1, modificationTime: 1_735_000_000,
            probe: .media(MediaInfo(container: "mov", duration: 3, video: nil, audio: nil, tags: CaptureTags(), isStill: false)),
            sidecar: SidecarCapture(kind: kind, relativePath: "x", size: 1, modificationTime: 0, inode: 0, captureTime: time))
    }

    @Test("the sidecar rule comes before the name by default; day_rules reorders; Takeout is read in the library's zone")
    func sidecarRuleInItsPlace() {
        let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
        let takeout = Self.entry(sidecar: .takeout, time: "2024-12-02T03:00:00Z")
        #expect(CaptureDay(of: takeout, in: losAngeles).rule == .sidecar)
        #expect(CaptureDay(of: takeout, in: losAngeles).localTime.description == "2024-12-01T19:00:00")
        let xmp = Self.entry(sidecar: .xmp, time: "2024-12-02T03:00:00+09:00")
        #expect(CaptureDay(of: xmp, in: losAngeles).localTime.description == "2024-12-02T03:00:00", "an XMP time is taken as written")
        let nameFirst = CaptureDay(of: takeout, in: losAngeles, order: [.fileName, .sidecar])
        #expect(nameFirst.rule == .fileName && nameFirst.localTime.date.description == "2024-12-05")
        #expect(CaptureDay(of: takeout, in: losAngeles, order: [.localCreationDate]).rule == .modificationTime, "always the last resort")
    }
}

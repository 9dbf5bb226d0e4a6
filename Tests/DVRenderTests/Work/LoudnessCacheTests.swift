import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// The loudness kept in the work folder is versioned as every kept value is, with the meter's version in it.
@Suite struct LoudnessCacheTests {
    static let window = LoudnessCache.Window(measurement: LoudnessMeasurement(integrated: -23.5, truePeak: 0.5, gatedBlocks: 40), hasSound: true)

    @Test("measurements of another meter version are measured again; the same version's are kept")
    func anotherMeterVersionMeasuresEveryWindowAgain() throws {
        let folder = try TemporaryFolder("loudness")
        let work = WorkFolder(root: folder.url)
        try FileManager.default.createDirectory(at: work.audioFolder, withIntermediateDirectories: true)
        let windows = ["a": Self.window, "b": Self.window]
        try LoudnessCache(work: work, meter: LoudnessMeter.version).save(windows)
        #expect(LoudnessCache(work: work).load().keys.sorted() == ["a", "b"])
        #expect(LoudnessCache(work: work, meter: LoudnessMeter.version + 1).load().isEmpty, "a new meter takes every gain again")
    }

    @Test("a file in another format, or the unversioned map earlier builds wrote, is measured again")
    func otherFormatsAreMeasuredAgain() throws {
        let folder = try TemporaryFolder("loudness-format")
        let work = WorkFolder(root: folder.url)
        try FileManager.default.createDirectory(at: work.audioFolder, withIntermediateDirectories: true)
        let cache = LoudnessCache(work: work)
        try JSONEncoder().encode(["a": Self.window]).write(to: cache.file)
        #expect(cache.load().isEmpty)
        var contents = LoudnessCache.Contents(meter: LoudnessMeter.version, windows: ["a": Self.window])
        contents.version += 1
        try JSONEncoder().encode(contents).write(to: cache.file)
        #expect(cache.load().isEmpty)
    }
}

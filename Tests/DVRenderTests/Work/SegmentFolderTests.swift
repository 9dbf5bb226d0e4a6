import DVRender
import DVTestBasics
import Foundation
import Testing

/// What a folder of segments says of each key: finished, missing, or damaged with the reason, for the
/// damage a disk, a copy or a person can do to a segment's file or record.
struct SegmentFolderTests {
    /// A store holding one finished segment `key` of `bytes`.
    static func store(in folder: TemporaryFolder, key: String = "a1b2", bytes: Data = Data((0..<4096).map { UInt8($0 % 251) })) throws
        -> SegmentFolder
    {
        let store = SegmentFolder(folder: try folder.subfolder("segments"))
        try bytes.write(to: store.file(key))
        _ = try store.record(key, frameCount: 30, encoderThreads: 2)
        return store
    }

    static func damage(_ check: SegmentFolder.Check) -> String? {
        if case let .damaged(reason) = check { reason } else { nil }
    }

    @Test("a finished segment checks; a flipped byte and a cut file are damage, with the reason")
    func fileDamageIsNamed() throws {
        let folder = try TemporaryFolder("segment-store")
        let store = try Self.store(in: folder)
        #expect(store.finished("a1b2")?.frameCount == 30)
        var bytes = try Data(contentsOf: store.file("a1b2"))
        bytes[100] ^= 0x10
        try bytes.write(to: store.file("a1b2"))
        #expect(Self.damage(store.check("a1b2")) == "its file's SHA-256 is not the one its record names")
        try bytes.prefix(1000).write(to: store.file("a1b2"))
        #expect(Self.damage(store.check("a1b2")) == "its file has 1000 bytes, its record says 4096")
    }

    @Test("a record that is garbage or another segment's is damage; one of another version, or none, is missing")
    func recordDamageIsNamed() throws {
        let folder = try TemporaryFolder("segment-store")
        let store = try Self.store(in: folder)
        let record = try Data(contentsOf: store.recordFile("a1b2"))
        try Data("\u{0}garbage".utf8).write(to: store.recordFile("a1b2"))
        #expect(Self.damage(store.check("a1b2"))?.hasPrefix("its record is not a segment record") == true)
        try record.prefix(record.count / 2).write(to: store.recordFile("a1b2"))
        #expect(Self.damage(store.check("a1b2"))?.hasPrefix("its record is not a segment record") == true)

        try String(decoding: record, as: UTF8.self).replacingOccurrences(of: "a1b2", with: "c3d4").write(
            to: store.recordFile("a1b2"), atomically: true, encoding: .utf8)
        #expect(Self.damage(store.check("a1b2")) == "its record is not this segment's")

        let older = String(decoding: record, as: UTF8.self).replacingOccurrences(
            of: "\"version\" : \(SegmentRecord.currentVersion)", with: "\"version\" : 0")
        #expect(older != String(decoding: record, as: UTF8.self), "the record names its version")
        try older.write(to: store.recordFile("a1b2"), atomically: true, encoding: .utf8)
        guard case .missing = store.check("a1b2") else {
            Issue.record("a record of another version counts as missing")
            return
        }
        try FileManager.default.removeItem(at: store.recordFile("a1b2"))
        guard case .missing = store.check("a1b2") else {
            Issue.record("no record: missing")
            return
        }
    }
}

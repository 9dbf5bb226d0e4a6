internal import CFFmpeg
import Foundation

/// SHA-256 through libavutil's hash API, for naming segments by everything that decides their bytes.
public final class ContentHash {
    private var context: OpaquePointer?

    /// Starts an empty SHA-256.
    public init() {
        av_hash_alloc(&context, "SHA256")
        av_hash_init(context)
    }

    deinit {
        av_hash_freep(&context)
    }

    /// Adds raw bytes.
    public func update(_ data: Data) {
        data.withUnsafeBytes(update)
    }

    /// Adds raw bytes in place, without copying them (an array's storage, say).
    public func update(_ bytes: UnsafeRawBufferPointer) {
        av_hash_update(context, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
    }

    /// Adds a string followed by a separator, so that ("ab","c") and ("a","bc") differ.
    public func update(_ field: String) {
        update(Data(field.utf8))
        update(Data([0]))
    }

    /// The digest as 64 lowercase hex digits; the hash cannot be updated afterwards.
    public func finalHex() -> String {
        var buffer = [UInt8](repeating: 0, count: 65)
        av_hash_final_hex(context, &buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The SHA-256 of `data`, as hex.
    public static func hex(of data: Data) -> String {
        let hash = ContentHash()
        hash.update(data)
        return hash.finalHex()
    }

    /// The SHA-256 of the file at `url`, read a megabyte at a time, as hex.
    ///
    /// - Throws: `MediaError.io` when the file cannot be read.
    public static func hex(ofFileAt url: URL) throws -> String {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let hash = ContentHash()
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hash.update(chunk)
            }
            return hash.finalHex()
        } catch {
            throw MediaError.io(path: url.path, reason: error.localizedDescription)
        }
    }
}

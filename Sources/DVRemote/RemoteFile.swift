import DVMetadata
import Foundation

/// A file on a server read by position, for a `ByteReader` and through it libavformat: each read asks for
/// the blocks it needs that the `BlockCache` does not hold, a run of them in one `Range` request carrying
/// `If-Match` with the ETag the listing gave, so a file that changed since is never mixed with what was read
/// before (the read fails; the next scan lists the new version as a new file).
///
/// A server that answers a range request with the whole file (some proxies do) is read whole once, its
/// blocks kept, and every later read of it is served from them. One reader serves one thread.
package final class RemoteFile: ByteSource, Sendable {
    package let size: Int
    /// The file as messages name it: its address without credentials.
    package let address: String
    private let url: URL
    private let etag: String
    private let client: HTTPClient
    private let cache: BlockCache
    private let folder: URL
    private let library: RemoteLibrary

    init(address: String, url: URL, size: Int, etag: String, client: HTTPClient, cache: BlockCache, library: RemoteLibrary) {
        self.address = address
        self.url = url
        self.size = size
        self.etag = etag
        self.client = client
        self.cache = cache
        self.library = library
        folder = cache.folder(address: address, etag: etag, size: size)
    }

    /// The most bytes of a file read whole from a server that ignores range requests: 32 MiB (the scan reads
    /// 8 files at once). A larger file from such a server fails to read, naming the server's fault.
    package static let largestWholeRead = 32 << 20

    package func read(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size else { return [] }
        let end = count >= size - offset ? size : offset + max(0, count)
        guard offset < end else { return [] }
        let blockSize = BlockCache.blockSize
        let first = offset / blockSize, last = (end - 1) / blockSize
        var blocks: [[UInt8]?] = (first...last).map { cache.block($0, in: folder, count: blockCount($0)) }
        var index = 0
        while index < blocks.count {
            guard blocks[index] == nil else {
                index += 1
                continue
            }
            var runEnd = index
            while runEnd + 1 < blocks.count, blocks[runEnd + 1] == nil { runEnd += 1 }
            let fetched = try fetch(blocks: (first + index)...(first + runEnd))
            for block in index...runEnd {
                blocks[block] = fetched[first + block]
            }
            index = runEnd + 1
        }
        var result: [UInt8] = []
        result.reserveCapacity(end - offset)
        for (position, bytes) in blocks.enumerated() {
            guard let bytes else { throw RemoteReadError(address: address, reason: "a block was not fetched") }
            let start = (first + position) * blockSize
            result += bytes[max(offset, start) - start..<min(end, start + bytes.count) - start]
        }
        return result
    }

    /// Bytes in block `index` (the last one may be short).
    private func blockCount(_ index: Int) -> Int {
        min(BlockCache.blockSize, size - index * BlockCache.blockSize)
    }

    /// Fetches the blocks of `indices` in one request (or the whole file, from a server that does not
    /// answer ranges), keeps them in the cache, and returns them by index.
    private func fetch(blocks indices: ClosedRange<Int>) throws -> [Int: [UInt8]] {
        let whole = library.isReadWhole(address)
        if whole, size > Self.largestWholeRead {
            throw RemoteReadError(
                address: address,
                reason: "its server ignores range requests, and at \(size) bytes it is larger than the \(Self.largestWholeRead) read whole")
        }
        let start = whole ? 0 : indices.lowerBound * BlockCache.blockSize
        let end = whole ? size : start + min(size - start, (indices.count) * BlockCache.blockSize)
        var headers: [String: String] = whole ? [:] : ["Range": "bytes=\(start)-\(end - 1)"]
        if !etag.isEmpty { headers["If-Match"] = etag }
        // A 206 longer than asked is refused by `problem`; the limit leaves room for a 200 with the whole file.
        let limit = max(end - start, min(size, Self.largestWholeRead))
        let result = client.send("GET", url, named: address, headers: headers, limit: limit) { answer in
            self.problem(with: answer, start: start, end: end)
        }
        let answer: HTTPAnswer
        switch result {
        // The failure names the request ("GET ADDRESS: …"); the error names the file once.
        case let .failure(failure):
            throw RemoteReadError(address: address, reason: failure.description.replacingOccurrences(of: "GET \(address): ", with: ""))
        case let .success(got): answer = got
        }
        switch answer.status {
        case 206, 200:
            break
        case 412, 416:
            throw RemoteReadError(address: address, reason: "changed on the server since it was listed; the next scan reads it as a new file")
        default:
            throw RemoteReadError(address: address, reason: "GET: HTTP \(answer.status)")
        }
        if let given = answer.headers["etag"], !etag.isEmpty, Self.weakless(given) != Self.weakless(etag) {
            throw RemoteReadError(address: address, reason: "changed on the server since it was listed (its ETag is now \(given))")
        }
        let body = [UInt8](answer.body)
        let bodyStart = answer.status == 200 ? 0 : start
        if answer.status == 200, !whole {
            library.readWhole(address, server: url.host ?? address)
        }
        library.counted(bytes: body.count)
        var blocks: [Int: [UInt8]] = [:]
        cache.prepare(folder)
        let firstBlock = bodyStart / BlockCache.blockSize
        for block in firstBlock...((bodyStart + body.count - 1) / BlockCache.blockSize) {
            let from = block * BlockCache.blockSize - bodyStart
            let bytes = body[from..<(from + blockCount(block))]
            cache.keep(bytes, as: block, in: folder)
            blocks[block] = Array(bytes)
        }
        return blocks
    }

    /// What is wrong with a range answer that should be tried again: a body cut short, a `Content-Range`
    /// that is not the range asked for. Nil for an answer to keep (or to report as it is).
    private func problem(with answer: HTTPAnswer, start: Int, end: Int) -> HTTPFailure? {
        switch answer.status {
        case 206:
            let expected = "bytes \(start)-\(end - 1)/\(size)"
            guard let range = answer.headers["content-range"],
                range.replacingOccurrences(of: " ", with: "") == expected.replacingOccurrences(of: " ", with: "")
            else {
                return HTTPFailure("the server sent \(answer.headers["content-range"] ?? "no Content-Range") for \(expected)")
            }
            return answer.body.count == end - start
                ? nil : HTTPFailure("\(answer.body.count) of \(end - start) bytes arrived")
        case 200:
            return answer.body.count == size ? nil : HTTPFailure("\(answer.body.count) of \(size) bytes arrived")
        default:
            return nil
        }
    }

    /// An ETag without its weak marker, for comparing what the listing and a GET say.
    private static func weakless(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...]
    }
}

/// A file on a server that could not be read: which file and why, never a credential.
package struct RemoteReadError: ByteSourceError, CustomStringConvertible, Sendable {
    package let address: String
    package let reason: String

    package init(address: String, reason: String) {
        self.address = address
        self.reason = reason
    }

    package var description: String { "\(address): \(reason)" }
}

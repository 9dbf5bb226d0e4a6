import DVMedia
import Foundation

/// Encodes the sound track's chunks on threads of their own, one per core at a time, while the audio
/// stage mixes the next chunks.
///
/// Not on Dispatch's global pool: on Linux the Swift tasks that run the stage take threads from that pool,
/// which is as wide as the machine has cores, so chunks sent there were encoded one at a time on 2 cores.
final class ChunkEncoderPool: Sendable {
    /// Places to encode, one per core.
    private let places: EncoderPlaces
    /// Chunks to keep mixed ahead of the one being written: enough to keep every core encoding.
    let ahead: Int

    init(cores: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        places = EncoderPlaces(cores)
        ahead = 2 * cores
    }

    /// A chunk whose packets are known.
    func known(_ index: Int, packets: [EncodedAudioPacket]) -> PendingChunk {
        PendingChunk(index: index, packets: packets)
    }

    /// A chunk encoded by `encode` on a new thread once a place is free.
    func encode(_ index: Int, _ encode: @escaping @Sendable () throws -> [EncodedAudioPacket]) -> PendingChunk {
        PendingChunk(index: index, places: places, encode: encode)
    }
}

/// One chunk of the track on its way to the file: its packets, found or being encoded.
final class PendingChunk: @unchecked Sendable {
    // @unchecked: `result` is written once, by `init` or by the encoding thread before it signals `done`,
    // and read only after `done` has been waited for.
    let index: Int
    private let done = DispatchGroup()
    private var result: Result<[EncodedAudioPacket], any Error>

    fileprivate init(index: Int, packets: [EncodedAudioPacket]) {
        self.index = index
        result = .success(packets)
    }

    fileprivate init(index: Int, places: EncoderPlaces, encode: @escaping @Sendable () throws -> [EncodedAudioPacket]) {
        self.index = index
        result = .success([])
        done.enter()
        let thread = Thread {
            self.result = places.holding { Result { try encode() } }
            self.done.leave()
        }
        thread.name = "dvpipe audio"
        thread.start()
    }

    /// True once the packets are there.
    var isFinished: Bool { done.wait(timeout: .now()) == .success }

    /// The chunk's packets, once encoded.
    func packets() throws -> [EncodedAudioPacket] {
        done.wait()
        return try result.get()
    }
}

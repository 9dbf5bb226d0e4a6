import DVMedia
import DVRuntime
import Foundation

/// Encodes the sound track's chunks on a lane of their own, one per core at a time, while the audio stage
/// mixes the next chunks. Its threads take the nice value of the thread that starts them (10 for the sound
/// made ahead, `SoundTracksAhead`); dropping the pool waits for the chunks still encoding.
final class ChunkEncoderPool: Sendable {
    /// One thread per core.
    private let lane: Lane
    /// Chunks to keep mixed ahead of the one being written: enough to keep every core encoding.
    let ahead: Int

    init(cores: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        lane = Lane("dvpipe audio", width: cores)
        ahead = 2 * cores
    }

    /// A chunk whose packets are known.
    func known(_ index: Int, packets: [EncodedAudioPacket]) -> PendingChunk {
        PendingChunk(index: index, source: .known(packets))
    }

    /// A chunk encoded by `encode` on the pool's lane.
    func encode(_ index: Int, _ encode: @escaping @Sendable () throws -> [EncodedAudioPacket]) -> PendingChunk {
        PendingChunk(index: index, source: .encoding(lane.submit(encode)))
    }
}

/// One chunk of the track on its way to the file: its packets, found or being encoded.
struct PendingChunk: Sendable {
    /// Where the packets come from.
    fileprivate enum Source: Sendable {
        case known([EncodedAudioPacket])
        case encoding(Handle<[EncodedAudioPacket]>)
    }

    let index: Int
    fileprivate let source: Source

    /// True once the packets are there.
    var isFinished: Bool {
        switch source {
        case .known: true
        case let .encoding(handle): handle.isFinished
        }
    }

    /// The chunk's packets, once encoded.
    func packets() throws -> [EncodedAudioPacket] {
        switch source {
        case let .known(packets): packets
        case let .encoding(handle): try handle.wait()
        }
    }
}

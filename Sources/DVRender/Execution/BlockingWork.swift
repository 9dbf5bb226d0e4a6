import Foundation

/// Work that blocks (decoding, encoding, joining threads, reading and hashing files, asking a server) run
/// on a thread made for it, while the task that asked waits without holding a thread of Swift's cooperative
/// pool: the pool has as many threads as the machine has cores, and a render keeps every core busy with
/// threads of its own.
public enum BlockingWork {
    /// Stack for the threads: as much as the main thread has, for the decoders and encoders they run.
    private static let stackSize = 8 << 20

    /// `body`'s result, `body` run on a new thread named `name`.
    public static func run<Result: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Swift.Result { try body() })
            }
            thread.name = name
            thread.stackSize = stackSize
            thread.start()
        }
    }
}

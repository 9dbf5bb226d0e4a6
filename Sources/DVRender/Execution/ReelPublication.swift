import DVPlanning
import DVRemote
import Foundation

/// The last step of a run for an output with `publish:`: its finished reel uploaded to the collection or
/// prefix the job names (`ReelPublisher`), after it was assembled and passed its profile's check.
package enum ReelPublication {
    /// Uploads `reel` (the output `output`) when the output names a `publish` address, under `givenName` or
    /// else its file's name (either checked by `ReelPublisher.isAcceptableName`), replacing a file of that
    /// name only when the output's `publish_overwrite` says so, and returns what
    /// the server holds; nil when it names none. A failed upload is one warning (`publishFailed`, through
    /// `observer`), or under `strict` an error (`RenderError.publishFailed`); the local reel stays either way.
    package static func publish(
        _ reel: AssembledReel, of output: Job.Output, as givenName: String? = nil, strict: Bool, environment: [String: String],
        observer: some RenderObserver
    ) throws -> ReelPublisher.Published? {
        guard let address = output.publish else { return nil }
        let name = givenName ?? reel.output.lastPathComponent
        do {
            let publisher = try ReelPublisher(address, access: RemoteAccess(environment: environment))
            return try publisher.publish(reel.output, as: name, overwrite: output.publishOverwrite)
        } catch let error as PublishError {
            try fail(address: error.address, reason: error.reason, reel: reel, strict: strict, observer: observer)
        } catch {
            try fail(address: address + name, reason: "\(error)", reel: reel, strict: strict, observer: observer)
        }
        return nil
    }

    private static func fail(address: String, reason: String, reel: AssembledReel, strict: Bool, observer: some RenderObserver) throws {
        guard !strict else {
            throw RenderError.publishFailed(address: address, reason: reason)
        }
        observer.handle(
            .warning(RenderWarning(.publishFailed, "publishing to \(address) failed: \(reason); the reel stays at \(reel.output.path)")))
    }
}

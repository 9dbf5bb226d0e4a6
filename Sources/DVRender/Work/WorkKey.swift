import DVRemote
import Foundation

/// The one recipe for naming work (a segment, the sound track, an audio chunk, an assembly):
/// the SHA-256 of a kind tag, the renderer version and the canonical JSON (sorted keys) of everything
/// that decides the work's bytes. Files enter the material by their content digest (`ContentDigests`),
/// never by path, modification time or host, so a key means the same on every machine.
package enum WorkKey {
    /// The key of work of `kind` made from `material`.
    package static func make(_ kind: String, _ material: some Encodable) throws -> String {
        let hash = ContentHash()
        hash.update("dvpipe-\(kind)")
        hash.update(RenderVersion.renderer)
        hash.update(try JSONCoding.encoder.encode(material))
        return hash.finalHex()
    }
}

import DVFiles
import Foundation

/// One JSON encoder configuration for every manifest, so the same content gives the same bytes.
enum JSONCoding {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// A manifest in the work folder that says which version of its format it is.
protocol VersionedManifest: Codable {
    /// The format this build writes; a file in another version is treated as missing.
    static var currentVersion: Int { get }
    var version: Int { get }
}

extension VersionedManifest {
    /// The manifest at `url`; nil when missing, unreadable or in another version.
    static func read(from url: URL) -> Self? {
        guard let data = try? Data(contentsOf: url), let manifest = try? JSONDecoder().decode(Self.self, from: data),
            manifest.version == currentVersion
        else { return nil }
        return manifest
    }

    /// Writes the manifest to `url` atomically (temporary file, fsync, rename).
    func write(to url: URL) throws {
        try FileSync.writeAtomically(try JSONCoding.encoder.encode(self), to: url)
    }
}

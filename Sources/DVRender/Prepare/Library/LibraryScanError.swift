import DVMedia

/// Why a library scan could not finish.
package enum LibraryScanError: Error, Equatable, CustomStringConvertible {
    /// A folder of `library.paths` does not exist or is not a folder.
    case rootNotFound(path: String)
    /// A folder inside the library could not be listed.
    case unreadableFolder(path: String, reason: String)
    /// The index cache could not be written.
    case cacheNotWritten(path: String, reason: String)
    /// A library on a server could not be listed (the reason names no credential).
    case unlistedServer(address: String, reason: String)

    package var description: String {
        switch self {
        case let .rootNotFound(path):
            "\(path): library folder not found; check library.paths in the job file"
        case let .unreadableFolder(path, reason):
            "\(path): cannot list the folder: \(reason)"
        case let .cacheNotWritten(path, reason):
            "\(path): cannot write the index cache: \(reason)"
        case let .unlistedServer(address, reason):
            // The reason of a refusal names the address already: once is enough.
            "\(address): cannot list the library on the server: "
                + (reason.hasPrefix(address + ": ") ? String(reason.dropFirst(address.count + 2)) : reason)
        }
    }
}

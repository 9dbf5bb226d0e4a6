import Foundation

/// One file of the media library as the scanner saw it: identity, probe result, or why it could not be read.
public struct MediaEntry: Sendable, Hashable, Codable {
    /// Absolute path of the file.
    public var path: String
    /// Path relative to the library folder it was found in (what pins and the plan show).
    public var relativePath: String
    /// File size in bytes.
    public var size: Int64
    /// Modification time, seconds since 1970 (UTC).
    public var modificationTime: Double
    /// The file's inode number: with size and modification time, what tells the index cache the file is unchanged.
    public var inode: UInt64
    /// For a file on a server, its ETag as the listing gave it (with its size, what tells the index cache and
    /// the block cache it is unchanged); nil for a local file. Never part of a key.
    public var etag: String?
    /// What probing found, or the error that stopped it.
    public var probe: ProbeResult
    /// The sidecar beside the file (an XMP sidecar, else Takeout's JSON) and the capture time it gives, when
    /// there is one: the `sidecar` day rule reads its time.
    public var sidecar: SidecarCapture?
    /// Takeout's JSON when the file has an XMP sidecar too (which is then `sidecar`): its people and favourite
    /// count as well; its time does not (the XMP's comes first, as it always has). Nil otherwise.
    public var takeoutSidecar: SidecarCapture?
    /// The albums the file is in, from the Takeout album folder it was found in; nil when none.
    public var albums: [String]?
    /// The album folder's JSON that `albums` was read from (kind `takeoutAlbum`), with what tells the index
    /// cache it is unchanged; nil when the folder is no album.
    public var albumFolder: SidecarCapture?

    public init(
        path: String, relativePath: String, size: Int64, modificationTime: Double, inode: UInt64 = 0, etag: String? = nil,
        probe: ProbeResult, sidecar: SidecarCapture? = nil, takeoutSidecar: SidecarCapture? = nil, albums: [String]? = nil,
        albumFolder: SidecarCapture? = nil
    ) {
        self.path = path
        self.etag = etag
        self.relativePath = relativePath
        self.size = size
        self.modificationTime = modificationTime
        self.inode = inode
        self.probe = probe
        self.sidecar = sidecar
        self.takeoutSidecar = takeoutSidecar
        self.albums = albums
        self.albumFolder = albumFolder
    }

    /// Who and what the file's metadata names: its embedded XMP, completed by its sidecars (the XMP's, then
    /// Takeout's) and its album folder.
    public var annotations: Annotations {
        var found = Annotations()
        if case .media(let info) = probe, let embedded = info.annotations { found = embedded }
        for fromSidecar in [sidecar?.annotations, takeoutSidecar?.annotations].compactMap(\.self) {
            found = found.merged(with: fromSidecar)
        }
        if let albums { found = found.merged(with: Annotations(albums: albums)) }
        return found
    }
}

/// A sidecar file found beside a media file, with what tells the index cache it is unchanged and the capture
/// time it gives.
public struct SidecarCapture: Sendable, Hashable, Codable {
    public var kind: Sidecar.Kind
    /// The sidecar's path relative to its library folder.
    public var relativePath: String
    public var size: Int64
    public var modificationTime: Double
    public var inode: UInt64
    /// ISO 8601 as `Timestamp` reads it (Takeout's in UTC, with `Z`; XMP's with the offset it gives, if
    /// any), or nil when the sidecar holds no usable time.
    public var captureTime: String?
    /// Who and what the sidecar names (XMP regions, keywords, rating; Takeout's people and favourite); nil
    /// when it names nothing.
    public var annotations: Annotations?
    /// Why the sidecar gave nothing, when it could not be read or is not what its name says (`not JSON`);
    /// the plan warns of it for a file of the timeframe.
    public var problem: String?

    public init(
        kind: Sidecar.Kind, relativePath: String, size: Int64, modificationTime: Double, inode: UInt64, captureTime: String?,
        annotations: Annotations? = nil, problem: String? = nil
    ) {
        self.kind = kind
        self.relativePath = relativePath
        self.size = size
        self.modificationTime = modificationTime
        self.inode = inode
        self.captureTime = captureTime
        self.annotations = annotations
        self.problem = problem
    }
}

extension Sequence where Element == MediaEntry {
    /// The video stream of each entry that has one, by the entry's path.
    public var videoStreamsByPath: [String: VideoStreamInfo] {
        var videos: [String: VideoStreamInfo] = [:]
        for entry in self {
            if case .media(let info) = entry.probe, let video = info.video { videos[entry.path] = video }
        }
        return videos
    }
}

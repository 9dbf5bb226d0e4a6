import DVPlanning

/// In-memory index entries for planner tests: a library rooted at `/lib`.
enum Fixtures {
    static let root = "/lib"

    /// A readable movie; tags as phones write them, mtime in seconds since 1970.
    static func movie(
        _ relativePath: String, local: String? = nil, utc: String? = nil, contentID: String? = nil,
        duration: Double? = 10, mtime: Double = 1_733_000_000, hasVideo: Bool = true
    ) -> MediaEntry {
        let video = VideoStreamInfo(
            codec: "h264", width: 1920, height: 1080, frameRate: 30, rotation: 0, pixelFormat: "yuv420p",
            isVariableFrameRate: false)
        let info = MediaInfo(
            container: "mov,mp4,m4a,3gp,3g2,mj2", duration: duration, video: hasVideo ? video : nil, audio: nil,
            tags: CaptureTags(localCreationDate: local, creationTime: utc, contentIdentifier: contentID),
            isStill: false)
        return entry(relativePath, mtime: mtime, probe: .media(info))
    }

    /// A readable still picture.
    static func still(_ relativePath: String, contentID: String? = nil) -> MediaEntry {
        let info = MediaInfo(
            container: "image2", duration: nil, video: nil, audio: nil,
            tags: CaptureTags(contentIdentifier: contentID), isStill: true)
        return entry(relativePath, mtime: 1_733_000_000, probe: .media(info))
    }

    /// A readable photo with its Exif capture time (as `DateTimeOriginal` with its offset), camera and GPS.
    static func photo(
        _ relativePath: String, local: String, make: String? = nil, model: String? = nil, position: GeoPosition? = nil
    ) -> MediaEntry {
        let info = MediaInfo(
            container: "image2", duration: nil, video: nil, audio: nil,
            tags: CaptureTags(localCreationDate: local, make: make, model: model, position: position), isStill: true)
        return entry(relativePath, mtime: 1_733_000_000, probe: .media(info))
    }

    /// A file that does not open.
    static func broken(_ relativePath: String, local: String? = nil) -> MediaEntry {
        entry(relativePath, mtime: 1_733_000_000, probe: .unreadable(reason: "Invalid data found when processing input"))
    }

    static func entry(_ relativePath: String, mtime: Double, probe: ProbeResult) -> MediaEntry {
        MediaEntry(
            path: root + "/" + relativePath, relativePath: relativePath, size: 1000, modificationTime: mtime,
            probe: probe)
    }
}

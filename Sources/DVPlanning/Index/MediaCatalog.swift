import Foundation

/// The index sorted into what the planner can use: clips with their kind, capture day and length (photos
/// among them); the stills of Live Photos; files that cannot be used, with the reason.
///
/// Built once per plan in one pass over the index plus dictionary look-ups (no pairwise comparisons), so a
/// 20,000-entry index is cheap.
public struct MediaCatalog: Sendable {
    /// A movie or a photo the planner may choose.
    public struct Clip: Sendable, Hashable {
        /// The index entry of the movie, or of the still for a photo.
        public var entry: MediaEntry
        public var kind: ClipKind
        public var capture: CaptureDay
        /// The movie's length, from the probe's duration; zero for a photo, whose time the planner gives.
        public var length: TimeSpan
        /// For a Live Photo, the path of its still.
        public var stillPath: String?

        /// The movie's frame rate as probed, or nil when unknown and for a photo.
        public var frameRate: Double? {
            guard kind.isMovie, case .media(let info) = entry.probe, let rate = info.video?.frameRate, rate > 0 else { return nil }
            return rate
        }
    }

    /// A file that is never chosen, and why.
    public struct Unusable: Sendable, Hashable {
        public var entry: MediaEntry
        public var reason: String
    }

    /// Every usable movie, in index order, then every photo, in index order.
    public private(set) var clips: [Clip] = []
    /// The entries of the photos: stills that belong to no Live Photo, or whose movie cannot be used.
    public var stills: [MediaEntry] { clips.filter { $0.kind == .photo }.map(\.entry) }
    /// Stills that are the picture half of a Live Photo whose movie is a clip.
    public private(set) var pairedStills: [MediaEntry] = []
    /// The position of each of `pairedStills` there, by its path.
    private var pairedStillPositions: [String: Int] = [:]
    /// Files that cannot be opened or have nothing to show.
    public private(set) var unusable: [Unusable] = []

    /// Extensions of the pictures a Live Photo's movie pairs with by base name.
    public static let pairableStillExtensions: Set<String> = ["heic", "heif", "jpg", "jpeg"]

    /// Sorts `index` into clips, paired stills and unusable files, pairing Live Photos and finding capture days
    /// in `timeZone` by `dayRules`. A still is a photo when it belongs to no Live Photo, or when its movie
    /// cannot be used: unreadable, without video or duration, or shorter than `minimumMovieLength` (that
    /// movie is then unusable; a Motion Photo becomes a photo of its own file).
    public init(
        index: [MediaEntry], timeZone: TimeZone, dayRules: [DayRule] = DayRule.defaultOrder, minimumMovieLength: TimeSpan = .zero
    ) {
        let stillsByName = Dictionary(
            index.filter { MediaCatalog.pairableStillExtensions.contains(MediaCatalog.fileExtension($0.path)) }
                .map { (MediaCatalog.pairingKey($0.path), $0.path) },
            uniquingKeysWith: min)
        var stillsByIdentifier: [String: String] = [:]
        for entry in index {
            guard case .media(let info) = entry.probe, info.isStill, let identifier = info.tags.contentIdentifier
            else { continue }
            stillsByIdentifier[identifier] = min(stillsByIdentifier[identifier] ?? entry.path, entry.path)
        }
        var pairedStillPaths: Set<String> = []
        var motionPhotoStills: Set<String> = []
        for entry in index {
            switch entry.probe {
            case .unreadable(let reason):
                unusable.append(Unusable(entry: entry, reason: reason))
            case .media(let info) where info.isStill:
                continue
            case .media(let info):
                guard info.video != nil, let seconds = info.duration, seconds > 0 else {
                    // A Motion Photo whose movie cannot be used is still a photo.
                    if info.embeddedMovie != nil {
                        motionPhotoStills.insert(entry.path)
                    } else {
                        unusable.append(Unusable(entry: entry, reason: info.video == nil ? "no video stream" : "unknown duration"))
                    }
                    continue
                }
                // A Motion Photo is its own still; it ranks with Live Photos.
                let still =
                    info.embeddedMovie != nil
                    ? entry.path
                    : stillsByName[MediaCatalog.pairingKey(entry.path)] ?? info.tags.contentIdentifier.flatMap { stillsByIdentifier[$0] }
                if still != nil, TimeSpan(seconds: seconds) < minimumMovieLength {
                    // A Live Photo's movie too short to show leaves its still a photo.
                    if info.embeddedMovie != nil {
                        motionPhotoStills.insert(entry.path)
                    } else {
                        unusable.append(
                            Unusable(entry: entry, reason: "its movie of \(TimeSpan(seconds: seconds)) is shorter than \(minimumMovieLength)"))
                    }
                    continue
                }
                if let still { pairedStillPaths.insert(still) }
                clips.append(
                    Clip(
                        entry: entry, kind: still == nil ? .video : .livePhoto,
                        capture: CaptureDay(of: entry, in: timeZone, order: dayRules), length: TimeSpan(seconds: seconds),
                        stillPath: still))
            }
        }
        for entry in index {
            guard case .media(let info) = entry.probe, info.isStill || motionPhotoStills.contains(entry.path) else { continue }
            if pairedStillPaths.contains(entry.path) {
                pairedStillPositions[entry.path] = pairedStills.count
                pairedStills.append(entry)
            } else {
                clips.append(
                    Clip(entry: entry, kind: .photo, capture: CaptureDay(of: entry, in: timeZone, order: dayRules), length: .zero))
            }
        }
    }

    /// Who and what `clip` shows, as the planner and `dvpipe people` match it: its entry's annotations
    /// (embedded, sidecars, album folder: `MediaEntry.annotations`), completed for a Live Photo by its still's,
    /// which lends its people, keywords, rating, label, favourite and albums to its movie (the movie's own come
    /// first). A Motion Photo's movie is inside its still's file, so its entry's annotations are the still's.
    public func annotations(of clip: Clip) -> Annotations {
        let own = clip.entry.annotations
        guard clip.kind == .livePhoto, let stillPath = clip.stillPath, stillPath != clip.entry.path,
            let position = pairedStillPositions[stillPath]
        else { return own }
        return own.merged(with: pairedStills[position].annotations)
    }

    private static func fileExtension(_ path: String) -> String {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
        return name.utf8.lastIndex(of: UInt8(ascii: ".")).map { name[name.index(after: $0)...].lowercased() } ?? ""
    }

    /// The folder as written plus the base name without extension, case-folded: `IMG_0002.MOV` and
    /// `img_0002.heic` in one folder share it.
    private static func pairingKey(_ path: String) -> String {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
        let name = path[nameStart...]
        let base = name.utf8.lastIndex(of: UInt8(ascii: ".")).map { name[..<$0] } ?? name
        return path[..<nameStart] + base.lowercased()
    }
}

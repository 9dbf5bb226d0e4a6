/// What a file's own metadata says about it, beyond when and where: who is in it (and where in the picture),
/// its keywords and hierarchical tags, its rating, colour label and favourite flag, and the albums it is in.
/// Read from embedded XMP, from sidecars (XMP, Google Takeout's JSON) and from Takeout's album folders; the
/// values are kept as the files wrote them (names are matched later, after normalisation).
public struct Annotations: Sendable, Hashable, Codable {
    /// The people (and pets) named in the file, each once, in the order first found; a name with a region
    /// has its rectangle.
    public var people: [NamedRegion]
    /// Flat keywords (`dc:subject`) and hierarchical tags as paths joined by `/` (`People/Family/Emma`),
    /// each once, in the order first found.
    public var keywords: [String]
    /// `xmp:Rating`: −1 (rejected) to 5; nil when unrated.
    public var rating: Int?
    /// `xmp:Label` (a colour label such as `Red`), when there is one.
    public var label: String?
    /// True when the file is marked a favourite (Takeout's `favorited`).
    public var isFavourite: Bool
    /// The albums the file is in (Takeout album folders' titles), each once.
    public var albums: [String]

    public init(
        people: [NamedRegion] = [], keywords: [String] = [], rating: Int? = nil, label: String? = nil, isFavourite: Bool = false,
        albums: [String] = []
    ) {
        self.people = people
        self.keywords = keywords
        self.rating = rating
        self.label = label
        self.isFavourite = isFavourite
        self.albums = albums
    }

    /// True when nothing is known.
    public var isEmpty: Bool {
        people.isEmpty && keywords.isEmpty && rating == nil && label == nil && !isFavourite && albums.isEmpty
    }

    /// These annotations completed by `other`, a less trusted source (a sidecar's after the file's own, a
    /// Live Photo's still lending to its movie): names, keywords and albums joined (a name already here keeps
    /// its rectangle, or takes `other`'s when it had none); rating and label where this has none; a favourite
    /// when either says so.
    ///
    /// Linear in both sizes (names found by a dictionary), so a sidecar naming 20,000 people merges in
    /// milliseconds, not the half minute a search per name took.
    public func merged(with other: Annotations) -> Annotations {
        var merged = self
        var positions = Dictionary(merged.people.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for person in other.people {
            if let index = positions[person.name] {
                if merged.people[index].area == nil { merged.people[index].area = person.area }
            } else {
                positions[person.name] = merged.people.count
                merged.people.append(person)
            }
        }
        var keywords = Set(merged.keywords)
        for keyword in other.keywords where keywords.insert(keyword).inserted { merged.keywords.append(keyword) }
        var albums = Set(merged.albums)
        for album in other.albums where albums.insert(album).inserted { merged.albums.append(album) }
        merged.rating = merged.rating ?? other.rating
        merged.label = merged.label ?? other.label
        merged.isFavourite = merged.isFavourite || other.isFavourite
        return merged
    }
}

/// A person (or pet) a file names, with the rectangle that shows them when the file gives one.
public struct NamedRegion: Sendable, Hashable, Codable {
    /// The name as written.
    public var name: String
    /// Where the person is, in fractions of the picture as displayed (upright, after its orientation): nil
    /// for a name without a region (Takeout's `people`, a keyword).
    public var area: RegionArea?

    public init(name: String, area: RegionArea? = nil) {
        self.name = name
        self.area = area
    }
}

/// A rectangle in fractions of a picture's width and height, from its top-left corner, clipped to the
/// picture.
public struct RegionArea: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// The rectangle's part inside the picture; nil when a value is not finite or nothing of it is inside.
    public init?(x: Double, y: Double, width: Double, height: Double) {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
        let left = max(0, x)
        let top = max(0, y)
        let right = min(1, x + width)
        let bottom = min(1, y + height)
        guard right > left, bottom > top else { return nil }
        self.x = left
        self.y = top
        self.width = right - left
        self.height = bottom - top
    }

    /// The fraction of the picture the rectangle covers.
    public var fraction: Double { width * height }
}

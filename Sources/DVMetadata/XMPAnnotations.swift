import DVMediaFacts
import DVXML

/// Who and what XMP packets name, read into `Annotations`: face and pet regions (MWG's `mwg-rs:RegionList` and
/// Microsoft's `MPRI:Regions`), keywords (`dc:subject`, `lr:hierarchicalSubject` with `|` turned to `/`,
/// `digiKam:TagsList`, `MicrosoftPhoto:LastKeywordXMP`), `xmp:Rating` and `xmp:Label`; and, for the readers
/// that place the packets, `xmpNote:HasExtendedXMP` and a sidecar's `tiff:Orientation`.
///
/// A property may be an attribute or an element with text; arrays may be `rdf:Bag`, `rdf:Seq` or `rdf:Alt`; a
/// region's fields may be attributes of its `rdf:li` (`rdf:parseType="Resource"`), of an `rdf:Description`
/// inside it, or elements (exiftool writes `stArea` as attributes of `mwg-rs:Area`, Lightroom and digiKam as
/// elements). Read in one pass of `XMLScanner`; names and keywords are kept once each (a `Set`, so 100,000
/// keywords cost linear time), in the order first found.
///
/// What is kept, and what is not:
/// - an MWG region needs a non-empty `mwg-rs:Name` and `mwg-rs:Type` Face or Pet (or no type); the iPhone's
///   unnamed `Focus` region and `BarCode` regions are skipped. A Microsoft region needs a non-empty
///   `MPReg:PersonDisplayName` other than `ffffffffffffffff` (Windows Live Photo Gallery's ignored face).
/// - a region's rectangle is kept when it is whole (MWG: `stArea:x`, `y` as the centre, `w`, `h`, unit
///   `normalized` or none; Microsoft: `MPReg:Rectangle` "x, y, w, h" from the top-left), clipped to the
///   picture (`RegionArea`); a rectangle wholly outside the picture, not finite or in pixels is dropped and
///   the name kept without one.
/// - `xmp:Rating` is kept when it is a whole number from −1 to 5 (a Real in the XMP schema: `5.0` reads as 5);
///   anything else is dropped. The first rating and label found win.
/// - at most `maximumPeople` names and `maximumKeywords` keywords are kept, each list in the order found; past a
///   cap the rest of that list is not kept (`isCut` says so). No name or keyword below a cap is dropped.
package struct XMPAnnotations {
    /// Most names kept.
    package static let maximumPeople = 10_000
    /// Most keywords kept: the issue's 100,000 keywords in one file are all kept.
    package static let maximumKeywords = 100_000

    /// The people found, with their rectangles as the packet gives them (in the stored picture).
    private(set) var people: [NamedRegion] = []
    private var peopleIndex: [String: Int] = [:]
    private var keywords: [String] = []
    private var keywordSet: Set<String> = []
    private var rating: Int?
    private var label: String?
    /// `xmpNote:HasExtendedXMP`: the GUID of the JPEG's Extended XMP packet.
    private(set) var extendedXMP: String?
    /// `tiff:Orientation` (1…8), as a sidecar carries its picture's.
    package private(set) var orientation: Int?
    /// True when a cap cut a list of names or keywords.
    package private(set) var isCut = false

    package init() {}

    /// Reads one more packet (a JPEG's standard, then Extended XMP); what is found first wins.
    package mutating func read(packet: some Sequence<UInt8>) {
        var open: [(name: XMLName, text: String, hasChildren: Bool)] = []
        var region: (draft: RegionDraft, depth: Int)?
        // The keyword array open, and how deep its property's element is.
        var keywords: (property: XMLName, depth: Int)?
        for event in XMLScanner(packet) {
            switch event {
            case .text(let text):
                if !open.isEmpty { open[open.count - 1].text += text }
            case .start(let name, let attributes, let isEmpty):
                if !open.isEmpty { open[open.count - 1].hasChildren = true }
                if region == nil, name == Name.item, open.count >= 2, let kind = RegionDraft.Kind(list: open[open.count - 2].name) {
                    region = (RegionDraft(kind: kind), open.count)
                }
                if keywords == nil, Name.keywordProperties.contains(name) { keywords = (name, open.count) }
                for attribute in attributes {
                    record(attribute.name, attribute.value, region: &region, inKeywords: keywords?.property)
                }
                if !isEmpty {
                    open.append((name, "", false))
                } else {
                    closed(depth: open.count, region: &region, keywords: &keywords)
                }
            case .end:
                guard let element = open.popLast() else { continue }
                if !element.hasChildren { record(element.name, element.text, region: &region, inKeywords: keywords?.property) }
                closed(depth: open.count, region: &region, keywords: &keywords)
            }
        }
    }

    /// Ends the region or keyword array whose element at `depth` closed.
    private mutating func closed(depth: Int, region: inout (draft: RegionDraft, depth: Int)?, keywords: inout (property: XMLName, depth: Int)?) {
        if let open = region, open.depth == depth {
            finish(open.draft)
            region = nil
        }
        if keywords?.depth == depth { keywords = nil }
    }

    /// What was read, each region's rectangle turned from the stored picture to the displayed one by the EXIF
    /// `orientation` (1…8; nil or another value: as stored); nil when nothing was found.
    ///
    /// MWG's Guidelines for Handling Image Metadata 2.0 (§5.9, Image Region Metadata) apply regions to the
    /// stored picture: "When applying a rotation by applying Exif Orientation, the rotation must be applied to
    /// the regions as well". Microsoft's people tagging (WIC) says no more than "normalized to 1"; exiftool's
    /// `convert_regions.config` and digiKam write one rectangle as both, so Microsoft's are taken the same way.
    package func annotations(orientation: Int?) -> Annotations? {
        let people = people.map { person in
            NamedRegion(name: person.name, area: person.area.flatMap { ExifOrientation.displayed($0, orientation: orientation) })
        }
        let found = Annotations(people: people, keywords: keywords, rating: rating, label: label)
        return found.isEmpty ? nil : found
    }

    /// Keeps the value of property `name` where it was met: in a region, in the keyword array of property
    /// `inKeywords`, or at the top.
    private mutating func record(_ name: XMLName, _ value: String, region: inout (draft: RegionDraft, depth: Int)?, inKeywords: XMLName?) {
        guard name.namespace != nil, name.namespace != Name.rdf || name == Name.item, let text = Self.trimmed(value) else { return }
        if region != nil {
            region!.draft.record(name, text)
            return
        }
        if let property = inKeywords ?? (Name.keywordProperties.contains(name) ? name : nil), name == Name.item || name == property {
            addKeyword(property == Name.hierarchicalSubject ? text.replacingOccurrences(of: "|", with: "/") : text)
            return
        }
        switch name {
        case Name.rating: rating = rating ?? Self.rating(text)
        case Name.label: label = label ?? text
        case Name.hasExtendedXMP: extendedXMP = extendedXMP ?? text
        case Name.orientation: orientation = orientation ?? Int(text).flatMap { (1...8).contains($0) ? $0 : nil }
        default: break
        }
    }

    private mutating func addKeyword(_ keyword: String) {
        guard !keywordSet.contains(keyword) else { return }
        guard keywords.count < Self.maximumKeywords else {
            isCut = true
            return
        }
        keywordSet.insert(keyword)
        keywords.append(keyword)
    }

    /// Keeps a finished region's person: a new name with its rectangle, or the rectangle of a name kept without one.
    private mutating func finish(_ draft: RegionDraft) {
        guard let person = draft.person else { return }
        if let index = peopleIndex[person.name] {
            if people[index].area == nil { people[index].area = person.area }
            return
        }
        guard people.count < Self.maximumPeople else {
            isCut = true
            return
        }
        peopleIndex[person.name] = people.count
        people.append(person)
    }

    /// A whole number from −1 to 5.
    private static func rating(_ text: String) -> Int? {
        guard let value = Double(text), value.isFinite, value.rounded() == value, (-1...5).contains(value) else { return nil }
        return Int(value)
    }

    /// `value` without white space around it; nil when nothing is left.
    static func trimmed(_ value: String) -> String? {
        guard let first = value.firstIndex(where: { !$0.isWhitespace }), let last = value.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        return String(value[first...last])
    }

    /// The names of the properties read.
    private enum Name {
        static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
        static let item = XMLName(namespace: rdf, local: "li")
        static let mwgRegions = "http://www.metadataworkinggroup.com/schemas/regions/"
        static let area = "http://ns.adobe.com/xmp/sType/Area#"
        static let microsoftRegionInfo = "http://ns.microsoft.com/photo/1.2/t/RegionInfo#"
        static let microsoftRegion = "http://ns.microsoft.com/photo/1.2/t/Region#"
        static let hierarchicalSubject = XMLName(namespace: "http://ns.adobe.com/lightroom/1.0/", local: "hierarchicalSubject")
        static let keywordProperties: Set<XMLName> = [
            XMLName(namespace: "http://purl.org/dc/elements/1.1/", local: "subject"), hierarchicalSubject,
            XMLName(namespace: "http://www.digikam.org/ns/1.0/", local: "TagsList"),
            // Windows writes its namespace with the closing slash, exiftool without.
            XMLName(namespace: "http://ns.microsoft.com/photo/1.0/", local: "LastKeywordXMP"),
            XMLName(namespace: "http://ns.microsoft.com/photo/1.0", local: "LastKeywordXMP")
        ]
        static let rating = XMLName(namespace: "http://ns.adobe.com/xap/1.0/", local: "Rating")
        static let label = XMLName(namespace: "http://ns.adobe.com/xap/1.0/", local: "Label")
        static let hasExtendedXMP = XMLName(namespace: "http://ns.adobe.com/xmp/note/", local: "HasExtendedXMP")
        static let orientation = XMLName(namespace: "http://ns.adobe.com/tiff/1.0/", local: "Orientation")
    }

    /// One region's fields as they are met.
    private struct RegionDraft {
        enum Kind {
            case mwg, microsoft

            /// The kind of the regions whose array's element is `list`.
            init?(list: XMLName) {
                if list == XMLName(namespace: Name.mwgRegions, local: "RegionList") {
                    self = .mwg
                } else if list == XMLName(namespace: Name.microsoftRegionInfo, local: "Regions") {
                    self = .microsoft
                } else {
                    return nil
                }
            }
        }

        let kind: Kind
        private var fields: [String: String] = [:]

        init(kind: Kind) { self.kind = kind }

        /// Keeps the first value of a field of this region's kind.
        mutating func record(_ name: XMLName, _ value: String) {
            let key: String
            if kind == .mwg, name.namespace == Name.mwgRegions, name.local == "Name" || name.local == "Type" {
                key = name.local
            } else if kind == .mwg, name.namespace == Name.area {
                key = "area." + name.local
            } else if kind == .microsoft, name.namespace == Name.microsoftRegion {
                key = name.local
            } else {
                return
            }
            if fields[key] == nil { fields[key] = value }
        }

        /// The named person this region shows, with its rectangle in the stored picture; nil without a name or
        /// for a region of another type.
        var person: NamedRegion? {
            switch kind {
            case .mwg:
                guard let name = fields["Name"], ["Face", "Pet", nil].contains(fields["Type"]) else { return nil }
                var area: RegionArea?
                if ["normalized", nil].contains(fields["area.unit"]),
                    let x = fields["area.x"].flatMap(Double.init), let y = fields["area.y"].flatMap(Double.init),
                    let w = fields["area.w"].flatMap(Double.init), let h = fields["area.h"].flatMap(Double.init)
                {
                    area = RegionArea(x: x - w / 2, y: y - h / 2, width: w, height: h)
                }
                return NamedRegion(name: name, area: area)
            case .microsoft:
                guard let name = fields["PersonDisplayName"], name != "ffffffffffffffff" else { return nil }
                let numbers = fields["Rectangle"].map {
                    $0.split(separator: ",").compactMap { XMPAnnotations.trimmed(String($0)).flatMap(Double.init) }
                }
                let area = numbers.flatMap { $0.count == 4 ? RegionArea(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil }
                return NamedRegion(name: name, area: area)
            }
        }
    }
}

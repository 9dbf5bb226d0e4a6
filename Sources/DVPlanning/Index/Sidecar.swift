import DVXML
import Foundation

/// Capture times, and who and what is in the file, kept beside a media file instead of in it: Google
/// Takeout's JSON (its `photoTakenTime`, since a Takeout export sets every file's modification time to the
/// export and strips most embedded dates; its `people` and `favorited`) and XMP sidecars (Lightroom,
/// darktable, digiKam). Pure logic over names and bytes; the scanner
/// lists the folders and reads the files.
public enum Sidecar {
    /// The kinds of sidecar.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Google Takeout's `NAME.json`, `NAME.supplemental-metadata.json` and their cut forms.
        case takeout = "takeout_json"
        /// `NAME.xmp` or `NAME.EXT.xmp`.
        case xmp
        /// A Takeout album folder's `metadata.json` (`TakeoutAlbum`): the album of every file in its folder.
        case takeoutAlbum = "takeout_album"
    }

    /// Extensions (lower case) of sidecar files: never media, never reported unreadable.
    public static let extensions: Set<String> = ["json", "xmp"]

    /// The shortest cut Takeout makes of a sidecar's name (before `.json`); exports cut at 46 to 51 characters.
    static let shortestCut = 40

    /// The sidecar of the media file named `mediaName` among `names`, the sidecar files of its folder: an
    /// XMP (`NAME.EXT.xmp`, then `NAME.xmp`), else Takeout's JSON. Exact names come before cut ones, and a
    /// cut name must keep at least `shortestCut` characters of the name it cuts, so `IMG_1.jpg` never takes
    /// `IMG_10.jpg.json`.
    public static func find(for mediaName: String, among names: SidecarNames) -> (name: String, kind: Kind)? {
        findAll(for: mediaName, among: names).first
    }

    /// Every sidecar of the media file named `mediaName` among `names`: its XMP sidecar, then its Takeout
    /// JSON, each as `find` chooses it; a file may have both (a Takeout export edited in Lightroom), and both
    /// name who and what is in it.
    public static func findAll(for mediaName: String, among names: SidecarNames) -> [(name: String, kind: Kind)] {
        let dot = mediaName.lastIndex(of: ".").flatMap { $0 > mediaName.startIndex ? $0 : nil }
        let base = dot.map { String(mediaName[..<$0]) } ?? mediaName
        let xmp = [mediaName + ".xmp", base + ".xmp", mediaName + ".XMP", base + ".XMP"].first(where: names.contains)
        let takeout = takeoutJSON(for: mediaName, dot: dot, base: base, among: names)
        return [xmp.map { ($0, Kind.xmp) }, takeout.map { ($0, Kind.takeout) }].compactMap { $0 }
    }

    /// The name of Takeout's JSON for `mediaName` (whose last dot is `dot` and whose name before it is
    /// `base`) among `names`, when there is one.
    private static func takeoutJSON(for mediaName: String, dot: String.Index?, base: String, among names: SidecarNames) -> String? {
        // `NAME(1).jpg` is the second file of that name: Takeout writes its sidecar as `NAME.jpg(1).json`.
        var core = base
        var duplicate = ""
        if base.hasSuffix(")"), let open = base.lastIndex(of: "("),
            base[base.index(after: open)..<base.index(before: base.endIndex)].allSatisfy(\.isNumber),
            base.index(after: open) < base.index(before: base.endIndex)
        {
            core = String(base[..<open])
            duplicate = String(base[open...])
        }
        let fileExtension = dot.map { String(mediaName[mediaName.index(after: $0)...]) } ?? ""
        let full = fileExtension.isEmpty ? core : core + "." + fileExtension
        var stems = [full + ".supplemental-metadata", full]
        if core.hasSuffix("-edited") {
            let original = String(core.dropLast("-edited".count)) + (fileExtension.isEmpty ? "" : "." + fileExtension)
            stems += [original + ".supplemental-metadata", original]
        }
        stems.append(core)
        for stem in stems where names.contains(stem + duplicate + ".json") {
            return stem + duplicate + ".json"
        }
        for stem in stems where stem.count > shortestCut {
            if let cut = names.longestCut(of: stem, duplicate: duplicate) {
                return cut
            }
        }
        return nil
    }

    /// The capture time in Takeout JSON: `photoTakenTime.timestamp` (UTC seconds, as a string or a number),
    /// as ISO 8601 in UTC; nil for JSON that is not an object, lacks it or gives 0.
    public static func takeoutCaptureTime(json: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let taken = object["photoTakenTime"] as? [String: Any]
        else { return nil }
        let seconds: Int? =
            switch taken["timestamp"] {
            case let text as String: Int(text.trimmingCharacters(in: .whitespaces))
            case let number as NSNumber: number.intValue
            default: nil
            }
        guard let seconds, seconds > 0, seconds < 253_402_300_800 else { return nil }
        let time = LocalDateTime(epochMilliseconds: seconds * 1000, utcOffsetSeconds: 0)
        return time.description + "Z"
    }

    /// Who and what Takeout's JSON names: the `name` of each of its `people` (without a region: Takeout gives
    /// none), each once in the order written, and `favorited: true`; nil for bytes that are not a JSON object
    /// or name nothing. A value of the wrong type is skipped alone (a person without a string name, a
    /// `favorited` that is no boolean): the rest still counts. Reading is bounded by the sidecar's size,
    /// which the scanner caps.
    public static func takeoutAnnotations(json: Data) -> Annotations? {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
        var annotations = Annotations()
        var seen: Set<String> = []
        for person in object["people"] as? [Any] ?? [] {
            guard let written = (person as? [String: Any])?["name"] as? String else { continue }
            let name = written.trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.isEmpty, seen.insert(name).inserted { annotations.people.append(NamedRegion(name: name)) }
        }
        annotations.isFavourite = object["favorited"] as? Bool ?? false
        return annotations.isEmpty ? nil : annotations
    }

    /// The XMP properties that give a capture time, most trusted first: `exif:DateTimeOriginal`,
    /// `xmp:CreateDate`, `photoshop:DateCreated`.
    private static let xmpTimeProperties = [
        XMLName(namespace: "http://ns.adobe.com/exif/1.0/", local: "DateTimeOriginal"),
        XMLName(namespace: "http://ns.adobe.com/xap/1.0/", local: "CreateDate"),
        XMLName(namespace: "http://ns.adobe.com/photoshop/1.0/", local: "DateCreated")
    ]
    /// The prefixes of those namespaces, for sidecars that use them undeclared.
    private static let xmpPrefixes = [
        "exif": "http://ns.adobe.com/exif/1.0/", "xmp": "http://ns.adobe.com/xap/1.0/", "photoshop": "http://ns.adobe.com/photoshop/1.0/"
    ]

    /// The capture time in an XMP sidecar: the first of `exif:DateTimeOriginal`, `xmp:CreateDate` and
    /// `photoshop:DateCreated` that holds a date, written as an attribute or an element, as ISO 8601 that
    /// `Timestamp` reads (with the offset the sidecar gives, if any; a date alone is its midnight); nil when
    /// none is there. Names are matched by namespace, read by `XMLScanner`.
    public static func xmpCaptureTime(xml: Data) -> String? {
        var values: [XMLName: [String]] = [:]
        var open: [(name: XMLName, text: String)] = []
        for event in XMLScanner(xml, undeclaredPrefixes: xmpPrefixes) {
            switch event {
            case .start(let name, let attributes, let isEmpty):
                for attribute in attributes where xmpTimeProperties.contains(attribute.name) {
                    values[attribute.name, default: []].append(attribute.value)
                }
                if !isEmpty { open.append((name, "")) }
            case .text(let text):
                if !open.isEmpty { open[open.count - 1].text += text }
            case .end:
                guard let element = open.popLast() else { continue }
                if xmpTimeProperties.contains(element.name) { values[element.name, default: []].append(element.text) }
            }
        }
        for property in xmpTimeProperties {
            if let time = values[property]?.lazy.compactMap(completed).first { return time }
        }
        return nil
    }

    /// XMP's date forms completed to what `Timestamp` reads: `2024-12-03` becomes its midnight and
    /// `2024-12-03T23:40` (with or without an offset) gets its seconds; nil when it is no date.
    static func completed(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        var completed = trimmed
        if trimmed.count == 10 {
            completed = trimmed + "T00:00:00"
        } else if trimmed.count >= 16, trimmed.dropFirst(16).first != ":" {
            completed = String(trimmed.prefix(16)) + ":00" + trimmed.dropFirst(16)
        }
        return Timestamp(parsing: completed) != nil ? completed : nil
    }
}

/// The sidecar file names of one folder, with what finding a cut Takeout name needs: the names by their
/// first `Sidecar.shortestCut` characters.
public struct SidecarNames: Sendable {
    private var names: Set<String> = []
    private var byPrefix: [Substring: [String]] = [:]

    public init(_ names: some Sequence<String>) {
        for name in names {
            self.names.insert(name)
            if name.count > Sidecar.shortestCut {
                byPrefix[name.prefix(Sidecar.shortestCut), default: []].append(name)
            }
        }
    }

    func contains(_ name: String) -> Bool { names.contains(name) }

    /// The longest `X(duplicate).json` whose `X` is `stem` cut after at least `Sidecar.shortestCut` characters.
    func longestCut(of stem: String, duplicate: String) -> String? {
        let suffix = duplicate + ".json"
        return byPrefix[stem.prefix(Sidecar.shortestCut)]?
            .filter { $0.hasSuffix(suffix) && stem.hasPrefix($0.dropLast(suffix.count)) }
            .max { ($0.count, $1) < ($1.count, $0) }
    }
}

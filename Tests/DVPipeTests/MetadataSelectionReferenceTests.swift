import DVMedia
import DVRender
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVPlanning

/// Selection by who and what against exiftool: a library of the corpus's real files, each given its capture
/// day and its people, keywords, rating, label, favourite and album by exiftool (embedded in JPEG, HEIC, MP4 and
/// MOV, in `NAME.xmp` and `NAME.EXT.xmp` sidecars) or by Google Takeout's JSON, is asked the same questions twice:
/// by exiftool's `-if`, and by dvpipe's scan and `Job.metadataFilter(on:)`. The two must admit the same files
/// for every query, and the plan must show only admitted files.
///
/// exiftool judges one file at a time, and a media file's metadata may live in several files (its own XMP, its
/// sidecar, its album folder's `metadata.json`, its Live Photo still). So each query is a formula over atoms
/// ("names Emma", "tagged Beach", "in album Rex", "rated 4 or more", "a favourite"); exiftool decides every atom
/// on every file, and `owners(of:)` (the only glue) says which media files a file speaks for: itself,
/// the media file a sidecar is named after, every media file beside an album's `metadata.json`, and a Live
/// Photo's movie for its still (the still lends what it names to its movie). An atom holds for a media file when
/// it holds on any file that speaks for it; the formula's and, or and not are then plain Swift.
@Suite(.serialized, .tags(.endToEnd, .reference))
struct MetadataSelectionReferenceTests {
    /// One media file of the library: the corpus file it copies, its capture day (of June 2024), the exiftool
    /// arguments written into it, and its sidecar.
    struct Item: Sendable {
        var path: String
        var corpus: String
        var day: Int
        var embedded: [String] = []
        var sidecar: Sidecar? = nil
    }

    /// A sidecar beside an item: an XMP file exiftool writes (`name` beside the item), or Takeout's JSON.
    enum Sidecar: Sendable {
        case xmp(name: String, arguments: [String])
        case takeout(name: String, people: [String], favourite: Bool)
    }

    /// Why building or asking the library failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// Zoë written precomposed (NFC) in one file and decomposed (NFD), in capitals, in another; Emma in three
    /// cases; Noah full-width in Takeout's JSON; a Japanese and an Arabic name in two files each.
    static let zoeNFC = "Zo\u{EB}", zoeNFD = "ZOE\u{308}", haruto = "陽翔", zaynab = "زينب"

    static let takeout = "Takeout/Google Photos"
    /// Takeout album folders and their `metadata.json` titles.
    static let albums = ["\(takeout)/Kyoto trip": "Kyoto trip 京都", "\(takeout)/Rex": "Rex"]

    static let items: [Item] = [
        Item(path: "camera/beach.jpg", corpus: "pixel_8.jpg", day: 1, embedded: mwg(["Emma", "Noah"]) + subject(["Beach"]) + rating(5, label: "Red")),
        Item(
            path: "camera/sunset.mp4", corpus: "sample_sef_slow_motion.mp4", day: 1,
            embedded: mwg(["EMMA"]) + subject(["Sunset"]) + ["-XMP-lr:HierarchicalSubject=People|Family|Noah"] + rating(2)),
        Item(path: "camera/plain.mp4", corpus: "sample_with_color_info.mp4", day: 1),
        Item(
            path: "camera/IMG_3582.HEIC", corpus: "IMG_3582.HEIC", day: 2,
            embedded: mwg([zoeNFC]) + ["-XMP-lr:HierarchicalSubject=Places|Japan|京都"] + rating(4)),
        Item(path: "camera/IMG_3582.mov", corpus: "IMG_3582.mov", day: 2, embedded: mp(["Noah"]) + subject(["Fireworks"])),
        Item(
            path: "camera/temple.MOV", corpus: "dolbyVision-hdr.MOV", day: 2,
            sidecar: .xmp(name: "temple.xmp", arguments: mp([zaynab]) + ["-XMP-digiKam:TagsList=Places/Japan/京都"] + rating(3))),
        Item(path: "camera/party.heic", corpus: "motionphoto.heic", day: 3, embedded: mwg([haruto]) + subject(["Birthday"]) + rating(5)),
        Item(
            path: "camera/cake.jpg", corpus: "pixel_8.jpg", day: 3,
            sidecar: .xmp(
                name: "cake.jpg.xmp", arguments: mwg([zoeNFD, "Noah"]) + ["-XMP-lr:HierarchicalSubject=Events|Birthday"] + rating(1, label: "Blue"))),
        Item(
            path: "camera/waves.mp4", corpus: "h265_with_metadata_track.mp4", day: 3,
            sidecar: .xmp(name: "waves.mp4.xmp", arguments: mp(["emma"]) + subject(["beach"]) + rating(4))),
        Item(
            path: "camera/park.jpg", corpus: "pixel_8.jpg", day: 6, embedded: mp(["Rex", "Emma"]) + ["-XMP-digiKam:TagsList=Places/Park"] + rating(-1)
        ),
        Item(path: "camera/fetch.mp4", corpus: "hlg10-color-test.mp4", day: 6),
        Item(
            path: "\(takeout)/Photos from 2024/pier.jpg", corpus: "pixel_8.jpg", day: 4,
            sidecar: .takeout(name: "pier.jpg.supplemental-metadata.json", people: [haruto, "Ｎｏａｈ"], favourite: true)),
        Item(
            path: "\(takeout)/Photos from 2024/harbour.mp4", corpus: "hlg10-color-test.mp4", day: 4,
            sidecar: .takeout(name: "harbour.mp4.json", people: [zaynab], favourite: false)),
        Item(
            path: "\(takeout)/Kyoto trip/shrine.jpg", corpus: "pixel_8.jpg", day: 5,
            sidecar: .takeout(name: "shrine.jpg.supplemental-metadata.json", people: ["Emma"], favourite: true)),
        Item(
            path: "\(takeout)/Kyoto trip/street.mp4", corpus: "sample_sef_slow_motion.mp4", day: 5,
            sidecar: .takeout(name: "street.mp4.supplemental-metadata.json", people: [], favourite: false)),
        Item(path: "\(takeout)/Kyoto trip/garden.mp4", corpus: "sample_with_color_info.mp4", day: 5),
        Item(
            path: "\(takeout)/Rex/walk.MOV", corpus: "dolbyVision-hdr.MOV", day: 6,
            sidecar: .takeout(name: "walk.MOV.supplemental-metadata.json", people: ["Rex"], favourite: true))
    ]

    /// Named MWG face regions, added to any the file has (the iPhone's HEIC keeps its unnamed `Focus` region).
    static func mwg(_ names: [String]) -> [String] {
        names.enumerated().map { index, name in
            "-XMP-mwg-rs:RegionList+={Name=\(name),Type=Face,Area={X=\(0.3 + 0.3 * Double(index)),Y=0.4,W=0.2,H=0.25,Unit=normalized}}"
        }
    }

    /// Microsoft Photo regions (`MPReg:PersonDisplayName` with a top-left rectangle; `|,` is exiftool's escaped comma).
    static func mp(_ names: [String]) -> [String] {
        let regions = names.enumerated().map { index, name in
            "{PersonDisplayName=\(name),Rectangle=\(0.1 + 0.4 * Double(index))|, 0.2|, 0.3|, 0.4}"
        }
        return ["-XMP-MP:RegionInfoMP={Regions=[\(regions.joined(separator: ","))]}"]
    }

    static func subject(_ keywords: [String]) -> [String] { keywords.map { "-XMP-dc:Subject=\($0)" } }

    static func rating(_ stars: Int, label: String? = nil) -> [String] {
        ["-XMP-xmp:Rating=\(stars)"] + (label.map { ["-XMP-xmp:Label=\($0)"] } ?? [])
    }

    /// Noon UTC on day `day` of June 2024, as EXIF and QuickTime write it.
    static func stamp(_ day: Int) -> String { String(format: "2024:06:%02d 12:00:00", day) }

    /// The capture-date arguments for an item: EXIF for stills, QuickTime's and Apple's keys for movies.
    static func dated(_ item: Item) -> [String] {
        let movie = [".mp4", ".mov"].contains { item.path.lowercased().hasSuffix($0) }
        return movie
            ? ["-QuickTime:CreateDate=\(stamp(item.day))", "-QuickTime:ModifyDate=\(stamp(item.day))", "-Keys:CreationDate=\(stamp(item.day))+00:00"]
            : ["-AllDates=\(stamp(item.day))"]
    }

    /// Takeout's JSON for a file: its title, people, favourite flag and capture time.
    static func takeoutJSON(title: String, people: [String], favourite: Bool, day: Int) throws -> Data {
        let taken = Int(Date(timeIntervalSince1970: 1_717_243_200).addingTimeInterval(Double(day - 1) * 86_400).timeIntervalSince1970)
        var object: [String: Any] = ["title": title, "photoTakenTime": ["timestamp": "\(taken)", "formatted": "Jun \(day), 2024, 12:00:00 PM UTC"]]
        if !people.isEmpty { object["people"] = people.map { ["name": $0] } }
        if favourite { object["favorited"] = true }
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// The library, built once per test process: the copies, then one exiftool run (an argument file with one
    /// `-execute` per file) writing the dates, the embedded metadata and the XMP sidecars.
    static let library: Result<TemporaryFolder, any Error> = Result {
        let exiftool = try ReferenceCommand.requiredExiftool
        let folder = try TemporaryFolder("metadata-reference")
        let root = folder.url.appendingPathComponent("library")
        var arguments: [String] = []
        for item in items {
            let file = root.appendingPathComponent(item.path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: corpus.appendingPathComponent(item.corpus), to: file)
            arguments += dated(item) + item.embedded + [file.path, "-execute"]
            switch item.sidecar {
            case .xmp(let name, let written):
                arguments += written + [file.deletingLastPathComponent().appendingPathComponent(name).path, "-execute"]
            case .takeout(let name, let people, let favourite):
                try takeoutJSON(title: file.lastPathComponent, people: people, favourite: favourite, day: item.day)
                    .write(to: file.deletingLastPathComponent().appendingPathComponent(name))
            case nil:
                break
            }
        }
        for (album, title) in albums {
            let metadata = try JSONSerialization.data(withJSONObject: ["title": title, "description": ""], options: [.sortedKeys])
            try metadata.write(to: root.appendingPathComponent(album).appendingPathComponent("metadata.json"))
        }
        let argumentFile = folder.url.appendingPathComponent("write.args")
        try Data(arguments.joined(separator: "\n").utf8).write(to: argumentFile)
        let written = try ReferenceCommand.printed(exiftool, ["-@", argumentFile.path, "-common_args", "-q", "-q", "-m", "-overwrite_original"])
        guard written.status == 0 else { throw Failure(description: "exiftool could not write the library: \(written.printed)") }
        return folder
    }

    static var root: URL { get throws { try library.get().url.appendingPathComponent("library") } }

    // MARK: Queries

    /// What a query asks of one media file, as exiftool's atoms combined.
    indirect enum Condition: Sendable {
        case person(String)
        case keyword(String)
        case album(String)
        case ratingAtLeast(Int)
        case favourite
        case all([Condition])
        case any([Condition])
        case not(Condition)
        /// `days.<date>`: one condition for a day of the timeframe (a day of June 2024), another for the rest.
        case onDay(Int, Condition, otherwise: Condition)

        /// The atoms the condition is made of.
        var atoms: [Condition] {
            switch self {
            case .all(let parts), .any(let parts): parts.flatMap(\.atoms)
            case .not(let part): part.atoms
            case .onDay(_, let day, let otherwise): day.atoms + otherwise.atoms
            default: [self]
            }
        }

        /// The atom's name in exiftool's output and its `-if` expression (`::names` and `::tagged` are the
        /// Perl of `conditionConfig`).
        var exiftool: (id: String, expression: String) {
            switch self {
            case .person(let name):
                (
                    "person:\(name)",
                    "::names('\(name)', $XMP-mwg-rs:RegionName, $XMP-MP:RegionPersonDisplayName, $JSON:PeopleName)"
                        + " or ::peopleTagged('\(name)', $XMP-lr:HierarchicalSubject, $XMP-digiKam:TagsList)"
                )
            case .keyword(let keyword):
                ("keyword:\(keyword)", "::tagged('\(keyword)', $XMP-dc:Subject, $XMP-lr:HierarchicalSubject, $XMP-digiKam:TagsList)")
            case .album(let title): ("album:\(title)", "$FileName eq 'metadata.json' and ::names('\(title)', $JSON:Title)")
            case .ratingAtLeast(let stars): ("rating:\(stars)", "defined $XMP-xmp:Rating and $XMP-xmp:Rating >= \(stars)")
            case .favourite: ("favourite", "::isTrue($JSON:Favorited)")
            case .all, .any, .not, .onDay: ("", "")
            }
        }

        /// Whether the condition holds for a file of day `day`, given the atoms that hold for it (by id).
        func holds(_ atoms: Set<String>, day: Int) -> Bool {
            switch self {
            case .all(let parts): parts.allSatisfy { $0.holds(atoms, day: day) }
            case .any(let parts): parts.contains { $0.holds(atoms, day: day) }
            case .not(let part): !part.holds(atoms, day: day)
            case .onDay(let only, let condition, let otherwise): (only == day ? condition : otherwise).holds(atoms, day: day)
            default: atoms.contains(exiftool.id)
            }
        }
    }

    /// A query: its `selection` keys in the job (and `days` keys, if any), the condition exiftool checks, and
    /// the files it admits.
    struct Query: Sendable, CustomStringConvertible {
        var selection: String
        var days: String? = nil
        var condition: Condition
        var expected: [String]
        var description: String { selection + (days.map { "; days: \($0)" } ?? "") }
    }

    /// The atoms' Perl, given to exiftool with `-config` (Debian's perl has Unicode::Normalize): names compare
    /// as dvpipe's `NameKey` (NFKC, full case folding, NFC, white space collapsed); a tag path (`/` or
    /// Lightroom's `|` between parts) matches a name by its whole path, its last parts or an ancestor; a tag
    /// under `People/` names its leaf. List-type tags arrive joined by U+001F (`-sep`).
    static let conditionConfig = #"""
        use Encode ();
        use Unicode::Normalize ();
        sub ::key {
            my $name = Unicode::Normalize::NFC(CORE::fc(Unicode::Normalize::NFKC(Encode::decode_utf8(shift // ''))));
            $name =~ s/^\s+|\s+$//g;
            $name =~ s/\s+/ /g;
            return $name;
        }
        sub ::items { return map { split /\x1f/ } grep { defined } @_ }
        sub ::names { my $want = ::key(shift); return scalar grep { ::key($_) eq $want } ::items(@_) }
        sub ::parts { return grep { length } map { ::key($_) } split m{[/|]}, shift }
        sub ::tagged {
            my $want = join "\x1f", ::parts(shift);
            my $count = () = $want =~ /\x1f/g;
            return scalar grep {
                my @have = ::parts($_);
                $count < @have && (join("\x1f", @have[0 .. $count]) eq $want || join("\x1f", @have[-1 - $count .. -1]) eq $want)
            } ::items(@_);
        }
        sub ::peopleTagged {
            my $want = ::key(shift);
            return scalar grep { my @have = ::parts($_); @have > 1 && $have[0] eq ::key('People') && $have[-1] eq $want } ::items(@_);
        }
        sub ::isTrue { my $value = shift // ''; return $value eq 'true' || $value eq '1' }
        1;
        """#

    static let beach = "camera/beach.jpg", sunset = "camera/sunset.mp4", plain = "camera/plain.mp4", still = "camera/IMG_3582.HEIC"
    static let movie = "camera/IMG_3582.mov", temple = "camera/temple.MOV", party = "camera/party.heic", cake = "camera/cake.jpg"
    static let waves = "camera/waves.mp4", park = "camera/park.jpg", fetch = "camera/fetch.mp4"
    static let pier = "\(takeout)/Photos from 2024/pier.jpg", harbour = "\(takeout)/Photos from 2024/harbour.mp4"
    static let shrine = "\(takeout)/Kyoto trip/shrine.jpg", street = "\(takeout)/Kyoto trip/street.mp4"
    static let garden = "\(takeout)/Kyoto trip/garden.mp4", walk = "\(takeout)/Rex/walk.MOV"
    static var everything: [String] { items.map(\.path) }

    static let queries: [Query] = [
        Query(selection: "people: [Emma]", condition: .person("Emma"), expected: [beach, sunset, waves, park, shrine]),
        Query(selection: "people: [\(zoeNFC.lowercased())]", condition: .person(zoeNFC.lowercased()), expected: [still, movie, cake]),
        Query(selection: "people: [\"\(zoeNFD)\"]", condition: .person(zoeNFD), expected: [still, movie, cake]),
        Query(selection: "people: [\(haruto)]", condition: .person(haruto), expected: [party, pier]),
        Query(selection: "people: [\(zaynab)]", condition: .person(zaynab), expected: [temple, harbour]),
        Query(selection: "people: [NOAH]", condition: .person("NOAH"), expected: [beach, sunset, movie, cake, pier]),
        Query(selection: "people: [rex]", condition: .person("rex"), expected: [park, walk]),
        Query(
            selection: "people: [Noah, \(haruto)]", condition: .any([.person("Noah"), .person(haruto)]),
            expected: [beach, sunset, movie, cake, party, pier]),
        Query(selection: "people: {all: [Emma, Noah]}", condition: .all([.person("Emma"), .person("Noah")]), expected: [beach, sunset]),
        Query(selection: "people: {all: [noah, \(zoeNFC)]}", condition: .all([.person("noah"), .person(zoeNFC)]), expected: [movie, cake]),
        Query(
            selection: "people: {none: [Emma]}", condition: .not(.person("Emma")),
            expected: everything.filter { ![beach, sunset, waves, park, shrine].contains($0) }),
        Query(
            selection: "people: {none: [Emma, Noah, Rex]}", condition: .not(.any([.person("Emma"), .person("Noah"), .person("Rex")])),
            expected: [plain, still, temple, party, fetch, harbour, street, garden]),
        Query(
            selection: "people: {any: [Emma, Noah], none: [Rex]}",
            condition: .all([.any([.person("Emma"), .person("Noah")]), .not(.person("Rex"))]),
            expected: [beach, sunset, waves, shrine, movie, cake, pier]),
        Query(selection: "keywords: [beach]", condition: .keyword("beach"), expected: [beach, waves]),
        Query(selection: "keywords: [京都]", condition: .keyword("京都"), expected: [still, movie, temple]),
        Query(selection: "keywords: [Places/Japan/京都]", condition: .keyword("Places/Japan/京都"), expected: [still, movie, temple]),
        Query(selection: "keywords: [BIRTHDAY]", condition: .keyword("BIRTHDAY"), expected: [party, cake]),
        Query(selection: "keywords: [Events/Birthday]", condition: .keyword("Events/Birthday"), expected: [cake]),
        Query(selection: "keywords: [Places]", condition: .keyword("Places"), expected: [still, movie, temple, park]),
        Query(selection: "keywords: [japan/京都]", condition: .keyword("japan/京都"), expected: [still, movie, temple]),
        Query(selection: "keywords: [People/Family]", condition: .keyword("People/Family"), expected: [sunset]),
        Query(selection: "keywords: [Family]", condition: .keyword("Family"), expected: []),
        Query(selection: "keywords: [Sunset, places/park]", condition: .any([.keyword("Sunset"), .keyword("places/park")]), expected: [sunset, park]),
        Query(selection: "albums: [Kyoto trip 京都]", condition: .album("Kyoto trip 京都"), expected: [shrine, street, garden]),
        Query(selection: "albums: [REX]", condition: .album("REX"), expected: [walk]),
        Query(selection: "min_rating: 4", condition: .ratingAtLeast(4), expected: [beach, still, movie, party, waves]),
        Query(selection: "min_rating: 1", condition: .ratingAtLeast(1), expected: [beach, sunset, still, movie, temple, party, cake, waves]),
        Query(selection: "favourites: only", condition: .favourite, expected: [pier, shrine, walk]),
        Query(selection: "favourites: prefer", condition: .all([]), expected: everything),
        Query(selection: "favourites: only\n  people: [emma]", condition: .all([.favourite, .person("emma")]), expected: [shrine]),
        Query(selection: "people: [Emma]\n  keywords: [Beach]", condition: .all([.person("Emma"), .keyword("Beach")]), expected: [beach, waves]),
        Query(
            selection: "people: {none: [Emma]}\n  min_rating: 3", condition: .all([.not(.person("Emma")), .ratingAtLeast(3)]),
            expected: [still, movie, temple, party]),
        Query(
            selection: "albums: [Kyoto trip 京都]\n  people: [Emma]", condition: .all([.album("Kyoto trip 京都"), .person("Emma")]),
            expected: [shrine]),
        Query(
            selection: "keywords: [京都]\n  people: [\(zaynab)]", condition: .all([.keyword("京都"), .person(zaynab)]), expected: [temple]),
        Query(
            selection: "people: [Emma]", days: "2024-06-03: { people: [\(haruto)] }",
            condition: .onDay(3, .person(haruto), otherwise: .person("Emma")), expected: [beach, sunset, party, park, shrine])
    ]

    // MARK: exiftool's answers

    /// Which files speak for which media files (the glue the suite's comment describes), relative to the
    /// library: a media file for itself, a sidecar for the item it belongs to, an album's `metadata.json` for
    /// the items in its folder, and a Live Photo's still (the `.HEIC` beside a `.mov` of the same name, paired
    /// as dvpipe pairs them) also for its movie.
    static func owners(of file: String) -> [String] {
        var owners: [String] = []
        for item in items {
            let folder = (item.path as NSString).deletingLastPathComponent
            var sidecarPath: String? = nil
            if case .xmp(let name, _) = item.sidecar { sidecarPath = "\(folder)/\(name)" }
            if case .takeout(let name, _, _) = item.sidecar { sidecarPath = "\(folder)/\(name)" }
            let speaks =
                file == item.path || file == sidecarPath || file == "\(folder)/metadata.json"
                || (item.path.hasSuffix(".mov") && file == (item.path as NSString).deletingPathExtension + ".HEIC")
            if speaks { owners.append(item.path) }
        }
        return owners
    }

    /// Every atom of the queries decided by exiftool on every file of the library, in one exiftool run (one
    /// `-execute` per atom, `-r` over the library): the atoms that hold for each media file, by its path
    /// relative to the library.
    static let exiftoolAtoms: Result<[String: Set<String>], any Error> = Result {
        let exiftool = try ReferenceCommand.requiredExiftool
        let folder = try library.get()
        let root = try Self.root
        let config = folder.url.appendingPathComponent("conditions.config")
        try Data(conditionConfig.utf8).write(to: config)
        var atoms: [String: String] = [:]
        for query in queries {
            for atom in query.condition.atoms { atoms[atom.exiftool.id] = atom.exiftool.expression }
        }
        var arguments: [String] = []
        for (id, expression) in atoms.sorted(by: { $0.key < $1.key }) {
            arguments += ["-if", expression, "-p", "\(id)\t$Directory/$FileName", "-execute"]
        }
        let argumentFile = folder.url.appendingPathComponent("atoms.args")
        try Data(arguments.joined(separator: "\n").utf8).write(to: argumentFile)
        let answered = try ReferenceCommand.printed(
            exiftool, ["-config", config.path, "-@", argumentFile.path, "-common_args", "-q", "-q", "-sep", "\u{1F}", "-r", root.path])
        var holding: [String: Set<String>] = [:]
        let prefix = root.path + "/"
        for line in answered.printed.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard fields.count == 2, atoms[fields[0]] != nil, fields[1].hasPrefix(prefix) else { continue }
            for owner in owners(of: String(fields[1].dropFirst(prefix.count))) { holding[owner, default: []].insert(fields[0]) }
        }
        return holding
    }

    /// The media files exiftool's atoms admit for `query`.
    static func admittedByExiftool(_ query: Query, atoms: [String: Set<String>]) -> [String] {
        items.filter { query.condition.holds(atoms[$0.path] ?? [], day: $0.day) }.map(\.path)
    }

    // MARK: dvpipe's answers

    /// A job over the library with `selection` under its `selection:` key and `days` under `days:`.
    static func jobText(_ selection: String, days: String? = nil, root: URL) -> String {
        """
        version: 1
        library: { paths: ["\(root.path)"], timezone: UTC }
        timeframe: { from: 2024-06-01, to: 2024-06-06 }
        output: { path: out/reel.mp4, resolution: 160x90, fps: 10 }
        selection:
          \(selection)

        """ + (days.map { "days:\n  \($0)\n" } ?? "")
    }

    static func job(_ selection: String, days: String? = nil, in folder: TemporaryFolder) throws -> Job {
        let root = try Self.root
        let loaded = JobLoader.load(text: jobText(selection, days: days, root: root), file: "job.yaml", directory: folder.url.path)
        guard let job = loaded.job, !loaded.diagnostics.contains(where: { $0.severity == .error }) else {
            throw Failure(description: "\(selection): \(loaded.diagnostics)")
        }
        return job
    }

    /// The files dvpipe admits for the planned job, relative to the library: each scanned file whose
    /// annotations the job's filter on its capture day admits, a Live Photo's movie with what its still lends
    /// (the planner's own catalog, capture days and `PlanningSession.annotations(of:)`).
    static func admittedByDVPipe(_ planned: PlannedJob) throws -> Set<String> {
        let prefix = try root.path + "/"
        let session = PlanningSession(index: planned.scan.entries, rules: PlanningRules(job: planned.job, days: planned.days))
        var admitted: Set<String> = []
        for clip in session.catalog.clips where planned.job.metadataFilter(on: clip.capture.localTime.date).admits(session.annotations(of: clip)) {
            admitted.insert(String(clip.entry.path.dropFirst(prefix.count)))
        }
        for still in session.catalog.pairedStills {
            let day = CaptureDay(of: still, in: session.timeZone).localTime.date
            if planned.job.metadataFilter(on: day).admits(still.annotations) { admitted.insert(String(still.path.dropFirst(prefix.count))) }
        }
        return admitted
    }

    // MARK: Tests

    @Test("exiftool reads what it wrote: names in two normalisation forms and cases as one, the still's names lent to its movie, no file rated twice")
    func exiftoolReadsTheLibrary() throws {
        let atoms = try Self.exiftoolAtoms.get()
        #expect(atoms[Self.beach]?.isSuperset(of: ["person:Emma", "person:NOAH", "keyword:beach", "rating:4"]) == true)
        #expect(atoms[Self.still]?.contains("person:\(Self.zoeNFD)") == true, "the HEIC's embedded region (NFC) matches the NFD query")
        #expect(atoms[Self.movie]?.contains("person:\(Self.zoeNFD)") == true, "the Live Photo's movie borrows its still's Zoë")
        #expect(atoms[Self.plain] == nil && atoms[Self.fetch] == nil, "files without metadata hold no atom")
        // Each media file's rating is written in one place only, so "any file that speaks for it is rated n or
        // more" is the rating dvpipe merges (the file's own first, then its sidecar's, then its still's).
        let rated = try Self.ratedSources()
        for (item, count) in rated { #expect(count <= 1, "\(item) is rated in \(count) files") }
    }

    /// How many files rate each media file, by exiftool.
    static func ratedSources() throws -> [String: Int] {
        let exiftool = try ReferenceCommand.requiredExiftool
        let root = try Self.root
        let answered = try ReferenceCommand.printed(
            exiftool, ["-q", "-q", "-r", "-if", "defined $XMP-xmp:Rating", "-p", "$Directory/$FileName", root.path])
        var counts: [String: Int] = [:]
        for line in answered.printed.split(separator: "\n") where line.hasPrefix(root.path + "/") {
            for owner in owners(of: String(line.dropFirst(root.path.count + 1))) { counts[owner, default: 0] += 1 }
        }
        return counts
    }

    @Test("exiftool admits the expected files for every query", arguments: queries)
    func exiftoolAdmits(_ query: Query) throws {
        let atoms = try Self.exiftoolAtoms.get()
        let admitted = Set(Self.admittedByExiftool(query, atoms: atoms))
        #expect(admitted == Set(query.expected), "\(query): exiftool admits \(admitted.sorted())")
    }

    @Test("dvpipe admits the files exiftool admits for every query, and the plan shows only them, each on its day")
    func dvpipeAdmitsAsExiftool() throws {
        let atoms = try Self.exiftoolAtoms.get()
        let scratch = try TemporaryFolder("metadata-reference-plans")
        let prefix = try Self.root.path + "/"
        let days = Dictionary(uniqueKeysWithValues: Self.items.map { ($0.path, $0.day) })
        for query in Self.queries {
            let byExiftool = Set(Self.admittedByExiftool(query, atoms: atoms))
            let job = try Self.job(query.selection, days: query.days, in: scratch)
            let planned = try PlannedJob.make(job: job, asOf: nil, work: scratch.work, observer: SilentObserver())
            let byDVPipe = try Self.admittedByDVPipe(planned)
            #expect(byDVPipe == byExiftool, "\(query): dvpipe admits \(byDVPipe.sorted()), exiftool \(byExiftool.sorted())")
            var shownDays: Set<Int> = []
            for day in planned.plan.days {
                for path in (day.paths + day.photoPaths).map({ String($0.dropFirst(prefix.count)) }) {
                    #expect(byExiftool.contains(path), "\(query): \(day.date) shows \(path), which exiftool does not admit")
                    #expect(days[path] == day.date.day, "\(query): \(day.date) shows \(path), of day \(days[path] ?? 0)")
                    shownDays.insert(day.date.day)
                }
            }
            let admittedDays = Set(byExiftool.compactMap { days[$0] })
            #expect(
                shownDays == admittedDays, "\(query): the plan shows days \(shownDays.sorted()), exiftool admits files of \(admittedDays.sorted())")
            if query.selection == "favourites: prefer" {
                let sixth = planned.plan.days.first { $0.date.day == 6 }?.paths.map { String($0.dropFirst(prefix.count)) }
                #expect(sixth == [Self.walk], "favourites first within a kind: the sixth's favourite movie, not \(sixth ?? [])")
            }
        }
    }

    @Test("dvpipe's scan puts every file of the library on the day exiftool wrote")
    func scannedDays() throws {
        let scratch = try TemporaryFolder("metadata-reference-days")
        let planned = try PlannedJob.make(
            job: try Self.job("order: earliest", in: scratch), asOf: nil, work: scratch.work, observer: SilentObserver())
        let prefix = try Self.root.path + "/"
        let utc = TimeZone(identifier: "UTC")!
        let days = Dictionary(
            planned.scan.entries.map {
                (String($0.path.dropFirst(prefix.count)), CaptureDay(of: $0, in: utc, order: DayRule.defaultOrder).localTime.date.day)
            }
        ) { first, _ in first }
        for item in Self.items { #expect(days[item.path] == item.day, "\(item.path)") }
        #expect(Set(days.keys) == Set(Self.items.map(\.path)), "the scan lists the library's media files, no sidecar")
    }
}

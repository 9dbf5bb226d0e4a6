import Foundation

/// Google Takeout's album folders: a folder named after an album, holding a copy of each of its files (with
/// their JSON sidecars) and one JSON that describes the album, `{"title": "Trip to Kyoto", …}`. Takeout names
/// that JSON in the account's language (`metadata.json`, `métadonnées.json`, `metadatos.json`, …), and the
/// year folders (`Photos from 2024`) have none. Pure logic over names and bytes; the scanner lists the folders
/// and reads the file.
///
/// A file in two albums is in two folders as two copies of the same bytes: each copy is an entry of its own
/// with its own folder's album (the index names files by path, and the copies' paths differ), so a job that
/// asks for either album finds it. The year folder holds a third copy with no album.
public enum TakeoutAlbum {
    /// The names Takeout gives the album's JSON in the languages known to write them (lower case). A folder's
    /// JSON of another name is recognised by its shape (`metadataCandidates`).
    public static let metadataNames: [String] = [
        "metadata.json", "métadonnées.json", "metadaten.json", "metadatos.json", "metadades.json", "metadati.json", "metadados.json",
        "metagegevens.json"
    ]

    /// The JSON files of a folder that may describe its album, most likely first: those of `sidecarNames` (the
    /// folder's sidecar file names) named as `metadataNames` says; then any other `NAME.json` whose `NAME` has
    /// no dot and that no media file of the folder takes as its sidecar (`claimed`), since a media file's
    /// JSON always names the media file (`IMG_1.jpg.json`) unless it is claimed. Each must still read as an
    /// album (`title(json:name:)`).
    public static func metadataCandidates(among sidecarNames: some Sequence<String>, claimed: Set<String>) -> [String] {
        var known: [(rank: Int, name: String)] = []
        var shaped: [String] = []
        for name in sidecarNames where !claimed.contains(name) {
            let lowered = name.lowercased()
            if let rank = metadataNames.firstIndex(of: lowered) {
                known.append((rank, name))
            } else if lowered.hasSuffix(".json"), !lowered.dropLast(".json".count).contains("."), lowered.count > ".json".count {
                shaped.append(name)
            }
        }
        return known.sorted { ($0.rank, $0.name) < ($1.rank, $1.name) }.map(\.name) + shaped.sorted()
    }

    /// The album's title in the album folder's JSON `name` (one of `metadataCandidates`): its `title`,
    /// trimmed; nil when the bytes are not a JSON object or are a media file's sidecar (they have
    /// `photoTakenTime`). A JSON named as `metadataNames` says whose title is missing, empty or not a string
    /// gives "" (the folder's name then stands for it); a JSON recognised by its shape must have a string
    /// `title` (Takeout's other JSON files, `print-subscriptions.json` and the like, have none).
    public static func title(json: Data, name: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any], object["photoTakenTime"] == nil else {
            return nil
        }
        if let title = object["title"] as? String { return title.trimmingCharacters(in: .whitespacesAndNewlines) }
        return metadataNames.contains(name.lowercased()) ? "" : nil
    }

    /// The albums of the files in the folder named `folderName` whose JSON gives `title`: the title, or the
    /// folder's name when the title is empty.
    public static func albums(title: String, folderName: String) -> [String] {
        [title.isEmpty ? folderName : title]
    }
}

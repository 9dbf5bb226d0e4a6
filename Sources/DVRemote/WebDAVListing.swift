import DVXML
import Foundation

/// A library on a WebDAV server (Nextcloud's `remote.php/dav/files/USER/…`, ownCloud, a NAS, nginx, rclone):
/// its collections walked with `PROPFIND` at depth 1, one collection at a time from the root, each listing
/// giving the files' sizes and ETags. Hidden names are skipped, an excluded folder is not entered, and a
/// collection met twice (a server that lists a folder under two names) is walked once.
package struct WebDAVListing {
    /// The root collection, ending in `/`, without credentials.
    package let root: URL
    private let client: HTTPClient

    /// Collections walked at most: a server answering without end stops here, with an error.
    static let largestWalk = 100_000
    /// The most bytes of one `PROPFIND` answer: 32 MiB (a folder of 50,000 files is about 20 MiB on Nextcloud).
    package static let largestAnswer = 32 << 20

    package init(root: URL, client: HTTPClient) {
        self.root = root
        self.client = client
    }

    /// What `PROPFIND` asks for: only the four properties the index needs.
    static let question = Data(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getcontentlength/><d:getetag/><d:getlastmodified/></d:prop></d:propfind>
        """.utf8)

    /// Every file under the root that `isExcluded` does not leave out (it is asked about every relative path,
    /// folders included), sorted by relative path; a file whose listed size is not believed is kept with its
    /// `problem`. Each answer is at most `largestAnswer` bytes, and all of them list at most
    /// `RemoteFileListing.largestListing` members.
    package func files(isExcluded: (String) -> Bool) throws(RemoteListingError) -> [RemoteFileListing] {
        var files: [RemoteFileListing] = []
        var pending: [(url: URL, relative: String)] = [(root, "")]
        var seen: Set<String> = []
        var entries = 0
        while let (collection, relative) = pending.popLast() {
            guard seen.insert(collection.path).inserted else { continue }
            guard seen.count <= Self.largestWalk else {
                throw .tooManyFolders(location: root.absoluteString, folders: Self.largestWalk)
            }
            let members = try list(collection)
            entries += members.count
            guard entries <= RemoteFileListing.largestListing else {
                throw .tooManyFiles(location: root.absoluteString, entries: RemoteFileListing.largestListing)
            }
            for entry in members {
                let name = entry.name
                guard !name.hasPrefix("."), !name.isEmpty else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                guard !isExcluded(path) else { continue }
                if entry.isCollection {
                    pending.append((entry.url, path))
                } else if let size = entry.size {
                    var file = RemoteFileListing(
                        address: entry.url.absoluteString, relativePath: path, size: 0, etag: entry.etag ?? "", modificationTime: entry.modified ?? 0)
                    switch size {
                    case let .success(size): file.size = size
                    case let .failure(problem): file.problem = problem
                    }
                    files.append(file)
                }
            }
        }
        return files.sorted { $0.relativePath < $1.relativePath }
    }

    /// One member of a collection as `PROPFIND` describes it.
    struct Member {
        var url: URL
        var name: String
        var isCollection: Bool
        /// The size `getcontentlength` gives, or why it is not believed; nil when it gives none (a collection).
        var size: Result<Int64, ListedSizeProblem>?
        var etag: String?
        var modified: Double?
    }

    /// The members of `collection` (not the collection itself).
    func list(_ collection: URL) throws(RemoteListingError) -> [Member] {
        let shown = collection.absoluteString
        let answer = client.send(
            "PROPFIND", collection, named: shown, headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"], body: Self.question,
            limit: Self.largestAnswer)
        switch answer {
        case let .failure(failure):
            throw .unreachable(location: shown, failure: failure)
        case let .success(answer) where answer.status == 207:
            return try Self.members(of: answer.body, in: collection)
        case let .success(answer):
            throw .refused(location: shown, status: answer.status, code: nil, message: Self.hint(answer.status), bucketRegion: nil)
        }
    }

    /// What to do about a refusal, in words; nil when there is nothing to add.
    private static func hint(_ status: Int) -> String? {
        switch status {
        case 401, 403: "set DVPIPE_LIBRARY_HEADER or a ~/.netrc entry for the host with a user that may read it"
        case 404: "no such folder on the server"
        case 405, 501: "the server does not speak WebDAV at this address"
        case 300...399: "a redirect, which dvpipe does not follow: write the address it leads to"
        default: nil
        }
    }

    /// The members a multistatus answer lists (properties a server could not give come as empty elements, and
    /// are left unset), the collection itself left out; a member on another origin
    /// than the collection (which a server should never give) is left out too.
    static func members(of body: Data, in collection: URL) throws(RemoteListingError) -> [Member] {
        let dav = "DAV:"
        var members: [Member] = []
        var current: Member?
        var text = ""
        var sawMultistatus = false
        let dates = DateFormatter()
        dates.locale = Locale(identifier: "en_US_POSIX")
        dates.timeZone = TimeZone(identifier: "GMT")
        dates.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        for event in XMLScanner(body) {
            switch event {
            case let .start(name, _, _):
                text = ""
                guard name.namespace == dav else { continue }
                switch name.local {
                case "multistatus": sawMultistatus = true
                case "response": current = Member(url: collection, name: "", isCollection: false)
                case "collection": current?.isCollection = true
                default: break
                }
            case let .text(piece):
                text += piece
            case let .end(name):
                guard name.namespace == dav else { continue }
                let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                switch name.local {
                case "href":
                    if let url = URL(string: value, relativeTo: collection)?.absoluteURL {
                        current?.url = url
                    }
                case "getcontentlength" where !value.isEmpty: current?.size = ServerNumber.listedSize(value)
                // Some servers (WsgiDAV) list the tag bare and send it quoted with the file: kept quoted, as
                // `If-Match` wants it.
                case "getetag" where !value.isEmpty: current?.etag = value.hasPrefix("\"") || value.hasPrefix("W/\"") ? value : "\"\(value)\""
                // An HTTP date is ASCII, and Foundation's DateFormatter traps on some other text (a character whose
                // canonical form is longer, as U+0D4A), so only ASCII is handed to it.
                case "getlastmodified" where !value.isEmpty && value.utf8.allSatisfy({ $0 < 0x80 }):
                    current?.modified = dates.date(from: value)?.timeIntervalSince1970
                case "response":
                    if var member = current, member.url.host == collection.host, member.url.port == collection.port,
                        member.url.scheme == collection.scheme, member.url.path != collection.path,
                        member.url.path.trimmingSuffix("/") != collection.path.trimmingSuffix("/")
                    {
                        member.name = member.url.lastPathComponent
                        if member.isCollection, !member.url.absoluteString.hasSuffix("/") {
                            member.url = member.url.appendingPathComponent("", isDirectory: true)
                        }
                        members.append(member)
                    }
                    current = nil
                default: break
                }
                text = ""
            }
        }
        guard sawMultistatus else { throw .malformedAnswer(location: collection.absoluteString, reason: "not a WebDAV multistatus") }
        return members
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
}

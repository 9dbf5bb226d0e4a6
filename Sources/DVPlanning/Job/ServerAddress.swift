import Foundation

/// An address of a server dvpipe reads or writes, by one set of rules for a library (`library.paths`), the
/// segment store (`--cache`) and publishing (`output.publish`): `https://HOST[:PORT]/PATH/` (WebDAV, or a
/// store; `http://` on the runner's own network) or `s3://BUCKET/PREFIX/`. The scheme is one of the three
/// (any case); a host (an S3 bucket by S3's naming rules); a port from 1 to 65535, else the scheme's own; no
/// `?query` or `#fragment`; no path segment that is, or percent-decodes to, `.` or `..`, or decodes to a text
/// with `/` in it (a server may decode it, and the confinement compares decoded segments). A user or password
/// is refused unless the caller allows it (the store's address on the command line may carry one).
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    /// How the server is reached.
    public enum Scheme: String, Sendable, Hashable {
        case http, https, s3
    }

    public let scheme: Scheme
    /// The host in lower case; an S3 bucket as written.
    public let host: String
    /// The port: the written one, else the scheme's own (443, 80; 0 for S3, which has none in its address).
    public let port: Int
    /// The path's segments: percent-decoded for WebDAV (a server decodes them), as written for S3 (its keys
    /// are written as they are, `s3://photos/Été 2024/`).
    public let segments: [String]
    /// A user and password written into an address.
    public struct Credentials: Sendable, Hashable {
        public let user: String
        public let password: String
    }

    /// The user and password written into the address, when the caller allowed them.
    public let credentials: Credentials?
    /// The address as the plan, the index and messages give it: the scheme and host in lower case (an S3
    /// bucket as written), the path as written, ending in `/`; never a credential.
    public let text: String

    public var description: String { text }

    /// `text` read by the rules above; `allowingCredentials` keeps a `user:password@` (given in `credentials`,
    /// never in `text`) instead of refusing it. The error says what is wrong without repeating a credential.
    public init(_ text: String, allowingCredentials: Bool = false) throws(ServerAddressError) {
        let shown = Self.withoutCredentials(text)
        guard let separator = text.range(of: "://"), Self.isAddress(text) else { throw .notAnAddress(shown) }
        let written = text[..<separator.lowerBound].lowercased()
        guard let scheme = Scheme(rawValue: written) else { throw .scheme(written) }
        let rest = text[separator.upperBound...]
        guard !rest.contains("?"), !rest.contains("#") else { throw .queryOrFragment(shown) }
        self.scheme = scheme
        if scheme == .s3 {
            let bucket = rest.prefix { $0 != "/" }
            guard !bucket.contains("@") else { throw .credentials(shown, scheme) }
            guard !bucket.isEmpty else { throw .noHost(shown, scheme) }
            if let problem = Self.problem(withBucketName: String(bucket)) { throw .bucket(String(bucket), problem) }
            host = String(bucket)
            port = 0
            segments = try Self.segments(of: rest.dropFirst(bucket.count), decoding: false, shown: shown)
            credentials = nil
            self.text = "s3://" + rest + (rest.hasSuffix("/") ? "" : "/")
            return
        }
        guard var parts = URLComponents(string: String(text)) else { throw .notAnAddress(shown) }
        if let user = parts.user {
            guard allowingCredentials else { throw .credentials(shown, scheme) }
            credentials = Credentials(user: user, password: parts.password ?? "")
        } else if parts.password != nil {
            throw .credentials(shown, scheme)
        } else {
            credentials = nil
        }
        guard let host = parts.host, !host.isEmpty else { throw .noHost(shown, scheme) }
        if let written = parts.port, !(1...65535).contains(written) { throw .notAnAddress(shown) }
        self.host = host.lowercased()
        port = parts.port ?? (scheme == .https ? 443 : 80)
        segments = try Self.segments(of: Substring(parts.percentEncodedPath), decoding: true, shown: shown)
        parts.user = nil
        parts.password = nil
        parts.scheme = scheme.rawValue
        parts.host = self.host
        if !parts.path.hasSuffix("/") { parts.path += "/" }
        guard let normal = parts.string else { throw .notAnAddress(shown) }
        self.text = normal
    }

    /// The segments of `path`, decoded when `decoding`; throws for one that is or decodes to `.` or `..`, or
    /// decodes to a text with `/` (or, when `decoding`, does not decode).
    private static func segments(of path: Substring, decoding: Bool, shown: String) throws(ServerAddressError) -> [String] {
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            let decoded = segment.removingPercentEncoding
            guard decoded != nil || !decoding else { throw .notAnAddress(shown) }
            guard ![".", ".."].contains(segment), ![".", ".."].contains(decoded ?? "") else { throw .dotSegment(shown) }
            guard decoded?.contains("/") != true else { throw .escapedSlash(shown) }
            segments.append(decoding ? decoded ?? String(segment) : String(segment))
        }
        return segments
    }

    /// Whether `text` is meant as an address (`scheme://…`) rather than a folder.
    public static func isAddress(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// `text` with anything that may be a user, password or key taken out, for messages: what lies between
    /// `scheme://` (or the start) and the last `@`, whether or not the address parses (a token may hold `/`).
    public static func withoutCredentials(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let start = text.range(of: "://").map(\.upperBound) ?? text.startIndex
        guard start <= at else { return text }
        return text[..<start] + "…" + text[at...]
    }

    /// What S3's naming rules say against `name`, or nil when it may be a bucket: 3 to 63 lower-case letters,
    /// digits, dots and hyphens, a letter or digit at each end, no two dots in a row, not an IP address.
    /// (Buckets made in us-east-1 before March 2018 could also have upper-case letters and underscores; such a
    /// bucket is refused here.)
    public static func problem(withBucketName name: String) -> String? {
        let bytes = Array(name.utf8)
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard (3...63).contains(bytes.count) else { return "it must have 3 to 63 characters" }
        guard bytes.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }) else {
            return "it may hold only lower-case letters, digits, dots and hyphens"
        }
        guard isLetterOrDigit(bytes[0]), isLetterOrDigit(bytes[bytes.count - 1]) else {
            return "it must begin and end with a letter or a digit"
        }
        guard !name.contains("..") else { return "it must not have two dots in a row" }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !(parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }) else { return "it must not be an IP address" }
        return nil
    }

    /// Whether `other` is this address or lies under it, segment by segment (the scheme, host and port equal).
    public func contains(_ other: ServerAddress) -> Bool {
        scheme == other.scheme && host == other.host && port == other.port && other.segments.starts(with: segments)
    }
}

/// Why a text is not a `ServerAddress`; the description says what to write instead and never repeats a
/// credential. Callers put the address's use in front (`library.paths`, `--cache`).
public enum ServerAddressError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Not `scheme://…`, or not parsed as a URL.
    case notAnAddress(String)
    /// A scheme other than `http`, `https` and `s3`.
    case scheme(String)
    /// A user or password (an S3 key) in the address.
    case credentials(String, ServerAddress.Scheme)
    /// No host, or no bucket.
    case noHost(String, ServerAddress.Scheme)
    /// A bucket name S3 does not allow, and why.
    case bucket(String, String)
    /// A `?query` or `#fragment`.
    case queryOrFragment(String)
    /// A segment that is, or decodes to, `.` or `..`.
    case dotSegment(String)
    /// A segment that decodes to a text with `/` (`%2F`).
    case escapedSlash(String)

    public var description: String {
        switch self {
        case .notAnAddress(let shown): "'\(shown)' is not a URL; write https://HOST/PATH/ or s3://BUCKET/PREFIX/"
        case .scheme(let scheme): "takes https:// (WebDAV) or s3:// addresses, not \(scheme)://"
        case .credentials(let shown, let scheme):
            "'\(shown)' carries a user or password; give credentials in the environment ("
                + (scheme == .s3 ? "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY" : "a header variable, or a ~/.netrc entry for the host")
                + "), never in a job file"
        case .noHost(let shown, let scheme): scheme == .s3 ? "'\(shown)' names no bucket; write s3://BUCKET/PREFIX/" : "'\(shown)' names no host"
        case .bucket(let bucket, let problem): "'\(bucket)' is not an S3 bucket name: \(problem)"
        case .queryOrFragment(let shown): "'\(shown)': write the address without ?query or #fragment"
        case .dotSegment(let shown): "'\(shown)': write the address without . or .. segments (escaped or not)"
        case .escapedSlash(let shown): "'\(shown)': write the address without escaped slashes (%2F)"
        }
    }
}

import Foundation

/// How dvpipe reaches a server, from the environment alone (never from the job file, which is shared), and
/// which credential goes where:
/// - a library on WebDAV: `DVPIPE_LIBRARY_HEADER` (`Name: value`), sent only to the libraries' own servers,
///   else the `~/.netrc` entry (or `$NETRC`'s) for its host and port as Basic authentication;
/// - a publishing collection on WebDAV: `DVPIPE_PUBLISH_HEADER`, else its `.netrc` entry (never the
///   library's header);
/// - S3: the AWS variables (`S3Credentials`).
///
/// A `.netrc` entry `machine HOST` is for HOST on its scheme's own port (443, or 80 for `http://`), one
/// `machine HOST:PORT` for that port; the `default` entry is never used (it would send one login to every
/// server). No credential goes over plain `http://` except to this machine (`localhost`, 127.0.0.0/8,
/// `::1`) unless `DVPIPE_PLAIN_HTTP_CREDENTIALS=1`. The timeout comes from `DVPIPE_LIBRARY_TIMEOUT`.
package struct RemoteAccess: Sendable {
    /// The process environment the settings are read from.
    package let environment: [String: String]

    /// What a request to a server is for, which decides the credential it carries.
    package enum Purpose: Sendable {
        /// Listing and reading a library.
        case library
        /// Publishing a reel.
        case publish

        /// The environment variable of the purpose's own header.
        var headerVariable: String {
            switch self {
            case .library: "DVPIPE_LIBRARY_HEADER"
            case .publish: "DVPIPE_PUBLISH_HEADER"
            }
        }
    }

    /// The variable that lets credentials go over plain `http://` to another machine.
    package static let plainHTTPVariable = "DVPIPE_PLAIN_HTTP_CREDENTIALS"

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// Seconds a request may wait: `DVPIPE_LIBRARY_TIMEOUT`, else 30.
    package func policy() throws(RemoteAddressError) -> HTTPPolicy {
        HTTPPolicy(timeout: try Self.seconds("DVPIPE_LIBRARY_TIMEOUT", in: environment, else: 30))
    }

    /// The seconds the variable `name` of `environment` gives (a number from 1 to 3600), else `standard` when
    /// it is unset or empty; throws when it is anything else. Every server timeout dvpipe takes is read here.
    package static func seconds(_ name: String, in environment: [String: String], else standard: TimeInterval) throws(RemoteAddressError)
        -> TimeInterval
    {
        guard let given = environment[name], !given.isEmpty else { return standard }
        guard let seconds = TimeInterval(given), seconds.isFinite, (1...3600).contains(seconds) else {
            throw RemoteAddressError("\(name) must be a number of seconds from 1 to 3600, not '\(given)'")
        }
        return seconds
    }

    /// The header the variable `name` of `environment` gives as `Name: value`, nil when it is unset or empty;
    /// throws when it has no name before a `:`. Every server header dvpipe takes is read here.
    package static func header(_ name: String, in environment: [String: String]) throws(RemoteAddressError) -> (name: String, value: String)? {
        guard let given = environment[name], !given.isEmpty else { return nil }
        guard let colon = given.firstIndex(of: ":"), colon != given.startIndex else {
            throw RemoteAddressError("\(name) must be 'Name: value' (e.g. 'Authorization: Bearer …')")
        }
        return (
            String(given[..<colon]).trimmingCharacters(in: .whitespaces),
            String(given[given.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        )
    }

    /// The header sent to the server at `url` for `purpose`: the purpose's own variable, else the `.netrc`
    /// login for the address's host and port as Basic authentication, else none. Throws when the header is
    /// malformed, or a credential would go over plain `http://` to another machine without the opt-in.
    package func header(for url: URL, purpose: Purpose) throws(RemoteAddressError) -> (name: String, value: String)? {
        var header = try Self.header(purpose.headerVariable, in: environment)
        if header == nil {
            let file = environment["NETRC"] ?? environment["HOME"].map { $0 + "/.netrc" }
            if let file, !file.isEmpty, let text = try? String(contentsOfFile: file, encoding: .utf8),
                let login = Self.netrcLogin(for: url, in: text)
            {
                header = ("Authorization", "Basic \(Data("\(login.user):\(login.password)".utf8).base64EncodedString())")
            } else {
                header = nil
            }
        }
        if header != nil { try checkCredentialsMayGo(to: url) }
        return header
    }

    /// The S3 service the environment names, and a client for it with `policy` that signs with the AWS keys
    /// when the environment has them (unsigned, for a public bucket, when not); throws when keys would go
    /// over plain `http://` to another machine.
    package func s3(policy: HTTPPolicy) throws(RemoteAddressError) -> (endpoint: S3Endpoint, client: HTTPClient) {
        let endpoint = try S3Endpoint(environment: environment)
        let signer = S3Credentials.from(environment: environment).map {
            S3Signature(region: S3Signature.region(environment: environment), credentials: $0).signer
        }
        if signer != nil { try checkCredentialsMayGo(to: endpoint.base) }
        return (endpoint, HTTPClient(policy: policy, signer: signer))
    }

    /// Throws unless a credential may go to `url`: over `https://`, to this machine, or with the opt-in.
    package func checkCredentialsMayGo(to url: URL) throws(RemoteAddressError) {
        guard url.scheme?.lowercased() == "http", !Self.isLoopback(url.host ?? ""), environment[Self.plainHTTPVariable] != "1" else { return }
        throw RemoteAddressError(
            "a credential would go unencrypted over http:// to \(url.host ?? "?"); use https://, or set \(Self.plainHTTPVariable)=1 for a network you trust"
        )
    }

    /// Whether `host` names this machine: `localhost`, an address of 127.0.0.0/8, or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The login `.netrc` text gives the server at `url`: the `machine` entry naming its host (any case) on
    /// its scheme's own port, or `HOST:PORT` on that port; nil when none does (`default` is never used).
    static func netrcLogin(for url: URL, in text: String) -> (user: String, password: String)? {
        guard let host = url.host?.lowercased() else { return nil }
        let scheme = url.scheme?.lowercased()
        let port = url.port ?? (scheme == "http" ? 80 : 443)
        let ownPort = port == (scheme == "http" ? 80 : 443)
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        var index = 0
        while index < words.count {
            let word = words[index]
            guard word == "machine" || word == "default" else {
                index += 1
                continue
            }
            var machine: String?
            if word == "machine" {
                machine = index + 1 < words.count ? words[index + 1].lowercased() : nil
                index += 2
            } else {
                index += 1
            }
            var user = "", password = ""
            while index + 1 < words.count, !["machine", "default", "macdef"].contains(words[index]) {
                switch words[index] {
                case "login": user = words[index + 1]
                case "password": password = words[index + 1]
                default: break
                }
                index += 2
            }
            if let machine, machine == "\(host):\(port)" || (ownPort && machine == host) {
                return (user, password)
            }
        }
        return nil
    }
}

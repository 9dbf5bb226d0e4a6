import Foundation

/// How dvpipe reaches a library's server, from the environment alone (never from the job file, which is
/// shared): for WebDAV a header from `DVPIPE_LIBRARY_HEADER` (`Name: value`), else the host's `~/.netrc`
/// entry (or `$NETRC`'s) as Basic authentication, as curl and rclone read it; the timeout from
/// `DVPIPE_LIBRARY_TIMEOUT`.
public struct RemoteAccess: Sendable {
    /// The process environment the settings are read from.
    public let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// Seconds a request may wait: `DVPIPE_LIBRARY_TIMEOUT`, else 30.
    public func policy() throws(RemoteAddressError) -> HTTPPolicy {
        guard let given = environment["DVPIPE_LIBRARY_TIMEOUT"], !given.isEmpty else { return HTTPPolicy(timeout: 30) }
        guard let seconds = TimeInterval(given), seconds.isFinite, (1...3600).contains(seconds) else {
            throw RemoteAddressError("DVPIPE_LIBRARY_TIMEOUT must be a number of seconds from 1 to 3600, not '\(given)'")
        }
        return HTTPPolicy(timeout: seconds)
    }

    /// The header sent to `host`: `DVPIPE_LIBRARY_HEADER`, else the host's `.netrc` login as Basic
    /// authentication, else none.
    public func header(for host: String) throws(RemoteAddressError) -> (name: String, value: String)? {
        if let given = environment["DVPIPE_LIBRARY_HEADER"], !given.isEmpty {
            guard let colon = given.firstIndex(of: ":"), colon != given.startIndex else {
                throw RemoteAddressError("DVPIPE_LIBRARY_HEADER must be 'Name: value' (e.g. 'Authorization: Bearer …')")
            }
            return (
                String(given[..<colon]).trimmingCharacters(in: .whitespaces),
                String(given[given.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            )
        }
        let file = environment["NETRC"] ?? environment["HOME"].map { $0 + "/.netrc" }
        guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8),
            let login = Self.netrcLogin(for: host, in: text)
        else { return nil }
        return ("Authorization", "Basic \(Data("\(login.user):\(login.password)".utf8).base64EncodedString())")
    }

    /// The login `.netrc` text gives `host`: its `machine` entry, else the `default` one.
    static func netrcLogin(for host: String, in text: String) -> (user: String, password: String)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        var entries: [(machine: String?, user: String, password: String)] = []
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
            entries.append((machine, user, password))
        }
        let named = entries.first { $0.machine == host.lowercased() } ?? entries.first { $0.machine == nil }
        return named.map { ($0.user, $0.password) }
    }
}

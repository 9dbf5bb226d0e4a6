import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// AWS Signature Version 4 for S3, in headers: the canonical request (method, path, query, signed headers,
/// payload hash), the string to sign, the key derived from the secret for the day, region and service, and the
/// `Authorization` header that carries the result.
///
/// S3 differs from the other AWS services in two ways kept here: the path is encoded once, as sent (other
/// services encode it twice), and every request carries `x-amz-content-sha256`, the hash of its body.
package struct S3Signature: Sendable {
    /// The bucket's region (`us-east-1`, `eu-west-3`): part of the signing key, so a wrong one is refused.
    package var region: String
    package var credentials: S3Credentials

    package init(region: String, credentials: S3Credentials) {
        self.region = region
        self.credentials = credentials
    }

    /// The region the AWS tools use: `AWS_REGION`, else `AWS_DEFAULT_REGION`, else `us-east-1`.
    package static func region(environment: [String: String]) -> String {
        for name in ["AWS_REGION", "AWS_DEFAULT_REGION"] {
            if let region = environment[name], !region.isEmpty { return region }
        }
        return "us-east-1"
    }

    /// Headers that a proxy or the HTTP stack may add, change or drop on the way (botocore leaves them out
    /// too), and the `Authorization` a retry may still carry: never signed.
    private static let unsignedHeaders: Set<String> = [
        "authorization", "connection", "expect", "keep-alive", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade",
        "user-agent"
    ]

    /// The headers that sign a request made at `date`: `x-amz-date`, `x-amz-content-sha256` (`payloadHash`,
    /// the hex SHA-256 of the body), `x-amz-security-token` with temporary keys, and `Authorization`. The
    /// signature covers `method`, `url`'s path and query, its host (with the port when it is not the
    /// scheme's), every one of `headers` and the `x-amz-` ones added, so none of them may change before the
    /// request is sent. A pure function: the same arguments give the same headers.
    package func signedHeaders(method: String, url: URL, headers: [String: String], payloadHash: String, date: Date) -> [String: String] {
        let timestamp = Self.timestamp(date)
        var added = ["x-amz-date": timestamp, "x-amz-content-sha256": payloadHash]
        if let token = credentials.sessionToken {
            added["x-amz-security-token"] = token
        }
        var canonicalHeaders: [String: String] = [:]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            let name = name.lowercased()
            guard !Self.unsignedHeaders.contains(name) else { continue }
            let value = Self.trimmed(value)
            canonicalHeaders[name] = canonicalHeaders[name].map { "\($0),\(value)" } ?? value
        }
        canonicalHeaders.merge(added) { _, ours in ours }
        canonicalHeaders["host"] = Self.host(of: url)
        let sortedHeaders = canonicalHeaders.sorted { $0.key < $1.key }
        let signedNames = sortedHeaders.map(\.key).joined(separator: ";")
        let canonicalRequest = [
            method.uppercased(),
            Self.canonicalPath(of: url),
            Self.canonicalQuery(of: url),
            sortedHeaders.map { "\($0.key):\($0.value)\n" }.joined(),
            signedNames,
            payloadHash
        ].joined(separator: "\n")
        let day = String(timestamp.prefix(8))
        let scope = "\(day)/\(region)/s3/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, Digest.hex(Digest.sha256(Array(canonicalRequest.utf8)))]
            .joined(separator: "\n")
        var key = Digest.hmacSHA256(key: Array("AWS4\(credentials.secretAccessKey)".utf8), Array(day.utf8))
        for part in [region, "s3", "aws4_request"] {
            key = Digest.hmacSHA256(key: key, Array(part.utf8))
        }
        let signature = Digest.hex(Digest.hmacSHA256(key: key, Array(stringToSign.utf8)))
        added["Authorization"] =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(signedNames), Signature=\(signature)"
        return added
    }

    /// Signs a request in place as `HTTPClient` sends it, at the moment it goes (each try signed anew), with
    /// the hash of its body (of no bytes when it has none), or the hash its `x-amz-content-sha256` header
    /// already gives (a body streamed from a file, hashed by the caller).
    package var signer: HTTPSigner {
        let signature = self
        return { request, body in
            guard let url = request.url else { return }
            let added = signature.signedHeaders(
                method: request.httpMethod ?? "GET", url: url, headers: request.allHTTPHeaderFields ?? [:],
                payloadHash: request.value(forHTTPHeaderField: "x-amz-content-sha256") ?? Digest.hex(Digest.sha256(body ?? Data())), date: Date())
            for (name, value) in added {
                request.setValue(value, forHTTPHeaderField: name)
            }
        }
    }

    /// `date` in UTC as `YYYYMMDDTHHMMSSZ`, whole seconds.
    private static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }

    /// The `Host` the request is sent with: lower-case, in brackets for IPv6, with the port unless it is the
    /// scheme's own (80 for http, 443 for https).
    private static func host(of url: URL) -> String {
        var host = (url.host ?? "").lowercased()
        if host.contains(":"), !host.hasPrefix("[") {
            host = "[\(host)]"
        }
        let defaultPort = url.scheme?.lowercased() == "http" ? 80 : 443
        if let port = url.port, port != defaultPort {
            host += ":\(port)"
        }
        return host
    }

    /// The path as S3 signs it: each segment's bytes encoded once (what the address escapes is read back
    /// first, so an address encoded another way signs the same), slashes kept, `/` for an empty path.
    private static func canonicalPath(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        guard !path.isEmpty else { return "/" }
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { AWSPercentEncoding.encoded(AWSPercentEncoding.decoded($0)) }
            .joined(separator: "/")
    }

    /// The query as Signature V4 signs it: each name and value encoded (after reading back the address's
    /// escapes), the pairs sorted by name, then by value.
    private static func canonicalQuery(of url: URL) -> String {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else { return "" }
        let pairs = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (
                name: AWSPercentEncoding.encoded(AWSPercentEncoding.decoded(parts[0])),
                value: parts.count > 1 ? AWSPercentEncoding.encoded(AWSPercentEncoding.decoded(parts[1])) : ""
            )
        }
        return pairs.sorted { $0.name == $1.name ? $0.value < $1.value : $0.name < $1.name }
            .map { "\($0.name)=\($0.value)" }
            .joined(separator: "&")
    }

    /// A header's value as signed: white space at the ends removed, runs of spaces inside made one.
    private static func trimmed(_ value: String) -> String {
        value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

import Foundation

/// The S3 server a library's requests go to, and the addresses of its buckets and objects on it.
///
/// AWS itself is addressed in virtual-hosted style (`https://BUCKET.s3.REGION.amazonaws.com/KEY`): buckets
/// made since October 2020 answer only that way. A bucket name with a dot goes path style on AWS too (its TLS
/// certificate names one level under `s3.REGION.amazonaws.com`; path style still works for buckets made before
/// October 2020). Any other endpoint (MinIO, Ceph, moto, a cloud that speaks S3) is addressed in path style,
/// `ENDPOINT/BUCKET/KEY`, which they all serve.
package struct S3Endpoint: Sendable {
    /// The server's address, without a trailing `/`: `https://s3.eu-west-3.amazonaws.com`, `http://127.0.0.1:9000`.
    package let base: URL
    /// Whether buckets go into the host name (AWS) rather than into the path.
    package let isVirtualHosted: Bool

    /// An endpoint of another make than AWS, addressed in path style.
    package init(base: URL) {
        self.init(base: base, isVirtualHosted: false)
    }

    private init(base: URL, isVirtualHosted: Bool) {
        var text = base.absoluteString
        while text.hasSuffix("/") {
            text.removeLast()
        }
        self.base = URL(string: text) ?? base
        self.isVirtualHosted = isVirtualHosted
    }

    /// AWS's S3 endpoint for `region` (`eu-west-3`): refused unless it is lower-case letters, digits and hyphens,
    /// as every AWS region is.
    package static func amazon(region: String) throws(RemoteAddressError) -> S3Endpoint {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard !region.isEmpty, region.allSatisfy(allowed.contains), let base = URL(string: "https://s3.\(region).amazonaws.com") else {
            throw RemoteAddressError("'\(region)' is not an AWS region: set AWS_REGION to one such as us-east-1 or eu-west-3")
        }
        return S3Endpoint(base: base, isVirtualHosted: true)
    }

    /// The endpoint the AWS tools use: `AWS_ENDPOINT_URL_S3`, else `AWS_ENDPOINT_URL`, else AWS's for the region
    /// (`S3Signature.region(environment:)`). An endpoint given must be an http or https address without
    /// credentials, query or fragment.
    package init(environment: [String: String]) throws(RemoteAddressError) {
        let given = ["AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"].lazy.compactMap { name in
            environment[name].flatMap { $0.isEmpty ? nil : (name, $0) }
        }.first
        guard let (name, text) = given else {
            self = try .amazon(region: S3Signature.region(environment: environment))
            return
        }
        guard let components = URLComponents(string: text), let url = components.url,
            ["http", "https"].contains(components.scheme?.lowercased() ?? ""), !(components.host ?? "").isEmpty
        else {
            throw RemoteAddressError("\(name) must be an http:// or https:// address")
        }
        guard components.user == nil, components.password == nil else {
            throw RemoteAddressError(
                "\(name) must not carry credentials: give them in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
        }
        guard components.query == nil, components.fragment == nil else {
            throw RemoteAddressError("\(name) '\(text)' must have no query or fragment")
        }
        self.init(base: url)
    }

    /// The address of the object `key` (the whole key, prefix included) in `location`'s bucket, each of the
    /// key's bytes encoded as S3 signs them (`AWSPercentEncoding`), its slashes kept.
    /// (Here and in `listURL`, every byte after the endpoint's is unreserved or escaped, so the text is always
    /// an address.)
    package func objectURL(_ location: S3Location, key: String) -> URL {
        URL(string: address(location.bucket, path: AWSPercentEncoding.encoded(key, keepingSlashes: true)))!
    }

    /// The ListObjectsV2 request for the keys under `location`'s prefix: the first page, or the one after
    /// `continuationToken`; at most `pageSize` keys a page (`max-keys`; S3's default and limit is 1000).
    package func listURL(_ location: S3Location, continuationToken: String? = nil, pageSize: Int? = nil) -> URL {
        var parameters = [("list-type", "2")]
        if !location.prefix.isEmpty {
            parameters.append(("prefix", location.prefix))
        }
        if let continuationToken {
            parameters.append(("continuation-token", continuationToken))
        }
        if let pageSize {
            parameters.append(("max-keys", "\(pageSize)"))
        }
        let query = parameters.map { "\($0.0)=\(AWSPercentEncoding.encoded($0.1))" }.joined(separator: "&")
        return URL(string: address(location.bucket, path: "") + "?" + query)!
    }

    /// The address of `path` (encoded, without a leading `/`) in `bucket`: on the bucket's own host on AWS
    /// (`https://BUCKET.s3.REGION.amazonaws.com/PATH`), else with the bucket as the path's first segment
    /// (`ENDPOINT/BUCKET/PATH`, `ENDPOINT/BUCKET` for the bucket itself, as botocore writes it).
    private func address(_ bucket: String, path: String) -> String {
        if isVirtualHosted, !bucket.contains("."), var components = URLComponents(url: base, resolvingAgainstBaseURL: false),
            let host = components.host
        {
            components.host = "\(bucket).\(host)"
            return (components.url ?? base).absoluteString + "/" + path
        }
        return base.absoluteString + "/" + AWSPercentEncoding.encoded(bucket) + (path.isEmpty ? "" : "/" + path)
    }
}

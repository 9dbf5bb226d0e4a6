import DVRemote
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signature V4 checked against botocore's own S3 signer (`S3SigV4Auth`, the one the AWS CLI and boto3 use),
/// with the addresses built independently on each side: botocore encodes keys as its serializer does and
/// canonicalizes query parameters itself, dvpipe builds them with `S3Endpoint`.
struct S3SignatureTests {
    /// One request signed on both sides.
    struct Request: Encodable {
        var method = "GET"
        /// The address up to the key (with its `/`) or up to the query, as botocore's serializer writes it.
        var base: String
        var key: String?
        var parameters: [[String]] = []
        var headers: [String: String] = [:]
        var body = ""
        var accessKeyID = "AKIDEXAMPLE"
        var secretAccessKey = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
        var sessionToken: String?
        var region: String
        var time = 1_709_251_199  // 2024-02-29T23:59:59Z: the last second of a leap day
    }

    /// botocore's address and signed headers for each request: it builds the path with its serializer's
    /// encoding (`percent_encode(key, safe="/~")`), signs with its clock fixed at the request's time
    /// (`get_current_datetime`, which `add_auth` reads, patched), and prints its headers by lower-case name.
    static let botocoreSigner = """
        import datetime, json, sys
        from unittest import mock
        from urllib.parse import quote
        from botocore.auth import S3SigV4Auth
        from botocore.awsrequest import AWSRequest
        from botocore.credentials import Credentials
        from botocore.utils import percent_encode
        answers = []
        for case in json.load(sys.stdin):
            url = case["base"] + (percent_encode(case["key"], safe="/~") if case.get("key") is not None else "")
            parameters = [tuple(pair) for pair in case["parameters"]]
            request = AWSRequest(method=case["method"], url=url, params=parameters, headers=case["headers"],
                                 data=case["body"].encode())
            credentials = Credentials(case["accessKeyID"], case["secretAccessKey"], case.get("sessionToken"))
            moment = datetime.datetime.fromtimestamp(case["time"], datetime.timezone.utc).replace(tzinfo=None)
            with mock.patch("botocore.auth.get_current_datetime", return_value=moment):
                S3SigV4Auth(credentials, "s3", case["region"]).add_auth(request)
            query = "&".join(quote(name, safe="-_.~") + "=" + quote(value, safe="-_.~") for name, value in parameters)
            answers.append({"url": url + ("?" + query if query else ""),
                            "headers": {name.lower(): value for name, value in request.headers.items()}})
        print(json.dumps(answers))
        """

    /// What botocore answers for one request.
    struct Signed: Decodable {
        var url: String
        var headers: [String: String]
    }

    static func botocore(_ requests: [Request]) throws -> [Signed] {
        try JSONDecoder().decode([Signed].self, from: ReferencePython.run(botocoreSigner, input: JSONEncoder().encode(requests)))
    }

    /// dvpipe's headers for `request` at `url`, by lower-case name, as botocore prints them.
    static func dvpipe(_ request: Request, url: URL) -> [String: String] {
        let signature = S3Signature(
            region: request.region,
            credentials: S3Credentials(
                accessKeyID: request.accessKeyID, secretAccessKey: request.secretAccessKey, sessionToken: request.sessionToken))
        let added = signature.signedHeaders(
            method: request.method, url: url, headers: request.headers, payloadHash: Digest.hex(Digest.sha256(Array(request.body.utf8))),
            date: Date(timeIntervalSince1970: TimeInterval(request.time)))
        var headers = Dictionary(uniqueKeysWithValues: request.headers.map { ($0.key.lowercased(), $0.value) })
        for (name, value) in added {
            headers[name.lowercased()] = value
        }
        return headers
    }

    /// Compares addresses and every header (Authorization to the byte) of `requests` signed both ways.
    static func expectAgreement(_ requests: [(Request, URL)]) throws {
        let theirs = try botocore(requests.map(\.0))
        try #require(theirs.count == requests.count)
        for ((request, url), botocore) in zip(requests, theirs) {
            #expect(url.absoluteString == botocore.url)
            #expect(dvpipe(request, url: url) == botocore.headers, "\(url)")
        }
    }

    @Test func listingWithSpacesUnicodePlusEqualsAndATokenSignsAsBotocore() throws {
        let location = try S3Location("s3://dvpipe-photos/Été/My Photos/a+b=c")
        let token = "1Xy/+z==ab cd"
        let url = try S3Endpoint.amazon(region: "eu-west-3").listURL(location, continuationToken: token, pageSize: 3)
        let request = Request(
            base: "https://dvpipe-photos.s3.eu-west-3.amazonaws.com/",
            parameters: [["list-type", "2"], ["prefix", "Été/My Photos/a+b=c/"], ["continuation-token", token], ["max-keys", "3"]],
            region: "eu-west-3")
        try Self.expectAgreement([(request, url)])
    }

    @Test func rangeOfAKeyWithSpacesAndUnicodeSignsAsBotocoreWithAndWithoutASessionToken() throws {
        let key = "Été/My Photos/IMG 0001 (1)+été~x.jpg"
        let url = try S3Endpoint.amazon(region: "us-east-1").objectURL(try S3Location("s3://dvpipe-photos/"), key: key)
        let plain = Request(
            base: "https://dvpipe-photos.s3.us-east-1.amazonaws.com/", key: key, headers: ["Range": "bytes=0-99"], region: "us-east-1")
        var temporary = plain
        temporary.sessionToken = "FwoGZXIvYXdzEBYaDH/token+with/slashes=="
        try Self.expectAgreement([(plain, url), (temporary, url)])
    }

    @Test func anEndpointOnAnotherPortSignsItsPortAsBotocore() throws {
        let endpoint = S3Endpoint(base: URL(string: "http://127.0.0.1:9000/")!)
        let location = try S3Location("s3://media.team/2024/")
        let listing = Request(
            base: "http://127.0.0.1:9000/media.team", parameters: [["list-type", "2"], ["prefix", "2024/"]], region: "us-east-1")
        let object = Request(base: "http://127.0.0.1:9000/media.team/", key: "2024/a b.mov", headers: ["Range": "bytes=100-"], region: "us-east-1")
        try Self.expectAgreement([(listing, endpoint.listURL(location)), (object, endpoint.objectURL(location, key: "2024/a b.mov"))])
    }

    @Test func aBodyAndHeadersWithSpacesSignAsBotocore() throws {
        let endpoint = S3Endpoint(base: URL(string: "https://storage.example.com:8443")!)
        let location = try S3Location("s3://team/")
        let upload = Request(
            method: "PUT", base: "https://storage.example.com:8443/team/", key: "notes/day 1.txt",
            headers: ["Content-Type": "  text/plain;   charset=utf-8 ", "X-Amz-Meta-Album": "Été 2024"], body: "hello, S3\n",
            region: "ap-southeast-2")
        try Self.expectAgreement([(upload, endpoint.objectURL(location, key: "notes/day 1.txt"))])
    }

    @Test func aDottedBucketOnAWSGoesPathStyle() throws {
        let url = try S3Endpoint.amazon(region: "us-west-2").objectURL(try S3Location("s3://media.team"), key: "a b/c.mov")
        #expect(url.absoluteString == "https://s3.us-west-2.amazonaws.com/media.team/a%20b/c.mov")
    }

    /// AWS's own worked example in "Signature Calculations for the Authorization Header" (GET Object with a
    /// range): an answer that owes nothing to botocore.
    @Test func awsDocumentedGetObjectExample() {
        let signature = S3Signature(
            region: "us-east-1",
            credentials: S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"))
        let headers = signature.signedHeaders(
            method: "GET", url: URL(string: "https://examplebucket.s3.amazonaws.com/test.txt")!, headers: ["Range": "bytes=0-9"],
            payloadHash: Digest.hex(Digest.sha256([UInt8]())), date: Date(timeIntervalSince1970: 1_369_353_600))
        #expect(
            headers["Authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    @Test func theSignerSignsTheBodyItSendsAtTheTimeItSends() throws {
        let signature = S3Signature(region: "us-east-1", credentials: S3Credentials(accessKeyID: "AKID", secretAccessKey: "secret"))
        let url = URL(string: "http://127.0.0.1:9000/team/a.txt")!
        for body in [Data("hello".utf8), nil] {
            var request = URLRequest(url: url)
            request.httpMethod = "PUT"
            let before = Date()
            signature.signer(&request, body)
            let stamp = try #require(request.value(forHTTPHeaderField: "x-amz-date"))
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
            let date = try #require(formatter.date(from: stamp))
            #expect(abs(date.timeIntervalSince(before)) < 5)
            let hash = Digest.hex(Digest.sha256(body ?? Data()))
            #expect(request.value(forHTTPHeaderField: "x-amz-content-sha256") == hash)
            let expected = signature.signedHeaders(method: "PUT", url: url, headers: [:], payloadHash: hash, date: date)
            #expect(request.value(forHTTPHeaderField: "Authorization") == expected["Authorization"])
        }
    }

    @Test func credentialsComeFromTheEnvironmentAndNeverShowTheSecret() throws {
        #expect(S3Credentials.from(environment: ["AWS_ACCESS_KEY_ID": "AKID"]) == nil)
        #expect(S3Credentials.from(environment: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "s3cr3t"]) == nil)
        let credentials = try #require(
            S3Credentials.from(
                environment: ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "s3cr3t-value", "AWS_SESSION_TOKEN": "t0k3n-value"]))
        #expect(credentials.accessKeyID == "AKID" && credentials.secretAccessKey == "s3cr3t-value" && credentials.sessionToken == "t0k3n-value")
        #expect(
            S3Credentials.from(environment: ["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "s", "AWS_SESSION_TOKEN": ""])?.sessionToken == nil
        )
        var dumped = ""
        dump(S3Signature(region: "us-east-1", credentials: credentials), to: &dumped)
        let texts = [
            String(describing: credentials), String(reflecting: credentials), "\(credentials)", dumped,
            String(reflecting: S3Signature(region: "us-east-1", credentials: credentials))
        ]
        for text in texts {
            #expect(text.contains("AKID"))
            #expect(!text.contains("s3cr3t") && !text.contains("t0k3n"), "\(text)")
        }
    }

    @Test func regionComesFromAWSRegionThenAWSDefaultRegion() {
        #expect(S3Signature.region(environment: ["AWS_REGION": "eu-west-3", "AWS_DEFAULT_REGION": "us-west-2"]) == "eu-west-3")
        #expect(S3Signature.region(environment: ["AWS_REGION": "", "AWS_DEFAULT_REGION": "us-west-2"]) == "us-west-2")
        #expect(S3Signature.region(environment: [:]) == "us-east-1")
    }
}

import DVRemote
import Foundation
import Testing

/// Listings of a bucket on a real S3 server, moto's, compared with botocore's listings of the same bucket, and
/// with moto's signature checking on where moto can check: moto's IAM makes a user with a key, and moto is then
/// told to authenticate every request (`MotoServer.requireSignatures()`), recomputing each Signature V4 with
/// botocore.
///
/// moto 5.2.1's server cannot check a request whose query has an escaped `/` or non-ASCII byte: it signs the
/// address as werkzeug hands it over, with those escapes decoded (`uri_to_iri`), where AWS signs them encoded;
/// botocore's own listing of `Été 2024/` is refused by it too. So the listing of the prefix is checked against
/// botocore's with authentication off, and the listing of the whole bucket (its query only `list-type`,
/// `max-keys` and moto's hex continuation tokens) with signatures checked, keys with spaces and accents
/// included in both.
struct S3ListingTests {
    static let bucket = "dvpipe-library"
    static let prefix = "Été 2024/"
    /// Seven objects under the prefix (one empty, one of 2 KB) and two beside it that share its first letters.
    static let objects: [(key: String, body: String)] = [
        ("Été 2024/IMG 0001.jpg", "a"), ("Été 2024/a+b=c.mov", "plus and equals"), ("Été 2024/sub folder/clip (1).mp4", "clip"),
        ("Été 2024/~tilde & ampersand.txt", "tilde"), ("Été 2024/日本語.heic", "ja"), ("Été 2024/empty", ""),
        ("Été 2024/z.txt", String(repeating: "z", count: 2048)), ("Été 2024.txt", "beside"), ("other/x.txt", "other")
    ]

    /// Makes the user, its key, the bucket and its objects, and prints the key and botocore's listings of the
    /// prefix and of the whole bucket (three keys a page).
    static let botocoreSetUp = """
        import json, sys, urllib.request
        import botocore.session
        from botocore.config import Config
        spec = json.load(sys.stdin)
        session = botocore.session.get_session()
        def client(service, key_id, secret):
            return session.create_client(service, region_name="us-east-1", endpoint_url=spec["endpoint"],
                                         aws_access_key_id=key_id, aws_secret_access_key=secret,
                                         config=Config(s3={"addressing_style": "path"}))
        iam = client("iam", "setup", "setup")
        iam.create_user(UserName="dvpipe")
        policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
        iam.put_user_policy(UserName="dvpipe", PolicyName="library", PolicyDocument=json.dumps(policy))
        key = iam.create_access_key(UserName="dvpipe")["AccessKey"]
        s3 = client("s3", "setup", "setup")
        s3.create_bucket(Bucket=spec["bucket"])
        for name, body in spec["objects"]:
            s3.put_object(Bucket=spec["bucket"], Key=name, Body=body.encode())
        user = client("s3", key["AccessKeyId"], key["SecretAccessKey"])
        def listing(prefix):
            listed = []
            pages = user.get_paginator("list_objects_v2").paginate(Bucket=spec["bucket"], Prefix=prefix,
                                                                  PaginationConfig={"PageSize": 3})
            for page in pages:
                listed += [{"key": o["Key"], "size": o["Size"], "etag": o["ETag"]} for o in page.get("Contents", [])]
            return listed
        print(json.dumps({"accessKeyID": key["AccessKeyId"], "secretAccessKey": key["SecretAccessKey"],
                          "prefixObjects": listing(spec["prefix"]), "bucketObjects": listing("")}))
        """

    struct SetUp: Encodable {
        var endpoint: String
        var bucket = S3ListingTests.bucket
        var prefix = S3ListingTests.prefix
        var objects = S3ListingTests.objects.map { [$0.key, $0.body] }
    }

    /// The user's key and botocore's listings.
    struct Reference: Decodable {
        struct Object: Decodable {
            var key: String
            var size: Int64
            var etag: String
        }
        var accessKeyID: String
        var secretAccessKey: String
        var prefixObjects: [Object]
        var bucketObjects: [Object]
    }

    /// A moto server with the bucket filled, authentication still off, and botocore's listings of it.
    static func server() throws -> (MotoServer, Reference) {
        let server = try MotoServer()
        let input = try JSONEncoder().encode(SetUp(endpoint: server.endpoint.absoluteString))
        return (server, try JSONDecoder().decode(Reference.self, from: ReferencePython.run(botocoreSetUp, input: input)))
    }

    static func client(_ credentials: S3Credentials) -> HTTPClient {
        HTTPClient(policy: HTTPPolicy(timeout: 20, attempts: 1), signer: S3Signature(region: "us-east-1", credentials: credentials).signer)
    }

    /// `objects` as botocore lists them: S3's quotes around the entity tag, and no time.
    static func expect(_ objects: [S3Object], equal reference: [Reference.Object]) {
        #expect(objects.map(\.key) == reference.map(\.key))
        #expect(objects.map(\.size) == reference.map(\.size))
        #expect(objects.map { "\"\($0.etag)\"" } == reference.map(\.etag))
        #expect(objects.allSatisfy { $0.lastModified.map { abs($0.timeIntervalSinceNow) < 600 } ?? false })
    }

    @Test func pagesOfThreeListWhatBotocoreListsWithSignaturesCheckedWhereMotoCan() throws {
        let (server, reference) = try Self.server()
        let client = Self.client(S3Credentials(accessKeyID: reference.accessKeyID, secretAccessKey: reference.secretAccessKey))
        let listing = S3Listing(endpoint: S3Endpoint(base: server.endpoint))

        let prefix = try listing.list(try S3Location("s3://\(Self.bucket)/\(Self.prefix)"), client: client, pageSize: 3)
        #expect(reference.prefixObjects.count == 7)
        Self.expect(prefix, equal: reference.prefixObjects)

        try server.requireSignatures()
        let bucket = try S3Location("s3://\(Self.bucket)")
        let whole = try listing.list(bucket, client: client, pageSize: 3)
        #expect(reference.bucketObjects.count == Self.objects.count)
        Self.expect(whole, equal: reference.bucketObjects)
        #expect(try listing.list(bucket, client: client) == whole)
    }

    @Test func aWrongSecretOrKeyIsRefusedByNameWithoutTheSecret() throws {
        let (server, reference) = try Self.server()
        try server.requireSignatures()
        let listing = S3Listing(endpoint: S3Endpoint(base: server.endpoint))
        let location = try S3Location("s3://\(Self.bucket)/")
        let wrongSecret = "Wr0ngS3cretWr0ngS3cretWr0ngS3cret"
        let attempts = [
            (S3Credentials(accessKeyID: reference.accessKeyID, secretAccessKey: wrongSecret), "SignatureDoesNotMatch"),
            (S3Credentials(accessKeyID: "AKIAUNKNOWNUNKNOWN00", secretAccessKey: wrongSecret), "InvalidAccessKeyId")
        ]
        for (credentials, code) in attempts {
            let error = #expect(throws: RemoteListingError.self) { try listing.list(location, client: Self.client(credentials)) }
            let text = error.map(String.init(describing:)) ?? ""
            #expect(text.contains("HTTP 403 \(code)"), "\(text)")
            #expect(text.contains("s3://\(Self.bucket)/"))
            #expect(!text.contains(wrongSecret) && !text.contains(reference.secretAccessKey), "\(text)")
        }
    }
}

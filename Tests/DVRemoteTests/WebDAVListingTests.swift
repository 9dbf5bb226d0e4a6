import Foundation
import Testing

@testable import DVRemote

/// What a WebDAV listing takes from a `PROPFIND` answer as Nextcloud writes it (prefixed `d:` names, escaped
/// hrefs, the collection itself first, a 404 propstat for what a folder lacks), and the `.netrc` logins.
struct WebDAVListingTests {
    static let collection = URL(string: "https://cloud.example/remote.php/dav/files/ci/Photos/")!

    static let answer = Data(
        """
        <?xml version="1.0"?>
        <d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:oc="http://owncloud.org/ns">
         <d:response><d:href>/remote.php/dav/files/ci/Photos/</d:href>
          <d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><d:getetag>&quot;6564a1&quot;</d:getetag></d:prop>
           <d:status>HTTP/1.1 200 OK</d:status></d:propstat>
          <d:propstat><d:prop><d:getcontentlength/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>
         <d:response><d:href>/remote.php/dav/files/ci/Photos/Camera%20Roll/</d:href>
          <d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype><d:getetag>"65a"</d:getetag>
           <d:getlastmodified>Sat, 07 Dec 2024 10:00:00 GMT</d:getlastmodified></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
          <d:propstat><d:prop><d:getcontentlength/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>
         <d:response><d:href>/remote.php/dav/files/ci/Photos/IMG_0001%20(1).MOV</d:href>
          <d:propstat><d:prop><d:resourcetype/><d:getcontentlength>123456</d:getcontentlength><d:getetag>&quot;e7f1&quot;</d:getetag>
           <d:getlastmodified>Sun, 08 Dec 2024 18:30:05 GMT</d:getlastmodified></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
         <d:response><d:href>https://elsewhere.example/remote.php/dav/files/ci/Photos/stray.mov</d:href>
          <d:propstat><d:prop><d:resourcetype/><d:getcontentlength>1</d:getcontentlength></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
        </d:multistatus>
        """.utf8)

    @Test("a Nextcloud answer gives its members: folders, files with size, quoted ETag and time, the collection and other hosts left out")
    func nextcloudAnswerGivesMembers() throws {
        let members = try WebDAVListing.members(of: Self.answer, in: Self.collection)
        #expect(members.map(\.name) == ["Camera Roll", "IMG_0001 (1).MOV"])
        #expect(members[0].isCollection && members[0].url.absoluteString.hasSuffix("/Camera%20Roll/"))
        #expect(!members[1].isCollection && members[1].size == .success(123_456) && members[1].etag == "\"e7f1\"")
        #expect(members[1].modified == 1_733_682_605)
        #expect(members[1].url.absoluteString == "https://cloud.example/remote.php/dav/files/ci/Photos/IMG_0001%20(1).MOV")
    }

    @Test("an answer that is no multistatus is an error naming the collection")
    func anAnswerThatIsNoMultistatusIsAnError() {
        #expect(throws: RemoteListingError.self) { try WebDAVListing.members(of: Data("<html>login</html>".utf8), in: Self.collection) }
    }

    @Test("a modification time that is not ASCII is no time, not a trap (found by PROPFINDFuzzer)")
    func aModificationTimeThatIsNotASCIIIsNoTime() throws {
        let answer = Data(
            """
            <d:multistatus xmlns:d="DAV:"><d:response><d:href>/remote.php/dav/files/ci/Photos/a.jpg</d:href>
            <d:propstat><d:prop><d:getcontentlength>1</d:getcontentlength>
            <d:getlastmodified>Sun, 02\u{0D4A}\u{FFFD} 2024 08:00:00 GMT</d:getlastmodified></d:prop></d:propstat></d:response></d:multistatus>
            """.utf8)
        let members = try WebDAVListing.members(of: answer, in: Self.collection)
        #expect(members.map(\.name) == ["a.jpg"] && (try? members[0].size?.get()) == 1 && members[0].modified == nil)
    }

    @Test(".netrc: the entry of the host on its scheme's port, or of HOST:PORT; never the default one")
    func netrcLogins() throws {
        let text = """
            machine cloud.example
              login ci
              password s3cret
            machine nas.local login family password other
            default login anonymous password guest
            machine nas.local:8443 login port password other-port
            """
        func login(_ address: String, _ text: String = text) throws -> (user: String, password: String)? {
            RemoteAccess.netrcLogin(for: try #require(URL(string: address)), in: text)
        }
        #expect(try login("https://Cloud.Example/dav/")! == ("ci", "s3cret"))
        #expect(try login("https://cloud.example:443/dav/")! == ("ci", "s3cret"))
        #expect(try login("https://cloud.example:8443/dav/") == nil, "another port of the host is another server")
        #expect(try login("http://nas.local/")! == ("family", "other"))
        #expect(try login("https://nas.local:8443/")! == ("port", "other-port"))
        #expect(try login("https://elsewhere/") == nil, "the default entry goes nowhere")
        #expect(try login("https://elsewhere/", "machine a login b password c") == nil)
    }

    @Test(
        "DVPIPE_LIBRARY_HEADER wins over .netrc for libraries only, DVPIPE_PUBLISH_HEADER for publishing; no credential over http:// to another machine unless opted in"
    )
    func headerFromTheEnvironment() throws {
        let server = try #require(URL(string: "https://x/dav/"))
        let environment = ["DVPIPE_LIBRARY_HEADER": "Authorization: Bearer abc", "NETRC": "/nonexistent"]
        let header = try RemoteAccess(environment: environment).header(for: server, purpose: .library)
        #expect(header?.name == "Authorization" && header?.value == "Bearer abc")
        #expect(try RemoteAccess(environment: environment).header(for: server, purpose: .publish) == nil)
        let publish = RemoteAccess(environment: ["DVPIPE_PUBLISH_HEADER": "Authorization: Bearer pub", "NETRC": "/nonexistent"])
        #expect(try publish.header(for: server, purpose: .publish)?.value == "Bearer pub")
        #expect(throws: RemoteAddressError.self) {
            try RemoteAccess(environment: ["DVPIPE_LIBRARY_HEADER": "Bearer abc"]).header(for: server, purpose: .library)
        }
        let plain = try #require(URL(string: "http://nas.lan/dav/"))
        #expect(throws: RemoteAddressError.self) { try RemoteAccess(environment: environment).header(for: plain, purpose: .library) }
        let optedIn = environment.merging(["DVPIPE_PLAIN_HTTP_CREDENTIALS": "1"]) { $1 }
        #expect(try RemoteAccess(environment: optedIn).header(for: plain, purpose: .library)?.value == "Bearer abc")
        for loopback in ["http://127.0.0.1:8080/", "http://localhost/", "http://[::1]:9/", "http://127.1.2.3/"] {
            #expect(
                try RemoteAccess(environment: environment).header(for: try #require(URL(string: loopback)), purpose: .library) != nil, "\(loopback)")
        }
        #expect(throws: RemoteAddressError.self) {
            try RemoteAccess(environment: environment).header(for: try #require(URL(string: "http://127.0.0.1.example/")), purpose: .library)
        }
    }

    @Test("a bucket's objects become library files: keys under the prefix, escaped addresses, quoted ETags; markers and hidden names left out")
    func bucketObjectsBecomeFiles() throws {
        let location = try S3Location("s3://roll/Été 2024/")
        let object = S3Object(key: "Été 2024/Dec/IMG 1.MOV", size: 10, etag: "abc", lastModified: nil)
        let file = try #require(location.file(object, isExcluded: { _ in false }))
        #expect(file.address == "s3://roll/%C3%89t%C3%A9%202024/Dec/IMG%201.MOV" && file.relativePath == "Dec/IMG 1.MOV" && file.etag == "\"abc\"")
        #expect(location.file(object, isExcluded: { $0 == "Dec" }) == nil)
        #expect(location.file(S3Object(key: "Été 2024/Dec/", size: 0, etag: "x", lastModified: nil), isExcluded: { _ in false }) == nil)
        #expect(location.file(S3Object(key: "Été 2024/.trash/a.mov", size: 1, etag: "x", lastModified: nil), isExcluded: { _ in false }) == nil)
    }
}

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
        #expect(!members[1].isCollection && members[1].size == 123_456 && members[1].etag == "\"e7f1\"")
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
        #expect(members.map(\.name) == ["a.jpg"] && members[0].size == 1 && members[0].modified == nil)
    }

    @Test(".netrc: the host's machine entry, else the default one, as curl reads them")
    func netrcLogins() {
        let text = """
            machine cloud.example
              login ci
              password s3cret
            machine nas.local login family password other
            default login anonymous password guest
            """
        #expect(RemoteAccess.netrcLogin(for: "Cloud.Example", in: text)! == ("ci", "s3cret"))
        #expect(RemoteAccess.netrcLogin(for: "nas.local", in: text)! == ("family", "other"))
        #expect(RemoteAccess.netrcLogin(for: "elsewhere", in: text)! == ("anonymous", "guest"))
        #expect(RemoteAccess.netrcLogin(for: "elsewhere", in: "machine a login b password c") == nil)
    }

    @Test("DVPIPE_LIBRARY_HEADER wins over .netrc; a header without a name is an error")
    func headerFromTheEnvironment() throws {
        let header = try RemoteAccess(environment: ["DVPIPE_LIBRARY_HEADER": "Authorization: Bearer abc", "NETRC": "/nonexistent"]).header(for: "x")
        #expect(header?.name == "Authorization" && header?.value == "Bearer abc")
        #expect(throws: RemoteAddressError.self) { try RemoteAccess(environment: ["DVPIPE_LIBRARY_HEADER": "Bearer abc"]).header(for: "x") }
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

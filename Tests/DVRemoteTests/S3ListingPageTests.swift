import DVRemote
import Foundation
import Testing

/// ListObjectsV2 answers read, and the broken ones refused with a reason instead of a crash.
struct S3ListingPageTests {
    static let location = try! S3Location("s3://photos/2024/")

    static func page(_ body: String) throws(RemoteListingError) -> S3ListingPage {
        try S3ListingPage(xml: Data(body.utf8), location: location)
    }

    @Test func aTruncatedPageGivesItsObjectsAndToken() throws {
        let page = try Self.page(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
              <Name>photos</Name><Prefix>2024/</Prefix><KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>
              <Contents><Key>2024/a &amp; b.jpg</Key><LastModified>2024-02-29T23:59:59.000Z</LastModified>
                <ETag>&quot;9b2cf535f27731c974343645a3985328&quot;</ETag><Size>12345678901</Size><StorageClass>STANDARD</StorageClass></Contents>
              <Contents><Key>2024/Été.mov</Key><LastModified>2024-03-01T00:00:00Z</LastModified><ETag>"abc-3"</ETag><Size>0</Size>
                <Owner><ID>owner</ID></Owner></Contents>
              <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
            </ListBucketResult>
            """)
        #expect(
            page.objects == [
                S3Object(
                    key: "2024/a & b.jpg", size: 12_345_678_901, etag: "9b2cf535f27731c974343645a3985328",
                    lastModified: Date(timeIntervalSince1970: 1_709_251_199)),
                S3Object(key: "2024/Été.mov", size: 0, etag: "abc-3", lastModified: Date(timeIntervalSince1970: 1_709_251_200))
            ])
        #expect(page.isTruncated)
        #expect(page.nextContinuationToken == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
    }

    @Test func anEmptyLastPage() throws {
        let page = try Self.page(
            #"<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><KeyCount>0</KeyCount><IsTruncated>false</IsTruncated></ListBucketResult>"#
        )
        #expect(page.objects.isEmpty && !page.isTruncated && page.nextContinuationToken == nil)
    }

    @Test func brokenAnswersAreErrorsThatSayWhat() {
        let cases = [
            ("not XML at all", "no XML listing"),
            (#"<Error><Code>AccessDenied</Code></Error>"#, "<Error> where a <ListBucketResult> belongs"),
            (#"<ListBucketResult><Contents><Key>2024/a</Key><Size>1"#, "ends inside"),
            (#"<ListBucketResult><Contents><Size>1</Size></Contents></ListBucketResult>"#, "without a <Key>"),
            (#"<ListBucketResult><Contents><Key>2024/a</Key><Size>-1</Size></Contents></ListBucketResult>"#, "'2024/a' has no size"),
            (#"<ListBucketResult><Contents><Key>2024/a</Key></Contents></ListBucketResult>"#, "'2024/a' has no size"),
            (#"<ListBucketResult></ListBucketResult><ListBucketResult>"#, "belongs")
        ]
        for (body, words) in cases {
            let error = #expect(throws: RemoteListingError.self) { try Self.page(body) }
            let text = error.map(String.init(describing:)) ?? ""
            #expect(text.hasPrefix("s3://photos/2024/: ") && text.contains(words), "\(body): \(text)")
        }
    }
}

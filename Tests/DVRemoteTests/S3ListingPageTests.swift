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

    @Test("a size that is missing, negative, not a number or absurd costs its object only: kept at 0 bytes with the reason")
    func unbelievableSizesCostTheirObject() throws {
        let sizes = ["", "-1", "12a", "9223372036854775807", "99999999999999999999999", "1099511627777"]
        let body = sizes.enumerated().map { "<Contents><Key>2024/\($0)</Key><Size>\($1)</Size></Contents>" }.joined()
        let page = try Self.page("<ListBucketResult>\(body)<Contents><Key>2024/good</Key><Size>7</Size></Contents></ListBucketResult>")
        #expect(page.objects.map(\.size) == Array(repeating: 0, count: sizes.count) + [7])
        let problems = page.objects.map { $0.problem?.description ?? "" }
        #expect(problems[0] == "no size" && problems[1].contains("negative") && problems[2].contains("not a whole number"), "\(problems)")
        #expect(problems[3...5].allSatisfy { $0.contains("past the 1099511627776") || $0.contains("not a whole number") }, "\(problems)")
        #expect(page.objects.last?.problem == nil)
    }

    @Test func aPageOfMoreThanTenThousandObjectsIsRefused() {
        let body = String(repeating: "<Contents><Key>2024/a</Key><Size>1</Size></Contents>", count: S3ListingPage.largestPage + 1)
        let error = #expect(throws: RemoteListingError.self) { try Self.page("<ListBucketResult>\(body)</ListBucketResult>") }
        #expect(error.map(String.init(describing:))?.contains("more than 10000 objects in one page") == true)
    }

    @Test func brokenAnswersAreErrorsThatSayWhat() {
        let cases = [
            ("not XML at all", "no XML listing"),
            (#"<Error><Code>AccessDenied</Code></Error>"#, "<Error> where a <ListBucketResult> belongs"),
            (#"<ListBucketResult><Contents><Key>2024/a</Key><Size>1"#, "ends inside"),
            (#"<ListBucketResult><Contents><Size>1</Size></Contents></ListBucketResult>"#, "without a <Key>"),
            (#"<ListBucketResult></ListBucketResult><ListBucketResult>"#, "belongs")
        ]
        for (body, words) in cases {
            let error = #expect(throws: RemoteListingError.self) { try Self.page(body) }
            let text = error.map(String.init(describing:)) ?? ""
            #expect(text.hasPrefix("s3://photos/2024/: ") && text.contains(words), "\(body): \(text)")
        }
    }
}

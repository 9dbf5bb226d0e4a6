import DVXML
import Foundation

/// The files of a library in a bucket, listed with ListObjectsV2 page by page.
package struct S3Listing: Sendable {
    /// The most pages one listing reads (10 million keys at S3's 1000 a page) before it gives up on a server
    /// that keeps answering with continuation tokens.
    package static let pageLimit = 10_000

    package let endpoint: S3Endpoint

    package init(endpoint: S3Endpoint) {
        self.endpoint = endpoint
    }

    /// Every object under `location`'s prefix, in S3's order (by key), with their whole keys; at most
    /// `RemoteFileListing.largestListing` of them, each page's answer at most `S3ListingPage.largestAnswer` bytes. `client` signs
    /// its requests (`HTTPClient(policy:signer: S3Signature(…).signer)`, or no signer for a public bucket);
    /// `pageSize` asks for at most that many keys a page (`max-keys`), S3's own 1000 when nil.
    package func list(_ location: S3Location, client: HTTPClient, pageSize: Int? = nil) throws(RemoteListingError) -> [S3Object] {
        var objects: [S3Object] = []
        var continuationToken: String?
        for page in 1...Self.pageLimit {
            let url = endpoint.listURL(location, continuationToken: continuationToken, pageSize: pageSize)
            let answer: HTTPAnswer
            switch client.send("GET", url, named: "\(location) (page \(page))", limit: S3ListingPage.largestAnswer) {
            case let .success(received): answer = received
            case let .failure(failure): throw .unreachable(location: location.description, failure: failure)
            }
            guard answer.status == 200 else { throw Self.refusal(answer, location: location) }
            let listing = try S3ListingPage(xml: answer.body, location: location)
            objects += listing.objects
            guard objects.count <= RemoteFileListing.largestListing else {
                throw .tooManyFiles(location: location.description, entries: RemoteFileListing.largestListing)
            }
            guard listing.isTruncated else { return objects }
            guard let next = listing.nextContinuationToken, !next.isEmpty, next != continuationToken else {
                throw .malformedAnswer(location: location.description, reason: "page \(page) is truncated without a new NextContinuationToken")
            }
            continuationToken = next
        }
        throw .tooManyPages(location: location.description, pages: Self.pageLimit)
    }

    /// An error answer in words: its status, and S3's `<Error>` `<Code>` and `<Message>` when the body has them
    /// (a HEAD's has none), with the bucket's region when S3 names it in `x-amz-bucket-region` because the
    /// request was signed for another.
    private static func refusal(_ answer: HTTPAnswer, location: S3Location) -> RemoteListingError {
        var scanner = XMLScanner(answer.body)
        var open: [String] = []
        var text = ""
        var fields: [String: String] = [:]
        while let event = scanner.next() {
            switch event {
            case let .start(name, _, isEmpty):
                text = ""
                if !isEmpty { open.append(name.local) }
            case let .text(more):
                text += more
            case .end:
                let ended = open.removeLast()
                if open == ["Error"] { fields[ended] = text }
            }
        }
        let region = answer.headers["x-amz-bucket-region"]
        return .refused(
            location: location.description, status: answer.status, code: fields["Code"], message: fields["Message"],
            bucketRegion: (answer.status == 301 || answer.status == 400) ? region : nil)
    }
}

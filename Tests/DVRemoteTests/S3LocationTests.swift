import DVRemote
import Testing

/// `s3://` addresses: what they hold, and the words for the ones refused.
struct S3LocationTests {
    @Test func bucketAndPrefixEndingInASlash() throws {
        let cases = [
            ("s3://photos", "photos", ""), ("s3://photos/", "photos", ""), ("s3://photos/Été 2024", "photos", "Été 2024/"),
            ("s3://my.photos-2/a/b/", "my.photos-2", "a/b/"), ("S3://photos/a", "photos", "a/")
        ]
        for (text, bucket, prefix) in cases {
            let location = try S3Location(text)
            #expect(location.bucket == bucket && location.prefix == prefix, "\(text)")
        }
        #expect(try S3Location("s3://photos/a").description == "s3://photos/a/")
    }

    @Test func refusedAddressesSayWhy() {
        let cases = [
            ("https://photos/a", "not an S3 address"), ("s3://", "names no bucket"), ("s3:///a/", "names no bucket"),
            ("s3://ph", "3 to 63 characters"), ("s3://Photos", "lower-case letters"), ("s3://my_photos", "lower-case letters"),
            ("s3://-photos", "begin and end"), ("s3://my..photos", "two dots"), ("s3://192.168.1.2", "IP address")
        ]
        for (text, words) in cases {
            let error = #expect(throws: RemoteAddressError.self) { try S3Location(text) }
            #expect(error?.description.contains(words) == true, "\(text): \(error?.description ?? "")")
        }
    }

    @Test func credentialsInTheAddressAreRefusedWithoutBeingRepeated() {
        let error = #expect(throws: RemoteAddressError.self) { try S3Location("s3://AKIDEXAMPLE:s3cr3t@photos/2024/") }
        let text = error?.description ?? ""
        #expect(text.contains("AWS_SECRET_ACCESS_KEY"))
        #expect(!text.contains("s3cr3t") && !text.contains("AKIDEXAMPLE"), "\(text)")
    }
}

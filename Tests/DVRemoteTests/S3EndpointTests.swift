import DVRemote
import Foundation
import Testing

/// Where requests go: the endpoint from the environment as the AWS tools read it, and the addresses on it.
struct S3EndpointTests {
    @Test func theEndpointComesFromTheEnvironmentAsTheAWSToolsReadIt() throws {
        let location = try S3Location("s3://photos/2024/")
        let cases: [([String: String], String)] = [
            ([:], "https://photos.s3.us-east-1.amazonaws.com/2024/a.jpg"),
            (["AWS_REGION": "eu-west-3"], "https://photos.s3.eu-west-3.amazonaws.com/2024/a.jpg"),
            (["AWS_ENDPOINT_URL": "http://127.0.0.1:9000/"], "http://127.0.0.1:9000/photos/2024/a.jpg"),
            (["AWS_ENDPOINT_URL": "http://a:1", "AWS_ENDPOINT_URL_S3": "https://s3.example.com"], "https://s3.example.com/photos/2024/a.jpg"),
            (["AWS_ENDPOINT_URL_S3": "", "AWS_ENDPOINT_URL": "http://minio:9000"], "http://minio:9000/photos/2024/a.jpg")
        ]
        for (environment, address) in cases {
            #expect(try S3Endpoint(environment: environment).objectURL(location, key: "2024/a.jpg").absoluteString == address)
        }
    }

    @Test func endpointsWithCredentialsOrOtherSchemesAreRefused() {
        let refused = #expect(throws: RemoteAddressError.self) {
            try S3Endpoint(environment: ["AWS_ENDPOINT_URL": "http://AKID:s3cr3t@minio:9000"])
        }
        #expect(refused.map { $0.description.contains("credentials") && !$0.description.contains("s3cr3t") } == true)
        #expect(throws: RemoteAddressError.self) { try S3Endpoint(environment: ["AWS_ENDPOINT_URL_S3": "ftp://minio"]) }
        #expect(throws: RemoteAddressError.self) { try S3Endpoint(environment: ["AWS_ENDPOINT_URL_S3": "http://minio/?x=1"]) }
        #expect(throws: RemoteAddressError.self) { try S3Endpoint(environment: ["AWS_REGION": "eu west/3"]) }
    }

    @Test func listingAddressesCarryTheirParametersEncoded() throws {
        let endpoint = S3Endpoint(base: URL(string: "http://127.0.0.1:9000")!)
        let url = endpoint.listURL(try S3Location("s3://photos/Été 2024/a+b"), continuationToken: "x/y=", pageSize: 3)
        #expect(
            url.absoluteString
                == "http://127.0.0.1:9000/photos?list-type=2&prefix=%C3%89t%C3%A9%202024%2Fa%2Bb%2F&continuation-token=x%2Fy%3D&max-keys=3")
        #expect(endpoint.listURL(try S3Location("s3://photos")).absoluteString == "http://127.0.0.1:9000/photos?list-type=2")
    }
}

/// The keys that sign requests to S3 (AWS Signature V4): an access key ID, its secret, and the session token
/// that temporary keys come with. Its text and its mirror (`print`, `dump`, a debugger) show the key ID only,
/// never the secret or the token.
package struct S3Credentials: Sendable, CustomStringConvertible, CustomReflectable {
    package var accessKeyID: String
    package var secretAccessKey: String
    package var sessionToken: String?

    package init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// The keys the AWS tools read from the environment: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and
    /// `AWS_SESSION_TOKEN` (optional); nil when either of the first two is missing or empty.
    package static func from(environment: [String: String]) -> S3Credentials? {
        guard let accessKeyID = environment["AWS_ACCESS_KEY_ID"], !accessKeyID.isEmpty,
            let secretAccessKey = environment["AWS_SECRET_ACCESS_KEY"], !secretAccessKey.isEmpty
        else { return nil }
        let sessionToken = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return S3Credentials(accessKeyID: accessKeyID, secretAccessKey: secretAccessKey, sessionToken: sessionToken)
    }

    package var description: String {
        "S3Credentials(accessKeyID: \(accessKeyID)\(sessionToken == nil ? "" : ", with a session token"))"
    }

    package var customMirror: Mirror {
        Mirror(self, children: ["accessKeyID": accessKeyID])
    }
}

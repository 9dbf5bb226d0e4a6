/// Why a job file could not be changed as asked; the file is left as it was.
public struct JobFileEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is: the day's entry, the `days:` key, or the start of the file.
    public var location: SourceLocation
    public var message: String

    public init(at location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// The problem as an error diagnostic.
    public var diagnostic: Diagnostic { Diagnostic(.error, at: location, message) }

    /// `FILE:LINE:COL: error: MESSAGE`.
    public var description: String { diagnostic.description }
}

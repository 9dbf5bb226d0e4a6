/// A problem found in a job file, at the place where it is.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Errors stop the run; warnings are printed and the run goes on.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, and in a preset `(included from JOB:LINE:COLUMN)` after it.
    public var description: String { "\(location): \(severity.rawValue): \(fullMessage)" }

    /// The message, and in a preset `(included from JOB:LINE:COLUMN)` after it.
    public var fullMessage: String {
        location.includedFrom.isEmpty ? message : message + " " + location.inclusion
    }
}

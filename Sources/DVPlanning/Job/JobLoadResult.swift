/// What loading a job file gave: the job when there were no errors, and every diagnostic in file order.
public struct JobLoadResult: Sendable {
    /// Nil when any diagnostic is an error.
    public var job: Job?
    public var diagnostics: [Diagnostic]

    public init(job: Job?, diagnostics: [Diagnostic]) {
        self.job = job
        self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

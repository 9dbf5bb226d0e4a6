/// What loading a job file gave: the job when there were no errors, and every diagnostic in file order.
public struct JobLoadResult: Sendable {
    /// Nil when any diagnostic is an error.
    public var job: Job?
    public var diagnostics: [Diagnostic]
    /// The files the job names that exist (overlays, music, fonts, looks), for `JobFileCheck` to open.
    public var files: [JobFileReference]
    /// The job as read, with the presets it extends merged in (what `validate --print` shows); nil when the
    /// file could not be read or parsed.
    public var tree: YAMLNode?

    public init(job: Job?, diagnostics: [Diagnostic], files: [JobFileReference] = [], tree: YAMLNode? = nil) {
        self.job = job
        self.diagnostics = diagnostics
        self.files = files
        self.tree = tree
    }

    /// The result with `more` diagnostics (from checks the planner cannot make, such as decoding the files
    /// the job names), in file order; the job is dropped when any of them is an error.
    public func adding(_ more: [Diagnostic]) -> JobLoadResult {
        let diagnostics = (diagnostics + more).sorted { $0.location < $1.location }
        let failed = more.contains { $0.severity == .error }
        return JobLoadResult(job: failed ? nil : job, diagnostics: diagnostics, files: files, tree: tree)
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

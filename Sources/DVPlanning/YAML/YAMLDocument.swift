/// A parsed YAML document: its root node (nil when empty) and the problems that did not stop reading.
public struct YAMLDocument: Sendable, Hashable {
    public var root: YAMLNode?
    public var problems: [YAMLError]

    public init(root: YAMLNode?, problems: [YAMLError]) {
        self.root = root
        self.problems = problems
    }
}

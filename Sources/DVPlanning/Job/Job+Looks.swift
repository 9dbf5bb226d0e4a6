extension Job {
    /// A look for the clips of matching cameras (`looks:`): the clip's make and model, as its metadata gives
    /// them, against glob patterns (`*` any characters, `?` one; letter case ignored).
    public struct CameraLook: Sendable, Hashable, Codable {
        /// The pattern the camera's make must match; nil matches any make, even none.
        public var make: GlobPattern?
        /// The pattern the camera's model must match; nil matches any model, even none.
        public var model: GlobPattern?
        public var look: Output.Look

        public init(make: GlobPattern? = nil, model: GlobPattern? = nil, look: Output.Look) {
            self.make = make
            self.model = model
            self.look = look
        }

        /// True when a clip from the camera `make` `model` takes this look.
        public func matches(make clipMake: String?, model clipModel: String?) -> Bool {
            func matches(_ pattern: GlobPattern?, _ value: String?) -> Bool {
                guard let pattern else { return true }
                guard let value else { return false }
                return GlobPattern(pattern.pattern.lowercased()).matches(value.lowercased())
            }
            return matches(make, clipMake) && matches(model, clipModel)
        }
    }
}

extension [Job.CameraLook] {
    /// The look of the first entry that a clip from the camera `make` `model` matches, or nil.
    public func look(make: String?, model: String?) -> Job.Output.Look? {
        first { $0.matches(make: make, model: model) }?.look
    }
}

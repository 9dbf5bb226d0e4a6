extension Job.Transition {
    /// How long neighbours overlap on the timeline: the duration, or zero for a cut.
    public var overlap: TimeSpan { style == .cut ? .zero : max(duration, .zero) }
}

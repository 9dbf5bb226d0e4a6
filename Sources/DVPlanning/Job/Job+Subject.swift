extension Job {
    /// Who the framing keeps in the frame (`subject:`) when a clip's named face regions show several people:
    /// a photo's motion and a `fit: subject` crop follow the regions of these people alone. A clip whose
    /// regions name none of them is framed as without the key.
    public struct Subject: Sendable, Hashable, Codable {
        /// The names as written (matched to the regions' names with letter case and Unicode normalisation
        /// ignored); every one of them a clip names is kept in the frame.
        public var people: [String]

        public init(people: [String]) {
            self.people = people
        }
    }
}

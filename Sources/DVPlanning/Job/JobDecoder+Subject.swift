import Foundation

extension JobDecoder {
    /// `subject:`, `{people: [NAME, …]}`: the people the framing keeps in the frame.
    mutating func decodeSubject(_ node: YAMLNode) -> Job.Subject? {
        guard let fields = fields(of: node, path: "subject", allowed: ["people"], required: ["people"]),
            let items = list(fields, "people", example: "[Emma]")
        else { return nil }
        let names = items.enumerated().compactMap { index, item in
            value(item, name: "subject.people[\(index)]", expected: "a person's name") { text in
                let name = text.trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        }
        guard !names.isEmpty else {
            if items.isEmpty { error("subject.people is empty; name at least one person, like [Emma]", at: fields["people"] ?? node) }
            return nil
        }
        return Job.Subject(people: names)
    }
}

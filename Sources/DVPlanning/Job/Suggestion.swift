/// "Did you mean" hints: the closest known word to a misspelt one.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, when close enough to be a likely typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        // Long words are no typo of a key, and comparing them costs length × length per candidate.
        guard word.count <= 64 else { return nil }
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best, best.distance <= max(2, min(word.count, best.candidate.count) / 3) {
            return best.candidate
        }
        // A word cut short ('wipe' for 'wipe-left') still names its candidate.
        guard lowered.count >= 3 else { return nil }
        return candidates.first { $0.lowercased().hasPrefix(lowered) }
    }

    /// `; did you mean 'x'?`, or nothing when no candidate is close.
    static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Up to `count` candidates nearest to `name` as `NameKey`s compare (by edit distance, then by name),
    /// each close enough to be a likely misspelling or one that begins the same way.
    static func nearest(to name: String, in candidates: [String], count: Int = 3) -> [String] {
        let wanted = NameKey(name).folded
        guard wanted.count <= 64 else { return [] }
        let limit = max(2, wanted.count / 2)
        let ranked = candidates.compactMap { candidate -> (String, Int)? in
            let folded = NameKey(candidate).folded
            let distance = editDistance(wanted, folded)
            let begins = wanted.count >= 3 && (folded.hasPrefix(wanted) || wanted.hasPrefix(folded))
            return distance <= limit || begins ? (candidate, distance) : nil
        }
        return ranked.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(count).map(\.0)
    }

    /// Levenshtein distance (insertions, deletions, substitutions), on characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

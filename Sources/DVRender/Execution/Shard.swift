/// One share of a job's segments, for rendering on several machines (`--shard K/N`, 1-based).
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// This shard's number, 1…count.
    package let index: Int
    /// How many shards share the work.
    package let count: Int

    /// The whole job in one process.
    package static let whole = Shard(uncheckedIndex: 1, count: 1)

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 ≤ K ≤ N; nil otherwise.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.init(uncheckedIndex: index, count: count)
    }

    /// The shard a batch scheduler assigns, from its 0-based index variable (`JOB_COMPLETION_INDEX`,
    /// `SLURM_ARRAY_TASK_ID`) and a shard count; nil when the variable is absent or out of range.
    package static func fromScheduler(environment: [String: String], count: Int) -> Shard? {
        for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"] {
            if let value = environment[name], let zeroBased = Int(value) {
                return Shard("\(zeroBased + 1)/\(count)")
            }
        }
        return nil
    }

    package var description: String { "\(index)/\(count)" }
}

import DVRender
import Testing

/// Segments shared among shards by estimated cost, longest first onto the least-loaded shard.
struct ShardAssignmentTests {
    @Test("costs spread evenly: longest first onto the lightest shard, the lower number on a tie")
    func balancesByCost() {
        let assignment = ShardAssignment(costs: [9, 8, 7, 6, 5, 4, 3, 2, 1], count: 3)
        #expect(assignment.loads == [16, 15, 14], "greedy, not optimal: the slowest is 16 ÷ 15 of the mean")
        #expect(assignment.owners == [1, 2, 3, 3, 2, 1, 1, 2, 3])
        // Round-robin would give the three 4K segments (cost 4) all to shard 1.
        let fourK = ShardAssignment(costs: [4, 1, 1, 4, 1, 1, 4, 1, 1], count: 3)
        #expect(fourK.loads == [6, 6, 6])
    }

    @Test("every segment belongs to exactly one shard, and the same inputs give the same shares")
    func everySegmentOnce() throws {
        let costs = (0..<26).map { Double(($0 * 37) % 11 + 1) }
        for count in [1, 2, 4, 51] {
            let assignment = ShardAssignment(costs: costs, count: count)
            let shards = try (1...count).map { try #require(Shard("\($0)/\(count)")) }
            for position in costs.indices {
                #expect(shards.count { assignment.owns($0, position) } == 1, "segment \(position) of \(count) shards")
            }
            #expect(ShardAssignment(costs: costs, count: count) == assignment)
        }
        #expect(ShardAssignment(costs: [], count: 3).loads == [0, 0, 0])
    }
}

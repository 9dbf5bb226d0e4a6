import DVPlanning

/// Which shard renders which segment, by estimated cost rather than in turn: segments taken longest first,
/// each given to the shard with the least work so far (the lower number on a tie), so the shard that
/// draws the 4K days does not run long while the others wait. It depends only on the plan and the index,
/// which every runner builds alike from the same files, so every shard computes the same assignment.
package struct ShardAssignment: Sendable, Equatable {
    /// The shard (1…count) of each segment, by position.
    package let owners: [Int]
    /// Each shard's estimated cost, shard 1 first.
    package let loads: [Double]

    /// The assignment of segments costing `costs` (by position) onto `count` shards.
    package init(costs: [Double], count: Int) {
        var owners = [Int](repeating: 1, count: costs.count)
        var loads = [Double](repeating: 0, count: max(1, count))
        let longestFirst = costs.indices.sorted { (costs[$0], $1) > (costs[$1], $0) }
        for position in longestFirst {
            let lightest = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) } ?? 0
            owners[position] = lightest + 1
            loads[lightest] += costs[position]
        }
        self.owners = owners
        self.loads = loads
    }

    /// Seconds a 2-core machine takes for `cost`: one unit is one canvas pixel drawn and encoded, or one
    /// source pixel decoded, in one frame. Calibrated on the benchmark's reference job (31 days, 2,340 frames
    /// at 1920×1080 from sources up to 4K), rendered in 26.7 s (median of 3, 2026-11-25).
    package static func estimatedSeconds(_ cost: Double) -> Double {
        cost * secondsPerCost
    }

    static let secondsPerCost = 2.1e-9

    /// The assignment of the positions of `layouts` (one per output of a job, laid out from one plan) onto
    /// `count` shards, each position costed by its segments in every output together: the outputs' segments
    /// at one position are rendered together, by one shard. With one output, the same as its segments' own.
    package init(layouts: [ReelLayout], index: [MediaEntry], count: Int) {
        var costs: [Double] = []
        for layout in layouts {
            let cost = SegmentCost(index: index, canvas: layout.canvas)
            for segment in layout.segments {
                if costs.count <= segment.position {
                    costs += Array(repeating: 0, count: segment.position + 1 - costs.count)
                }
                costs[segment.position] += cost.estimate(segment)
            }
        }
        self.init(costs: costs, count: count)
    }

    /// True when `shard` renders the segment at `position`.
    package func owns(_ shard: Shard, _ position: Int) -> Bool {
        owners.indices.contains(position) && owners[position] == shard.index
    }
}

/// What a segment costs to render, in canvas-pixel frames: every frame is encoded and drawn at the canvas's
/// size, and every source frame is decoded and scaled at its own size, weighted by its codec (HEVC and
/// 10-bit decode slower than H.264, and HDR goes through the colour cube).
struct SegmentCost {
    private let videos: [String: VideoStreamInfo]
    private let canvasPixels: Double

    init(index: [MediaEntry], canvas: CanvasSettings) {
        videos = index.videoStreamsByPath
        canvasPixels = Double(canvas.width * canvas.height)
    }

    /// The estimated cost of `segment`.
    func estimate(_ segment: SegmentSpec) -> Double {
        segment.parts.reduce(0) { total, part in
            let files = part.sources.compactMap(\.clip).flatMap { clip in clip.layers?.map(\.path) ?? [clip.path] }
            let sources = files.reduce(0) { sum, path in sum + decodeCost(of: path) }
            return total + Double(part.frameCount) * (canvasPixels + sources)
        }
    }

    /// Decoding and scaling one frame of the file at `path`, in canvas-pixel units.
    private func decodeCost(of path: String) -> Double {
        guard let video = videos[path] else { return canvasPixels }
        let pixels = Double(video.width * video.height)
        let codec: Double = video.codec == "hevc" ? 1.6 : 1
        let depth: Double = video.pixelFormat.contains("10") ? 1.3 : 1
        let hdr: Double = video.colour.hdr != nil ? 1.5 : 1
        return pixels * codec * depth * hdr
    }
}

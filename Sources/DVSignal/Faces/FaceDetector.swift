/// A face found in a picture: where, and how many overlapping detections agreed on it.
package struct DetectedFace: Sendable, Hashable, Codable {
    package var rect: PixelRect
    /// Windows at nearby places and scales that the cascade accepted and that were merged into this one:
    /// more is surer.
    package var neighbours: Int

    package init(rect: PixelRect, neighbours: Int) {
        self.rect = rect
        self.neighbours = neighbours
    }
}

/// Finds faces in a grey picture with Haar cascades, in the manner of OpenCV's `detectMultiScale`: the
/// picture is shrunk step by step by `scaleFactor` (bilinear, in fixed point), each size is searched with
/// the cascade's window (every second place below twice the size, every place above), and the windows
/// accepted are merged into groups of more than `minNeighbours`. Integer sums and one order of floating
/// point operations make the same picture give the same faces on every machine.
package struct FaceDetector: Sendable {
    /// A cascade to run, and whether to run it on the mirrored picture too (a profile cascade finds faces
    /// turned one way only).
    package struct Pass: Sendable {
        package let cascade: HaarCascade
        package let mirrored: Bool
        /// Run only when the passes before found no face (a second view of faces, such as profiles).
        package let onlyIfNoneYet: Bool
        /// The pyramid's step for this pass, when not the detector's.
        package let scaleFactor: Double?
        /// The cascade laid out for the search.
        let flat: FlatCascade

        package init(cascade: HaarCascade, mirrored: Bool, onlyIfNoneYet: Bool = false, scaleFactor: Double? = nil) {
            self.cascade = cascade
            self.mirrored = mirrored
            self.onlyIfNoneYet = onlyIfNoneYet
            self.scaleFactor = scaleFactor.map { max(1.01, $0) }
            flat = FlatCascade(cascade)
        }
    }

    package let passes: [Pass]
    package let scaleFactor: Double
    package let minNeighbours: Int

    package init(scaleFactor: Double = 1.1, minNeighbours: Int = 3, passes: [Pass]) {
        self.passes = passes
        self.scaleFactor = max(1.01, scaleFactor)
        self.minNeighbours = max(0, minNeighbours)
    }

    /// The faces in `picture`, largest first (then top to bottom, left to right); faces found by several
    /// passes at one place are merged. A pass marked `onlyIfNoneYet` runs only when the passes before it
    /// found nothing.
    package func faces(in picture: LumaProxy) -> [DetectedFace] {
        var found: [DetectedFace] = []
        for pass in passes where !(pass.onlyIfNoneYet && !found.isEmpty) {
            let step = pass.scaleFactor ?? scaleFactor
            found += faces(in: picture, cascade: pass.flat, scaleFactor: step)
            if pass.mirrored {
                let mirror = LumaProxy(
                    width: picture.width, height: picture.height,
                    samples: (0..<picture.height).flatMap { row in picture.samples[(row * picture.width)..<((row + 1) * picture.width)].reversed() }
                )
                found += faces(in: mirror, cascade: pass.flat, scaleFactor: step).map { face in
                    var flipped = face
                    flipped.rect.x = picture.width - face.rect.maxX
                    return flipped
                }
            }
        }
        let merged = Self.groups(found.map { ($0.rect, $0.neighbours) }, threshold: 0, eps: 0.2)
        return merged.map { DetectedFace(rect: $0.rect, neighbours: $0.weight) }.sorted {
            ($0.rect.width * $0.rect.height, -$0.rect.y, -$0.rect.x) > ($1.rect.width * $1.rect.height, -$1.rect.y, -$1.rect.x)
        }
    }

    /// The faces one cascade finds in `picture`.
    func faces(in picture: LumaProxy, cascade: FlatCascade, scaleFactor: Double) -> [DetectedFace] {
        var candidates: [(PixelRect, Int)] = []
        var factor = 1.0
        while true {
            let width = Int((Double(picture.width) / factor).rounded(.toNearestOrEven))
            let height = Int((Double(picture.height) / factor).rounded(.toNearestOrEven))
            guard width > cascade.windowWidth, height > cascade.windowHeight else { break }
            let scaled = factor == 1 ? picture : Self.resized(picture, width: width, height: height)
            let sums = IntegralSums(scaled)
            let evaluator = CascadeWindows(flat: cascade, sums: sums)
            let windowWidth = Int((Double(cascade.windowWidth) * factor).rounded(.toNearestOrEven))
            let windowHeight = Int((Double(cascade.windowHeight) * factor).rounded(.toNearestOrEven))
            for (x, y) in evaluator.acceptedWindows(step: factor > 2 ? 1 : 2) {
                let rect = PixelRect(
                    x: Int((Double(x) * factor).rounded(.toNearestOrEven)), y: Int((Double(y) * factor).rounded(.toNearestOrEven)),
                    width: windowWidth, height: windowHeight
                )
                candidates.append((rect, 1))
            }
            factor *= scaleFactor
        }
        return Self.groups(candidates, threshold: minNeighbours, eps: 0.2).map { DetectedFace(rect: $0.rect, neighbours: $0.weight) }
    }

    /// Rectangles that lie within `eps` of each other's size merged into their mean (OpenCV's
    /// `groupRectangles`): groups of more than `threshold` rectangles (by weight), and of those, none
    /// that lies inside a surer one.
    static func groups(_ rects: [(rect: PixelRect, weight: Int)], threshold: Int, eps: Double) -> [(rect: PixelRect, weight: Int)] {
        var labels = Array(rects.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while labels[index] != index {
                labels[index] = labels[labels[index]]
                index = labels[index]
            }
            return index
        }
        func similar(_ a: PixelRect, _ b: PixelRect) -> Bool {
            let delta = eps * Double(min(a.width, b.width) + min(a.height, b.height)) * 0.5
            return Double(abs(a.x - b.x)) <= delta && Double(abs(a.y - b.y)) <= delta
                && Double(abs(a.maxX - b.maxX)) <= delta && Double(abs(a.maxY - b.maxY)) <= delta
        }
        for i in rects.indices {
            for j in rects.indices where j > i && similar(rects[i].rect, rects[j].rect) {
                let (a, b) = (root(i), root(j))
                if a != b { labels[max(a, b)] = min(a, b) }
            }
        }
        var sums: [Int: (x: Int, y: Int, width: Int, height: Int, count: Int, weight: Int)] = [:]
        var order: [Int] = []
        for (index, item) in rects.enumerated() {
            let label = root(index)
            if sums[label] == nil { order.append(label) }
            var sum = sums[label] ?? (0, 0, 0, 0, 0, 0)
            sum.x += item.rect.x
            sum.y += item.rect.y
            sum.width += item.rect.width
            sum.height += item.rect.height
            sum.count += 1
            sum.weight += item.weight
            sums[label] = sum
        }
        let means: [(rect: PixelRect, weight: Int)] = order.compactMap { label in
            guard let sum = sums[label], sum.weight > threshold else { return nil }
            func mean(_ total: Int) -> Int { Int((Double(total) / Double(sum.count)).rounded(.toNearestOrEven)) }
            return (PixelRect(x: mean(sum.x), y: mean(sum.y), width: mean(sum.width), height: mean(sum.height)), sum.weight)
        }
        return means.enumerated().filter { index, inner in
            !means.enumerated().contains { other, outer in
                let dx = Int(Double(outer.rect.width) * eps), dy = Int(Double(outer.rect.height) * eps)
                return other != index && inner.rect.x >= outer.rect.x - dx && inner.rect.y >= outer.rect.y - dy
                    && inner.rect.maxX <= outer.rect.maxX + dx && inner.rect.maxY <= outer.rect.maxY + dy
                    && (outer.weight > max(3, inner.weight) || inner.weight < 3)
            }
        }.map(\.element)
    }

    /// `picture` scaled to `width` × `height` by bilinear interpolation with 11-bit weights, pixel centres
    /// aligned.
    static func resized(_ picture: LumaProxy, width: Int, height: Int) -> LumaProxy {
        let one = 1 << 11
        func taps(_ count: Int, from source: Int) -> [(Int, Int, Int)] {
            let scale = Double(source) / Double(count)
            return (0..<count).map { index in
                let position = (Double(index) + 0.5) * scale - 0.5
                let first = Int(position.rounded(.down))
                let weight = Int(((position - Double(first)) * Double(one)).rounded(.toNearestOrEven))
                let low = min(max(first, 0), source - 1), high = min(max(first + 1, 0), source - 1)
                return (low, high, weight)
            }
        }
        let columns = taps(width, from: picture.width), rows = taps(height, from: picture.height)
        var samples = [UInt8](repeating: 0, count: width * height)
        picture.samples.withUnsafeBufferPointer { source in
            for (row, (top, bottom, down)) in rows.enumerated() {
                for (column, (left, right, across)) in columns.enumerated() {
                    let upper = Int(source[top * picture.width + left]) * (one - across) + Int(source[top * picture.width + right]) * across
                    let lower = Int(source[bottom * picture.width + left]) * (one - across) + Int(source[bottom * picture.width + right]) * across
                    let value = (upper * (one - down) + lower * down + (1 << 21)) >> 22
                    samples[row * width + column] = UInt8(clamping: value)
                }
            }
        }
        return LumaProxy(width: width, height: height, samples: samples)
    }
}

/// A picture's integral images: the sum and the sum of squares of the samples above and left of each
/// corner, `width + 1` corners a row.
final class IntegralSums {
    let width: Int
    let height: Int
    let sums: UnsafeMutableBufferPointer<Int32>
    let squares: UnsafeMutableBufferPointer<Int64>

    init(_ picture: LumaProxy) {
        width = picture.width
        height = picture.height
        let stride = width + 1
        sums = .allocate(capacity: stride * (height + 1))
        squares = .allocate(capacity: stride * (height + 1))
        sums.initialize(repeating: 0)
        squares.initialize(repeating: 0)
        picture.samples.withUnsafeBufferPointer { samples in
            for row in 0..<height {
                var rowSum: Int32 = 0
                var rowSquares: Int64 = 0
                for column in 0..<width {
                    let sample = samples[row * width + column]
                    rowSum += Int32(sample)
                    rowSquares += Int64(sample) * Int64(sample)
                    sums[(row + 1) * stride + column + 1] = sums[row * stride + column + 1] + rowSum
                    squares[(row + 1) * stride + column + 1] = squares[row * stride + column + 1] + rowSquares
                }
            }
        }
    }

    deinit {
        sums.deallocate()
        squares.deallocate()
    }
}

/// A cascade laid out flat for the search, tree after tree, each node with its feature's rectangles: what
/// does not depend on the picture, made once per cascade.
final class FlatCascade: Sendable {
    /// One tree node: its feature's rectangles (x, y, width, height each; a missing third one has weight 0),
    /// their weights, the threshold, and where to go: above zero the next node within the tree, zero or
    /// below minus the leaf.
    struct Node {
        var rects: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
        var weights: (Float, Float, Float)
        var threshold: Double
        var left: Int32
        var right: Int32
    }

    struct Stage {
        var firstTree: Int
        var endTree: Int
        var threshold: Double
    }

    let nodeTable: FixedTable<Node>
    /// Per tree: its first node and its first leaf.
    let treeTable: FixedTable<(node: Int, leaf: Int)>
    let leafTable: FixedTable<Double>
    let stageTable: FixedTable<Stage>
    var nodes: UnsafeMutableBufferPointer<Node> { nodeTable.buffer }
    var trees: UnsafeMutableBufferPointer<(node: Int, leaf: Int)> { treeTable.buffer }
    var leaves: UnsafeMutableBufferPointer<Double> { leafTable.buffer }
    var stages: UnsafeMutableBufferPointer<Stage> { stageTable.buffer }
    let windowWidth: Int
    let windowHeight: Int
    /// True when every tree is one node whose both branches are leaves (OpenCV's frontal and profile
    /// cascades are all stumps).
    let isStumps: Bool

    init(_ cascade: HaarCascade) {
        var nodes: [Node] = [], trees: [(node: Int, leaf: Int)] = [], leaves: [Double] = [], stages: [Stage] = []
        for stage in cascade.stages {
            stages.append(Stage(firstTree: trees.count, endTree: trees.count + stage.trees.count, threshold: Double(stage.threshold)))
            for tree in stage.trees {
                trees.append((nodes.count, leaves.count))
                leaves += tree.leaves.map(Double.init)
                for node in tree.nodes {
                    var values = [Int32](repeating: 0, count: 12), weights = [Float](repeating: 0, count: 3)
                    for (index, rect) in cascade.features[node.feature].rects.enumerated() {
                        values.replaceSubrange((index * 4)..<(index * 4 + 4), with: [rect.x, rect.y, rect.width, rect.height].map { Int32($0) })
                        weights[index] = rect.weight
                    }
                    nodes.append(
                        Node(
                            rects: (
                                values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7],
                                values[8], values[9], values[10], values[11]
                            ),
                            weights: (weights[0], weights[1], weights[2]), threshold: Double(node.threshold), left: Int32(node.left),
                            right: Int32(node.right)
                        ))
                }
            }
        }
        nodeTable = FixedTable(nodes)
        treeTable = FixedTable(trees)
        leafTable = FixedTable(leaves)
        stageTable = FixedTable(stages)
        windowWidth = cascade.windowWidth
        windowHeight = cascade.windowHeight
        isStumps = trees.allSatisfy { nodes[$0.node].left <= 0 && nodes[$0.node].right <= 0 }
    }
}

/// A cascade evaluated at windows of one picture, its rectangles' corners turned into offsets in the
/// picture's integral sums.
final class CascadeWindows {
    private let cascade: FlatCascade
    private let sums: IntegralSums
    /// A node's three rectangles' four corner offsets each (top-left, top-right, bottom-left, bottom-right)
    /// in the picture's integral sums.
    private typealias Corners = (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
    /// Per node, its corners; empty when the cascade is laid out as `stumps`.
    private let corners: UnsafeMutableBufferPointer<Corners>
    /// For a cascade of stumps, each tree with all it needs side by side, in tree order; empty otherwise.
    private let stumps: UnsafeMutableBufferPointer<Stump>

    /// One stump: its rectangles' corner offsets, their weights, the threshold and the two leaves' values.
    private struct Stump {
        var corners: Corners
        var weights: (Float, Float, Float)
        var threshold: Double
        var below: Double
        var above: Double
    }
    private let normArea: Int64
    private let normCorners: (Int, Int, Int, Int)
    /// `flatSpread` as a bound on the window's spread (its area squared times its variance).
    private let flatBound: Double

    /// The standard deviation of luma below which a window is taken for flat.
    static let flatSpread = 6.0

    /// The windows of `sums` for `cascade`; `layStumps` false keeps a cascade of stumps in the general
    /// layout (to compare the two).
    init(flat cascade: FlatCascade, sums: IntegralSums, layStumps: Bool = true) {
        self.cascade = cascade
        self.sums = sums
        let stride = sums.width + 1
        let nodes = cascade.nodes, trees = cascade.trees, leaves = cascade.leaves
        let laid = layStumps && cascade.isStumps
        corners = .allocate(capacity: laid ? 0 : nodes.count)
        stumps = .allocate(capacity: laid ? trees.count : 0)
        if laid {
            for (index, tree) in trees.enumerated() {
                let node = nodes[tree.node]
                stumps[index] = Stump(
                    corners: Self.corners(of: node.rects, stride: Int32(stride)), weights: node.weights, threshold: node.threshold,
                    below: leaves[tree.leaf - Int(node.left)], above: leaves[tree.leaf - Int(node.right)])
            }
        } else {
            for (index, node) in nodes.enumerated() {
                corners[index] = Self.corners(of: node.rects, stride: Int32(stride))
            }
        }
        normArea = Int64((cascade.windowWidth - 2) * (cascade.windowHeight - 2))
        flatBound = Self.flatSpread * Self.flatSpread * Double(normArea * normArea)
        normCorners = (
            stride + 1, stride + cascade.windowWidth - 1, (cascade.windowHeight - 1) * stride + 1,
            (cascade.windowHeight - 1) * stride + cascade.windowWidth - 1
        )
    }

    deinit {
        corners.deallocate()
        stumps.deallocate()
    }

    /// The top-left corners of the windows that pass every stage, searched every `step` samples across and
    /// down; a window rejected by the first stage skips its neighbour to the right, which it rejects too
    /// most of the time (as OpenCV does).
    func acceptedWindows(step: Int) -> [(x: Int, y: Int)] {
        var accepted: [(x: Int, y: Int)] = []
        for y in stride(from: 0, to: sums.height - cascade.windowHeight, by: step) {
            var x = 0
            while x < sums.width - cascade.windowWidth {
                let result = evaluate(x: x, y: y)
                if result > 0 {
                    accepted.append((x, y))
                }
                x += result == 0 ? 2 * step : step
            }
        }
        return accepted
    }

    /// 1 when the window at (`x`, `y`) passes every stage, else minus the stage that rejected it (0 for the first).
    func evaluate(x: Int, y: Int) -> Int {
        let origin = y * (sums.width + 1) + x
        let sum = sums.sums.baseAddress! + origin, square = sums.squares.baseAddress! + origin
        let (a, b, c, d) = normCorners
        let total = Int64(sum[a] - sum[b] - sum[c] + sum[d])
        let squares = square[a] - square[b] - square[c] + square[d]
        let spread = Double(normArea * squares - total * total)
        // A window of nearly one grey (a standard deviation under `flatSpread`) holds no face: rejected
        // before the first stage, as OpenCV's first stage would almost always reject it.
        guard spread >= flatBound else { return 0 }
        let normaliser = 1 / spread.squareRoot()
        if !stumps.isEmpty { return evaluateStumps(sum: sum, normaliser: normaliser) }
        let nodes = cascade.nodes, trees = cascade.trees, leaves = cascade.leaves, stages = cascade.stages, corners = corners
        for index in 0..<stages.count {
            let stage = stages[index]
            var stageSum = 0.0
            for treeIndex in stage.firstTree..<stage.endTree {
                let tree = trees[treeIndex]
                var node = 0
                while true {
                    let at = tree.node + node
                    let split = nodes[at]
                    let value = Self.feature(sum, corners[at], split.weights)
                    let next = Double(value) * normaliser < split.threshold ? split.left : split.right
                    if next <= 0 {
                        stageSum += leaves[tree.leaf - Int(next)]
                        break
                    }
                    node = Int(next)
                }
            }
            if stageSum < stage.threshold {
                return -index
            }
        }
        return 1
    }

    /// `evaluate`'s stages for a cascade of stumps, the same sums in the same order from data laid out side by
    /// side, so the same windows pass.
    private func evaluateStumps(sum: UnsafeMutablePointer<Int32>, normaliser: Double) -> Int {
        let stages = cascade.stages, stumps = stumps
        for index in 0..<stages.count {
            let stage = stages[index]
            var stageSum = 0.0
            for tree in stage.firstTree..<stage.endTree {
                let stump = stumps[tree]
                let value = Self.feature(sum, stump.corners, stump.weights)
                stageSum += Double(value) * normaliser < stump.threshold ? stump.below : stump.above
            }
            if stageSum < stage.threshold {
                return -index
            }
        }
        return 1
    }

    /// A node's feature at the window whose sums start at `sum`: its rectangles' sums, weighted (a missing
    /// third rectangle has weight 0).
    @inline(__always)
    private static func feature(_ sum: UnsafeMutablePointer<Int32>, _ c: Corners, _ weights: (Float, Float, Float)) -> Float {
        var value = weights.0 * Float(sum[Int(c.0)] - sum[Int(c.1)] - sum[Int(c.2)] + sum[Int(c.3)])
        value += weights.1 * Float(sum[Int(c.4)] - sum[Int(c.5)] - sum[Int(c.6)] + sum[Int(c.7)])
        if weights.2 != 0 {
            value += weights.2 * Float(sum[Int(c.8)] - sum[Int(c.9)] - sum[Int(c.10)] + sum[Int(c.11)])
        }
        return value
    }

    /// The corner offsets of a node's rectangles (x, y, width, height each) in sums whose rows are `stride` apart.
    private static func corners(
        of r: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32), stride: Int32
    ) -> Corners {
        let corners = { (x: Int32, y: Int32, width: Int32, height: Int32) in
            (y * stride + x, y * stride + x + width, (y + height) * stride + x, (y + height) * stride + x + width)
        }
        let (a, b, c) = (corners(r.0, r.1, r.2, r.3), corners(r.4, r.5, r.6, r.7), corners(r.8, r.9, r.10, r.11))
        return (a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3, c.0, c.1, c.2, c.3)
    }
}

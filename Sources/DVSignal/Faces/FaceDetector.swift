/// A face found in a picture: where, and how many overlapping detections agreed on it.
public struct DetectedFace: Sendable, Hashable, Codable {
    public var rect: PixelRect
    /// Windows at nearby places and scales that the cascade accepted and that were merged into this one:
    /// more is surer.
    public var neighbours: Int

    public init(rect: PixelRect, neighbours: Int) {
        self.rect = rect
        self.neighbours = neighbours
    }
}

/// Finds faces in a grey picture with Haar cascades, in the manner of OpenCV's `detectMultiScale`: the
/// picture is shrunk step by step by `scaleFactor` (bilinear, in fixed point), each size is searched with
/// the cascade's window (every second place below twice the size, every place above), and the windows
/// accepted are merged into groups of more than `minNeighbours`. Integer sums and one order of floating
/// point operations make the same picture give the same faces on every machine.
public struct FaceDetector: Sendable {
    /// A cascade to run, and whether to run it on the mirrored picture too (a profile cascade finds faces
    /// turned one way only).
    public struct Pass: Sendable {
        public let cascade: HaarCascade
        public let mirrored: Bool

        public init(cascade: HaarCascade, mirrored: Bool) {
            self.cascade = cascade
            self.mirrored = mirrored
        }
    }

    public let passes: [Pass]
    public let scaleFactor: Double
    public let minNeighbours: Int

    public init(passes: [Pass], scaleFactor: Double = 1.1, minNeighbours: Int = 3) {
        self.passes = passes
        self.scaleFactor = max(1.01, scaleFactor)
        self.minNeighbours = max(0, minNeighbours)
    }

    /// The faces in `picture`, largest first (then top to bottom, left to right); faces found by several
    /// passes at one place are merged.
    public func faces(in picture: LumaProxy) -> [DetectedFace] {
        var found: [DetectedFace] = []
        for pass in passes {
            found += faces(in: picture, cascade: pass.cascade)
            if pass.mirrored {
                let mirror = LumaProxy(
                    width: picture.width, height: picture.height,
                    samples: (0..<picture.height).flatMap { row in picture.samples[(row * picture.width)..<((row + 1) * picture.width)].reversed() }
                )
                found += faces(in: mirror, cascade: pass.cascade).map { face in
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
    func faces(in picture: LumaProxy, cascade: HaarCascade) -> [DetectedFace] {
        var candidates: [(PixelRect, Int)] = []
        var factor = 1.0
        while true {
            let width = Int((Double(picture.width) / factor).rounded(.toNearestOrEven))
            let height = Int((Double(picture.height) / factor).rounded(.toNearestOrEven))
            guard width > cascade.windowWidth, height > cascade.windowHeight else { break }
            let scaled = factor == 1 ? picture : Self.resized(picture, width: width, height: height)
            let sums = IntegralSums(scaled)
            let evaluator = CascadeWindows(cascade: cascade, sums: sums)
            let step = factor > 2 ? 1 : 2
            let windowWidth = Int((Double(cascade.windowWidth) * factor).rounded(.toNearestOrEven))
            let windowHeight = Int((Double(cascade.windowHeight) * factor).rounded(.toNearestOrEven))
            for y in stride(from: 0, to: height - cascade.windowHeight, by: step) {
                var x = 0
                while x < width - cascade.windowWidth {
                    let result = evaluator.evaluate(x: x, y: y)
                    if result > 0 {
                        let rect = PixelRect(
                            x: Int((Double(x) * factor).rounded(.toNearestOrEven)), y: Int((Double(y) * factor).rounded(.toNearestOrEven)),
                            width: windowWidth, height: windowHeight
                        )
                        candidates.append((rect, 1))
                    }
                    // A window rejected by the first stage says its neighbour will be too, most of the time.
                    x += result == 0 ? 2 * step : step
                }
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
struct IntegralSums {
    let width: Int
    let height: Int
    let sums: [Int32]
    let squares: [Int64]

    init(_ picture: LumaProxy) {
        width = picture.width
        height = picture.height
        let stride = width + 1
        var sums = [Int32](repeating: 0, count: stride * (height + 1))
        var squares = [Int64](repeating: 0, count: stride * (height + 1))
        for row in 0..<height {
            var rowSum: Int32 = 0
            var rowSquares: Int64 = 0
            for column in 0..<width {
                let sample = picture.samples[row * width + column]
                rowSum += Int32(sample)
                rowSquares += Int64(sample) * Int64(sample)
                sums[(row + 1) * stride + column + 1] = sums[row * stride + column + 1] + rowSum
                squares[(row + 1) * stride + column + 1] = squares[row * stride + column + 1] + rowSquares
            }
        }
        self.sums = sums
        self.squares = squares
    }
}

/// A cascade evaluated at windows of one picture, its features' corners turned into offsets once.
struct CascadeWindows {
    private let cascade: HaarCascade
    private let sums: IntegralSums
    /// Per feature, per rectangle: the four corner offsets (top-left, top-right, bottom-left, bottom-right)
    /// and the weight.
    private let corners: [[(Int, Int, Int, Int, Float)]]
    private let normArea: Int64
    private let normCorners: (Int, Int, Int, Int)

    init(cascade: HaarCascade, sums: IntegralSums) {
        self.cascade = cascade
        self.sums = sums
        let stride = sums.width + 1
        func offsets(x: Int, y: Int, width: Int, height: Int) -> (Int, Int, Int, Int) {
            (y * stride + x, y * stride + x + width, (y + height) * stride + x, (y + height) * stride + x + width)
        }
        corners = cascade.features.map { feature in
            feature.rects.map { rect in
                let (a, b, c, d) = offsets(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
                return (a, b, c, d, rect.weight)
            }
        }
        normArea = Int64((cascade.windowWidth - 2) * (cascade.windowHeight - 2))
        normCorners = offsets(x: 1, y: 1, width: cascade.windowWidth - 2, height: cascade.windowHeight - 2)
    }

    /// 1 when the window at (`x`, `y`) passes every stage, else minus the stage that rejected it (0 for the first).
    func evaluate(x: Int, y: Int) -> Int {
        let origin = y * (sums.width + 1) + x
        return sums.sums.withUnsafeBufferPointer { sum in
            let (a, b, c, d) = normCorners
            let total = Int64(sum[origin + a] - sum[origin + b] - sum[origin + c] + sum[origin + d])
            let squares = sums.squares[origin + a] - sums.squares[origin + b] - sums.squares[origin + c] + sums.squares[origin + d]
            let spread = Double(normArea * squares - total * total)
            let normaliser = 1 / (spread > 0 ? spread.squareRoot() : 1)
            for (index, stage) in cascade.stages.enumerated() {
                var stageSum = 0.0
                for tree in stage.trees {
                    var node = 0
                    while true {
                        let split = tree.nodes[node]
                        var value: Float = 0
                        for (a, b, c, d, weight) in corners[split.feature] {
                            value += weight * Float(sum[origin + a] - sum[origin + b] - sum[origin + c] + sum[origin + d])
                        }
                        let next = Double(value) * normaliser < Double(split.threshold) ? split.left : split.right
                        if next <= 0 {
                            stageSum += Double(tree.leaves[-next])
                            break
                        }
                        node = next
                    }
                }
                if stageSum < Double(stage.threshold) {
                    return -index
                }
            }
            return 1
        }
    }
}

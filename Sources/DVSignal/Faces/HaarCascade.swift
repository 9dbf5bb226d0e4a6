import DVXML

/// A trained boosted cascade of Haar-like features, as OpenCV's `opencv_storage` cascade files hold it
/// (`haarcascade_frontalface_default.xml`, `haarcascade_profileface.xml` from Debian's `opencv-data`).
///
/// A window of `windowWidth` × `windowHeight` samples passes when every stage passes: a stage sums the
/// leaf its every tree reaches, each node comparing a feature's value (a weighted sum of rectangle sums,
/// over the window's standard deviation) with its threshold.
package struct HaarCascade: Sendable {
    /// The training window's size in samples.
    package let windowWidth: Int
    package let windowHeight: Int
    let stages: [Stage]
    let features: [Feature]

    struct Stage: Sendable {
        /// A window whose summed leaves fall below this is rejected.
        var threshold: Float
        var trees: [Tree]
    }

    struct Tree: Sendable {
        var nodes: [Node]
        var leaves: [Float]
    }

    /// A tree node; `left` and `right` above zero name the next node, zero or below the leaf `-left`.
    struct Node: Sendable {
        var left: Int
        var right: Int
        var feature: Int
        var threshold: Float
    }

    struct Feature: Sendable {
        var rects: [WeightedRect]
    }

    struct WeightedRect: Sendable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var weight: Float
    }

    /// What is wrong with a cascade file.
    package struct FormatError: Error, CustomStringConvertible, Sendable {
        package let reason: String
        package var description: String { "not an OpenCV Haar cascade: \(reason)" }
    }

    /// A cascade read from the text of an OpenCV cascade file (the `opencv-cascade-classifier` format with
    /// `HAAR` features and ordered, not categorical, splits).
    package init(xml: String) throws {
        let elements = CascadeElements(xml)
        guard elements.first("stageType") == "BOOST", elements.first("featureType") == "HAAR" else {
            throw FormatError(reason: "a BOOST cascade of HAAR features is needed")
        }
        guard let width = elements.first("width").flatMap({ Int($0) }), let height = elements.first("height").flatMap({ Int($0) }),
            width > 2, height > 2
        else {
            throw FormatError(reason: "no window width and height")
        }
        if let categories = elements.first("maxCatCount").flatMap({ Int($0) }), categories > 0 {
            throw FormatError(reason: "categorical (LBP) splits are not Haar features")
        }
        windowWidth = width
        windowHeight = height
        stages = try Self.stages(elements.section("stages"))
        features = try Self.features(elements.section("features"), width: width, height: height)
        let featureCount = features.count
        guard !stages.isEmpty,
            stages.allSatisfy({ $0.trees.allSatisfy { $0.nodes.allSatisfy { (0..<featureCount).contains($0.feature) } } })
        else {
            throw FormatError(reason: "a node names a feature the file does not define")
        }
    }

    private static func numbers(_ text: String) throws -> [Double] {
        try text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).map { word in
            guard let value = Double(word) else { throw FormatError(reason: "a value is not a number") }
            return value
        }
    }

    /// The stages from the leaves of `<stages>`, in order: `stageThreshold`, then per tree `internalNodes`
    /// and `leafValues`.
    private static func stages(_ leaves: [CascadeElements.Leaf]) throws -> [Stage] {
        var stages: [Stage] = []
        var pendingNodes: [Node]?
        for leaf in leaves {
            switch leaf.name {
            case "stageThreshold":
                guard let threshold = try numbers(leaf.text).first else { throw FormatError(reason: "an empty stage threshold") }
                // OpenCV lowers each stage threshold by 1e-5 when it loads a cascade.
                stages.append(Stage(threshold: Float(threshold) - 1e-5, trees: []))
            case "internalNodes":
                let values = try numbers(leaf.text)
                guard !values.isEmpty, values.count % 4 == 0 else { throw FormatError(reason: "internal nodes come in fours") }
                pendingNodes = stride(from: 0, to: values.count, by: 4).map { start in
                    Node(
                        left: Int(values[start]), right: Int(values[start + 1]), feature: Int(values[start + 2]), threshold: Float(values[start + 3]))
                }
            case "leafValues":
                guard let nodes = pendingNodes, !stages.isEmpty else { throw FormatError(reason: "leaf values before their nodes") }
                let leaves = try numbers(leaf.text).map(Float.init)
                guard leaves.count == nodes.count + 1,
                    nodes.allSatisfy({ $0.left < nodes.count && $0.right < nodes.count && -$0.left < leaves.count && -$0.right < leaves.count })
                else {
                    throw FormatError(reason: "a tree's nodes and leaves do not match")
                }
                stages[stages.count - 1].trees.append(Tree(nodes: nodes, leaves: leaves))
                pendingNodes = nil
            default:
                continue
            }
        }
        return stages
    }

    /// The features from the leaves of `<features>`: each unnamed leaf is a rectangle (`x y width height
    /// weight`) of the feature whose `<rects>` holds it.
    private static func features(_ leaves: [CascadeElements.Leaf], width: Int, height: Int) throws -> [Feature] {
        var features: [Feature] = []
        var lastParent: Int?
        for leaf in leaves {
            if leaf.name == "tilted", leaf.text.contains(where: { $0 != "0" && !$0.isWhitespace }) {
                throw FormatError(reason: "tilted features are not supported")
            }
            guard leaf.name == "_", leaf.path.last == "_", leaf.path.dropLast().last == "rects" else { continue }
            if leaf.parent != lastParent {
                features.append(Feature(rects: []))
                lastParent = leaf.parent
            }
            let values = try numbers(leaf.text)
            guard values.count == 5 else { throw FormatError(reason: "a rectangle is x y width height weight") }
            let rect = WeightedRect(x: Int(values[0]), y: Int(values[1]), width: Int(values[2]), height: Int(values[3]), weight: Float(values[4]))
            guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0, rect.x + rect.width <= width, rect.y + rect.height <= height else {
                throw FormatError(reason: "a rectangle outside the window")
            }
            features[features.count - 1].rects.append(rect)
        }
        guard features.allSatisfy({ (1...3).contains($0.rects.count) }) else {
            throw FormatError(reason: "a feature has one to three rectangles")
        }
        return features
    }
}

/// The leaf elements of an XML text (elements holding text and no other elements), in document order, read
/// by `XMLScanner`: all of a cascade file's values are in leaves. Attributes are not read.
struct CascadeElements {
    struct Leaf {
        var name: String
        var text: String
        /// The names of the elements it lies in, outermost first.
        var path: [String]
        /// A number that the leaves of one parent element share and no other leaves have.
        var parent: Int
    }

    let leaves: [Leaf]

    init(_ xml: String) {
        var leaves: [Leaf] = []
        var path: [String] = []
        var parents: [Int] = []
        var opened = 0
        var leafOpen = false
        var text = ""
        for event in XMLScanner(xml.utf8) {
            switch event {
            case .text(let piece):
                text += piece
            case .start(let name, _, let isEmpty):
                text = ""
                guard !isEmpty else { continue }
                opened += 1
                path.append(name.local)
                parents.append(opened)
                leafOpen = true
            case .end(let name):
                if leafOpen {
                    leaves.append(Leaf(name: name.local, text: text, path: path, parent: parents.dropLast().last ?? 0))
                }
                text = ""
                path.removeLast()
                parents.removeLast()
                leafOpen = false
            }
        }
        self.leaves = leaves
    }

    /// The text of the first leaf named `name`, without surrounding white space.
    func first(_ name: String) -> String? {
        leaves.first { $0.name == name }.map { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    }

    /// The leaves inside elements named `name`.
    func section(_ name: String) -> [Leaf] {
        leaves.filter { $0.path.contains(name) }
    }
}

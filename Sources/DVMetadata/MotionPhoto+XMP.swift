import DVXML

/// The XMP properties the Motion Photo layouts read, from an XMP packet (RDF/XML) read by `XMLScanner`.
/// Names are resolved through the packet's `xmlns` declarations (or, for a prefix used undeclared, the
/// namespace Google's writers give it), so `Camera:` and `GCamera:` name the same property. A simple property
/// may be an attribute or an element with text. Values are trimmed; the first one of a name wins.
struct XMPProperties {
    private static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"
    private static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    private static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"
    /// The namespaces of the prefixes Google's writers use.
    private static let conventionalPrefixes = [
        "Camera": cameraNamespace, "GCamera": cameraNamespace, "Container": containerNamespace,
        "GContainer": containerNamespace, "Item": itemNamespace
    ]

    /// The properties outside the directory's items.
    private var properties: [XMLName: String] = [:]
    /// Each `Container:Item`'s properties in the item namespace, by local name, in the directory's order.
    private(set) var items: [[String: String]] = []

    init(packet: ArraySlice<UInt8>) {
        var open: [(name: XMLName, text: String, hasChildren: Bool)] = []
        // How many elements were open around the current item's element.
        var itemDepth: Int?
        for event in XMLScanner(packet, undeclaredPrefixes: Self.conventionalPrefixes) {
            switch event {
            case .text(let text):
                if !open.isEmpty { open[open.count - 1].text += text }
            case .start(let name, let attributes, let isEmpty):
                if !open.isEmpty { open[open.count - 1].hasChildren = true }
                let isItem = name == XMLName(namespace: Self.containerNamespace, local: "Item")
                if isItem {
                    items.append([:])
                    itemDepth = open.count
                }
                for attribute in attributes { record(attribute.name, attribute.value, inItem: itemDepth != nil) }
                if !isEmpty {
                    open.append((name, "", false))
                } else if isItem {
                    itemDepth = nil
                }
            case .end:
                guard let element = open.popLast() else { continue }
                if !element.hasChildren { record(element.name, element.text, inItem: itemDepth != nil) }
                if itemDepth == open.count { itemDepth = nil }
            }
        }
    }

    /// The value of the camera namespace's property `local` (`Camera:` or `GCamera:`).
    func cameraValue(_ local: String) -> String? {
        properties[XMLName(namespace: Self.cameraNamespace, local: local)]
    }

    /// Keeps the first non-empty value of `name`, in the current item or outside the items; names in no
    /// namespace are not properties.
    private mutating func record(_ name: XMLName, _ value: String, inItem: Bool) {
        guard name.namespace != nil, let first = value.firstIndex(where: { !$0.isWhitespace }),
            let last = value.lastIndex(where: { !$0.isWhitespace })
        else { return }
        let trimmed = String(value[first...last])
        if inItem, let item = items.indices.last {
            if name.namespace == Self.itemNamespace, items[item][name.local] == nil { items[item][name.local] = trimmed }
        } else if properties[name] == nil {
            properties[name] = trimmed
        }
    }
}

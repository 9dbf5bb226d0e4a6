import DVTestBasics
import Foundation
import FoundationXML
import Testing

@testable import DVXML

/// A flat, comparable account of a document: one line an event, adjacent text joined.
private func lines(_ events: some Sequence<XMLEvent>) -> [String] {
    var lines: [String] = []
    var text = ""
    func flush() {
        if !text.isEmpty { lines.append("text \(text)") }
        text = ""
    }
    for event in events {
        switch event {
        case .text(let piece):
            text += piece
        case .start(let name, let attributes, let isEmpty):
            flush()
            let sorted = attributes.map { "\($0.name.namespace ?? "-")|\($0.name.local)=\($0.value)" }.sorted()
            lines.append("start \(name.namespace ?? "-")|\(name.local) \(sorted.joined(separator: " "))")
            if isEmpty { lines.append("end \(name.namespace ?? "-")|\(name.local)") }
        case .end(let name):
            flush()
            lines.append("end \(name.namespace ?? "-")|\(name.local)")
        }
    }
    flush()
    return lines
}

/// The same account from FoundationXML's `XMLParser` (libxml2) with namespaces processed: the reference.
private final class ReferenceEvents: NSObject, XMLParserDelegate {
    var events: [XMLEvent] = []

    static func of(_ text: String) -> [String]? {
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldProcessNamespaces = true
        let delegate = ReferenceEvents()
        for match in text.matches(of: /xmlns:([A-Za-z]+)="([^"]*)"/) { delegate.declared[String(match.1)] = String(match.2) }
        parser.delegate = delegate
        return parser.parse() ? lines(delegate.events) : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        // FoundationXML gives attributes by their qualified names: their prefixes are resolved through the
        // document's declarations (the test documents declare each prefix once).
        let attributes = attributes.filter { $0.key != "xmlns" && !$0.key.hasPrefix("xmlns:") }.map { key, value in
            XMLAttribute(name: name(key, in: parser, isElement: false), value: value)
        }
        events.append(
            .start(
                name: XMLName(namespace: namespaceURI?.isEmpty == false ? namespaceURI : nil, local: elementName), attributes: attributes,
                isEmpty: false))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        events.append(.end(name: XMLName(namespace: namespaceURI?.isEmpty == false ? namespaceURI : nil, local: elementName)))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { events.append(.text(string)) }

    func parser(_ parser: XMLParser, foundCDATA block: Data) { events.append(.text(String(decoding: block, as: UTF8.self))) }

    private func name(_ qualified: String, in parser: XMLParser, isElement: Bool) -> XMLName {
        guard let colon = qualified.firstIndex(of: ":") else { return XMLName(namespace: nil, local: qualified) }
        let prefix = String(qualified[..<colon])
        return XMLName(namespace: declared[prefix], local: String(qualified[qualified.index(after: colon)...]))
    }

    /// The prefixes the document declares.
    var declared: [String: String] = [:]
}

/// Where two accounts part, with the lines each has there; nil when they are equal.
private func firstDifference(_ ours: [String], _ reference: [String]) -> String? {
    guard ours != reference else { return nil }
    let common = min(ours.count, reference.count)
    let index = (0..<common).first { ours[$0] != reference[$0] } ?? common
    return "line \(index): \(ours.dropFirst(index).first ?? "end") against \(reference.dropFirst(index).first ?? "end")"
}

@Suite("XMLScanner")
struct XMLScannerTests {
    /// Documents that exercise namespaces (declared, default, redeclared inside), entities, CDATA,
    /// comments, processing instructions and a DTD.
    static let documents = [
        #"""
        <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MicroVideo="1" GCamera:MicroVideoOffset="2963052"/>
        <!-- a comment with <tags> inside -->
        <rdf:Description xmlns:Container="http://ns.google.com/photos/1.0/container/"
            xmlns:Item="http://ns.google.com/photos/1.0/container/item/">
          <Container:Directory><rdf:Seq><rdf:li rdf:parseType="Resource">
            <Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length='0'/>
          </rdf:li></rdf:Seq></Container:Directory>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """#,
        #"""
        <?xml version="1.0"?>
        <!DOCTYPE note [ <!-- an internal subset --> ]>
        <note xmlns="urn:a" xmlns:b="urn:b" b:title="Tom &amp; Jerry &lt;3 &#233;&#x4E2D;">
          <to>caf&#xE9; &quot;quoted&quot; &apos;single&apos;</to>
          <b:from xmlns="urn:c"><inner>deep</inner></b:from>
          <![CDATA[raw <text> & more]]>
          <empty/>
        </note>
        """#,
        #"""
        <opencv_storage>
        <cascade type_id="opencv-cascade-classifier"><stageType>BOOST</stageType>
          <featureType>HAAR</featureType>
          <stages>
            <_>
              <maxWeakCount>9</maxWeakCount>
              <weakClassifiers><_><internalNodes>0 -1 0 -3.1511999666690826e-02</internalNodes>
                  <leafValues>2.0875380039215088e+00 -2.2172100543975830e+00</leafValues></_></weakClassifiers></_>
          </stages></cascade>
        </opencv_storage>
        """#
    ]

    @Test("each document's events are those of FoundationXML's XMLParser with namespaces processed", .tags(.reference))
    func sameAsFoundationXML() throws {
        for document in Self.documents {
            let reference = try #require(ReferenceEvents.of(document), "FoundationXML reads the test document")
            #expect(firstDifference(lines(XMLScanner(document.utf8)), reference) == nil)
        }
    }

    @Test("OpenCV's frontal face cascade reads to the same events as FoundationXML reads it", .tags(.reference))
    func cascadeFileAsFoundationXML() throws {
        let path = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let reference = try #require(ReferenceEvents.of(text))
        #expect(firstDifference(lines(XMLScanner(text.utf8)), reference) == nil)
        #expect(reference.count > 10_000)
    }

    @Test("prefixes: undeclared ones take the caller's namespace, declarations win, unknown ones have none")
    func prefixes() {
        let text = #"<a xmlns:p="urn:declared" p:x="1" q:y="2" r:z="3"><q:b/></a>"#
        let events = Array(XMLScanner(text.utf8, undeclaredPrefixes: ["p": "urn:conventional", "q": "urn:q"]))
        guard case .start(let name, let attributes, false) = events.first, case .start(let inner, _, true) = events.dropFirst().first else {
            Issue.record("unexpected events \(events)")
            return
        }
        #expect(name == XMLName(namespace: nil, local: "a"))
        #expect(
            attributes.map(\.name) == [
                XMLName(namespace: "urn:declared", local: "x"), XMLName(namespace: "urn:q", local: "y"), XMLName(namespace: nil, local: "z")
            ])
        #expect(inner == XMLName(namespace: "urn:q", local: "b"))
    }

    @Test("an end tag that closes nothing open is ignored; an unknown entity is kept as written")
    func tolerance() {
        #expect(lines(XMLScanner("<a>x</b>&bogus; &#xZZ;</a>".utf8)) == ["start -|a ", "text x&bogus; &#xZZ;", "end -|a"])
    }

    @Test("every cut of a document and 2,000 damaged copies read without a crash, never past the bytes")
    func damaged() {
        let sample = Array(Self.documents[0].utf8) + Array(Self.documents[1].utf8)
        for length in 0...sample.count { _ = Array(XMLScanner(sample.prefix(length))) }
        var state: UInt64 = 45
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var events = 0
        for _ in 0..<2_000 {
            var copy = sample
            for _ in 0...next(4) { copy[next(copy.count)] = UInt8(next(256)) }
            events += Array(XMLScanner(copy)).count
        }
        #expect(events > 2_000)
    }
}

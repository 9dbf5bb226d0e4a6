import DVMedia
import DVPlanning
import DVRender
import DVTestBasics
import Foundation
import Testing

/// An XMP sidecar's people and keywords reach the index through the scan, beside its capture time.
@Suite struct SidecarAnnotationsTests {
    @Test("an XMP sidecar's named regions (turned upright by its tiff:Orientation), keywords and rating are its file's")
    func xmpSidecarAnnotations() throws {
        let folder = try TemporaryFolder("sidecar-annotations")
        let root = folder.url.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(repeating: 7, count: 10).write(to: root.appendingPathComponent("IMG_0001.JPG"))
        let sidecar = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"
             xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#" xmlns:dc="http://purl.org/dc/elements/1.1/"
             xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/"
             xmlns:lr="http://ns.adobe.com/lightroom/1.0/" tiff:Orientation="6" xmp:Rating="5">
             <mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag>
              <rdf:li><rdf:Description mwg-rs:Name="Emma" mwg-rs:Type="Face">
               <mwg-rs:Area stArea:x="0.25" stArea:y="0.4" stArea:w="0.3" stArea:h="0.4" stArea:unit="normalized"/>
              </rdf:Description></rdf:li>
             </rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>
             <lr:hierarchicalSubject><rdf:Bag><rdf:li>People|Family|Emma</rdf:li></rdf:Bag></lr:hierarchicalSubject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        try Data(sidecar.utf8).write(to: root.appendingPathComponent("IMG_0001.JPG.xmp"))
        let scan = try LibraryScanner(roots: [root], cacheFile: folder.url.appendingPathComponent("index.bin")).scan(
            isExcluded: { _ in false },
            probe: { _ in .media(MediaInfo(container: "image2", duration: nil, video: nil, audio: nil, tags: CaptureTags(), isStill: true)) },
            progress: { _ in })
        let entry = try #require(scan.entries.first)
        let found = try #require(entry.sidecar?.annotations)
        #expect(found.people.map(\.name) == ["Emma"] && found.keywords == ["People/Family/Emma"] && found.rating == 5)
        // Stored (0.1, 0.2, 0.3, 0.4) shown after a quarter turn clockwise: (1 − v, u).
        let area = try #require(found.people.first?.area)
        #expect([area.x - 0.4, area.y - 0.1, area.width - 0.4, area.height - 0.3].allSatisfy { abs($0) < 1e-9 }, "\(area)")
        #expect(entry.annotations == found)
    }
}

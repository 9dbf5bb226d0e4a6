import Testing

@testable import DVSignal

/// The cascade reader and evaluator on cascades small enough to work out by hand.
@Suite("Haar cascades")
struct HaarCascadeTests {
    /// A cascade of one stage with one stump: the window's right half brighter than its left passes.
    static func cascade(rects: String = "<_>0 0 2 4 -1.</_><_>2 0 2 4 1.</_>", extra: String = "", leaves: String = "-1. 1.") -> String {
        """
        <?xml version="1.0"?>
        <!-- a comment with <tags> in it -->
        <opencv_storage>
        <cascade type_id="opencv-cascade-classifier"><stageType>BOOST</stageType>
          <featureType>HAAR</featureType>
          <height>4</height>
          <width>4</width>
          <stageParams><maxWeakCount>1</maxWeakCount></stageParams>
          <featureParams><maxCatCount>0</maxCatCount></featureParams>
          <stageNum>1</stageNum>
          <stages>
            <_>
              <maxWeakCount>1</maxWeakCount>
              <stageThreshold>0.</stageThreshold>
              <weakClassifiers>
                <_>
                  <internalNodes>
                    0 -1 0 0.</internalNodes>
                  <leafValues>
                    \(leaves)</leafValues></_></weakClassifiers></_></stages>
          <features>
            <_>
              <rects>
                \(rects)</rects>\(extra)</_></features></cascade>
        </opencv_storage>
        """
    }

    /// A `width` × 4 picture whose columns are `columns` repeated down.
    static func picture(_ columns: [UInt8]) -> LumaProxy {
        LumaProxy(width: columns.count, height: 4, samples: Array((0..<4).map { _ in columns }.joined()))
    }

    @Test("a window passes when its feature is on the stage's side of the threshold, and says which stage rejected it")
    func evaluation() throws {
        let cascade = try HaarCascade(xml: Self.cascade())
        #expect(cascade.windowWidth == 4 && cascade.windowHeight == 4)
        let brightRight = Self.picture([10, 20, 200, 210, 20, 10])
        let windows = CascadeWindows(flat: FlatCascade(cascade), sums: IntegralSums(brightRight))
        #expect(windows.evaluate(x: 0, y: 0) == 1)
        #expect(windows.evaluate(x: 2, y: 0) == 0, "bright left, dark right: rejected by the first stage")
    }

    @Test("integral sums give every rectangle's sum and sum of squares")
    func integralSums() {
        let picture = LumaProxy(width: 3, height: 2, samples: [1, 2, 3, 4, 5, 6])
        let sums = IntegralSums(picture)
        let expected: [Int32] = [0, 0, 0, 0, 0, 1, 3, 6, 0, 5, 12, 21]
        #expect(Array(sums.sums) == expected)
        let squares: Int64 = 1 + 4 + 9 + 16 + 25 + 36
        #expect(Array(sums.squares).last == squares)
    }

    @Test(
        "a file that is not a Haar cascade is refused with the reason",
        arguments: [
            (HaarCascadeTests.cascade(rects: "<_>3 0 2 4 -1.</_>"), "a rectangle outside the window"),
            (HaarCascadeTests.cascade(leaves: "-1."), "a tree's nodes and leaves do not match"),
            (HaarCascadeTests.cascade(extra: "<tilted>1</tilted>"), "tilted features are not supported"),
            (HaarCascadeTests.cascade(rects: "<_>0 0 2 x -1.</_>"), "a value is not a number"),
            (HaarCascadeTests.cascade().replacingOccurrences(of: "HAAR", with: "LBP"), "a BOOST cascade of HAAR features is needed"),
            ("<opencv_storage></opencv_storage>", "a BOOST cascade of HAAR features is needed")
        ])
    func refused(xml: String, reason: String) {
        #expect(throws: HaarCascade.FormatError.self) { try HaarCascade(xml: xml) }
        do {
            _ = try HaarCascade(xml: xml)
        } catch let error as HaarCascade.FormatError {
            #expect(error.reason == reason)
        } catch {
            Issue.record(error)
        }
    }

    @Test("overlapping windows merge into their mean; lone ones and ones inside a surer group are dropped")
    func grouping() {
        let near = [
            PixelRect(x: 10, y: 10, width: 20, height: 20), PixelRect(x: 11, y: 10, width: 20, height: 20),
            PixelRect(x: 10, y: 12, width: 20, height: 20), PixelRect(x: 12, y: 11, width: 22, height: 22)
        ]
        let inner = [PixelRect(x: 14, y: 14, width: 10, height: 10), PixelRect(x: 14, y: 15, width: 10, height: 10)]
        let lone = [PixelRect(x: 60, y: 60, width: 20, height: 20)]
        let grouped = FaceDetector.groups((near + inner + lone).map { ($0, 1) }, threshold: 1, eps: 0.2)
        #expect(grouped.map(\.rect) == [PixelRect(x: 11, y: 11, width: 20, height: 20)])
        #expect(grouped.map(\.weight) == [4])
    }

    @Test("shrinking keeps a flat picture flat and averages neighbours")
    func resizing() {
        let flat = LumaProxy(width: 8, height: 8, samples: Array(repeating: 77, count: 64))
        #expect(FaceDetector.resized(flat, width: 5, height: 3).samples == Array(repeating: 77, count: 15))
        let stripes = LumaProxy(width: 4, height: 2, samples: [0, 100, 0, 100, 0, 100, 0, 100])
        #expect(FaceDetector.resized(stripes, width: 2, height: 1).samples == [50, 50])
    }
}

import DVMedia
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation

/// Tiny test inputs encoded at test time with the project's encoder and muxer.
enum TestMedia {
    /// A fresh temporary folder, removed when the value goes away; FFmpeg's log quietened to errors.
    static func makeFolder() throws -> TemporaryFolder {
        MediaLog.showErrorsOnly()
        return try TemporaryFolder("media")
    }

    /// The luma value frame `index` is drawn with, so a decoded frame tells which source frame it is.
    static func luma(forFrame index: Int) -> Int { 20 + 3 * index }

    /// The source frame index a decoded luma value stands for.
    static func frameIndex(forLuma value: Int) -> Int { Int((Double(value - 20) / 3).rounded()) }

    /// Encodes `count` frames into an MP4 at `url`. Frame `i` is shown at `timestamps[i]` in units of
    /// `1/fps` (default `i`), drawn by `draw` (default: uniform luma `luma(forFrame: i)`); a keyframe every
    /// `keyframeInterval` frames (0: the encoder's default).
    static func writeClip(
        to url: URL, codec: VideoCodec = .h264, width: Int = 160, height: Int = 96, fps: Int = 30, count: Int,
        tenBit: Bool = false, rotationClockwise: Int = 0, timestamps: [Int64]? = nil, keyframeInterval: Int = 0,
        draw: ((VideoFrame, Int) -> Void)? = nil
    ) throws {
        let settings = VideoEncoder.Settings(
            codec: codec, width: width, height: height, fps: fps, crf: 12, preset: "veryfast", threads: 1, tenBit: tenBit,
            keyframeInterval: keyframeInterval
        )
        let encoder = try VideoEncoder(settings: settings)
        let muxer = try Muxer(destination: url, format: "mp4")
        let stream = try muxer.addStream(for: encoder)
        if rotationClockwise != 0 {
            try muxer.setRotation(degrees: rotationClockwise, stream: stream)
        }
        try muxer.writeHeader()
        let frame = try VideoFrame(width: width, height: height, format: tenBit ? .hlg10 : .sdr8)
        for index in 0..<count {
            try frame.makeWritable()
            if let draw {
                draw(frame, index)
            } else if tenBit {
                fill10Bit(frame, y: UInt16(luma(forFrame: index) * 4), u: 512, v: 512)
            } else {
                frame.fill(y: UInt8(luma(forFrame: index)), u: 128, v: 128)
            }
            try encoder.encode(frame, pts: timestamps?[index] ?? Int64(index)) { try muxer.write($0, stream: stream) }
        }
        try encoder.flush { try muxer.write($0, stream: stream) }
        try muxer.finish()
    }

    /// Sets every sample of a 10-bit 4:2:0 frame.
    static func fill10Bit(_ frame: VideoFrame, y: UInt16, u: UInt16, v: UInt16) {
        for (plane, value, rows) in [(0, y, frame.height), (1, u, frame.height / 2), (2, v, frame.height / 2)] {
            let base = UnsafeMutableRawPointer(frame.plane(plane))
            let count = frame.stride(plane) * rows / 2
            base.bindMemory(to: UInt16.self, capacity: count).update(repeating: value, count: count)
        }
    }

    /// Reads every frame of `reader` and returns the source frame index each one shows.
    static func sourceIndices(of reader: ClipReader) throws -> [Int] {
        var indices: [Int] = []
        while let frame = try reader.next() {
            indices.append(frameIndex(forLuma: meanLuma(frame.picture)))
        }
        return indices
    }

    /// Luma sample at (x, y).
    static func luma(_ frame: VideoFrame, x: Int, y: Int) -> Int {
        Int(frame.plane(0)[y * frame.stride(0) + x])
    }

    /// The mean of the luma plane, for uniform frames.
    static func meanLuma(_ frame: VideoFrame) -> Int {
        var total = 0
        for row in 0..<frame.height {
            for column in 0..<frame.width { total += luma(frame, x: column, y: row) }
        }
        return Int((Double(total) / Double(frame.width * frame.height)).rounded())
    }
}

import DVFiles
import DVMedia
import DVMetadata
import DVPlanning
import DVSignal
import Foundation

/// Writes `SampleClip`s, `SampleStill`s and `DamagedSample`s with dvpipe's own encoders and muxer.
///
/// Output is the same bytes on every run: bit-exact codec and container flags, one encoder thread,
/// fixed x264/x265 settings. Owns font faces, so keep an instance on one thread (make one per thread).
package final class SampleWriter {
    private let fontPath: String
    private let fonts = FontSet()
    private static let textColor = SRGBColour.white
    private static let barColor = SRGBColour(red: 250, green: 200, blue: 40)

    /// Prepares a writer drawing its text with the font at `fontPath` (DejaVu Sans Bold by default).
    package init(fontPath: String = TextStyle.boldFontPath) throws {
        self.fontPath = fontPath
        _ = try fonts.face(fontPath, pixelSize: 64)
    }

    /// Writes `clip` into `directory` and returns the file's URL.
    @discardableResult
    package func write(_ clip: SampleClip, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(clip.fileName)
        let streams = try ClipStreams(clip, destination: url)
        var tone = streams.tone
        let template = try cardFrame(for: clip)
        let frame = try VideoFrame(width: clip.width, height: clip.height, format: clip.tenBit ? .hlg10 : .sdr8)
        let positions = clip.framePositions
        let frameDurations = Dictionary(
            uniqueKeysWithValues: zip(positions, zip(positions.dropFirst(), positions).map { Int64($0 - $1) } + [1])
        )
        func writeVideo(_ packet: Packet) throws {
            packet.duration = frameDurations[Int(packet.pts)] ?? 1
            try streams.muxer.write(packet, stream: streams.videoStream)
        }
        precondition(clip.poorStart == 0 || !clip.tenBit, "a poor start is drawn in 8-bit clips only")
        precondition(clip.pictures.isEmpty || (!clip.tenBit && clip.rotation == 0), "pictures are drawn in upright 8-bit clips only")
        let pictures = try clip.pictures.map { ($0, try $0.frame()) }
        let poorSlots = Int((clip.poorStart * Double(clip.fps)).rounded())
        for slot in positions {
            try tone?.write(until: Double(slot + 1) / Double(clip.fps), into: streams.muxer)
            try frame.makeWritable()
            Self.draw(slot: slot, of: clip, card: template, into: frame)
            for (picture, pasted) in pictures where slot >= poorSlots {
                let place = picture.place(slot: slot, of: clip.frameSlots)
                frame.paste(pasted, x: place.x, y: place.y, opacity: 1)
            }
            try streams.video.encode(frame, pts: Int64(slot), output: writeVideo)
        }
        try streams.video.flush(output: writeVideo)
        try tone?.write(until: clip.duration, into: streams.muxer)
        try tone?.finish(into: streams.muxer)
        try streams.muxer.finish()
        return url
    }

    /// A clip's muxer with its video stream (turned as the clip says) and, for a tone, the writer of its audio stream,
    /// its tags set and its header written.
    private struct ClipStreams {
        let muxer: Muxer
        let video: VideoEncoder
        let videoStream: Int
        let tone: ToneWriter?

        init(_ clip: SampleClip, destination url: URL) throws {
            let tags = clip.tags
            let appleTags = tags.localCreationDate != nil || tags.contentIdentifier != nil || tags.make != nil || tags.model != nil
            muxer = try Muxer(destination: url, format: clip.container.rawValue, options: appleTags ? ["movflags": "+use_metadata_tags"] : [:])
            video = try VideoEncoder(
                settings: VideoEncoder.Settings(
                    codec: clip.codec, width: clip.width, height: clip.height, fps: clip.fps, crf: 28,
                    preset: "ultrafast", threads: 1, tenBit: clip.tenBit
                )
            )
            videoStream = try muxer.addStream(for: video)
            if clip.rotation % 360 != 0 {
                try muxer.setRotation(degrees: clip.rotation, stream: videoStream)
            }
            if case let .tone(settings) = clip.audio {
                // 48 kb/s per channel (96 kb/s for mono and stereo): at less, FFmpeg's AAC encoder lets a
                // 5.1 tone come back more than 1 dB louder than written, which spoils level tests.
                let bitrate = max(96_000, 48_000 * settings.layout.channelCount)
                let encoder = try AudioEncoder(
                    settings: AudioEncoder.Settings(sampleRate: settings.sampleRate, layout: settings.layout, bitrate: bitrate, fastCoder: true)
                )
                tone = ToneWriter(clip: clip, settings: settings, encoder: encoder, stream: try muxer.addStream(for: encoder))
            } else {
                tone = nil
            }
            let metadata: [(String, String?)] = [
                (MediaProbe.TagKey.creationTime, tags.creationTime),
                (MediaProbe.TagKey.localCreationDate, tags.localCreationDate),
                (MediaProbe.TagKey.contentIdentifier, tags.contentIdentifier),
                (MediaProbe.TagKey.make[0], tags.make),
                (MediaProbe.TagKey.model[0], tags.model),
                (appleTags ? MediaProbe.TagKey.position[0] : MediaProbe.TagKey.position[1], tags.position)
            ]
            for case let (key, value?) in metadata {
                muxer.setMetadata(key, value)
            }
            try muxer.writeHeader()
        }
    }

    /// A clip's tone, encoded frame by frame as the video advances; silent during the clip's poor start.
    private struct ToneWriter {
        let clip: SampleClip
        let settings: SampleTone
        let encoder: AudioEncoder
        let stream: Int
        private var samplesWritten = 0

        init(clip: SampleClip, settings: SampleTone, encoder: AudioEncoder, stream: Int) {
            self.clip = clip
            self.settings = settings
            self.encoder = encoder
            self.stream = stream
        }

        /// Encodes the tone up to `seconds` into the clip (at most its length).
        mutating func write(until seconds: Double, into muxer: Muxer) throws {
            let total = Int((clip.duration * Double(settings.sampleRate)).rounded())
            let target = min(total, Int((seconds * Double(settings.sampleRate)).rounded(.up)))
            while samplesWritten < target {
                let count = min(encoder.frameSize, total - samplesWritten)
                let frame = try AudioFrame(sampleCount: count, layout: settings.layout, sampleRate: settings.sampleRate)
                let first = frame.samples(channel: 0)
                let silentUntil = Int(clip.poorStart * Double(settings.sampleRate))
                for index in 0..<count {
                    first[index] = samplesWritten + index < silentUntil ? 0 : settings.sample(at: samplesWritten + index)
                }
                for channel in 1..<frame.channelCount {
                    _ = frame.samples(channel: channel).update(fromContentsOf: first)
                }
                let stream = stream
                try encoder.encode(frame, pts: Int64(samplesWritten)) { try muxer.write($0, stream: stream) }
                samplesWritten += count
            }
        }

        /// Flushes the encoder's last packets.
        func finish(into muxer: Muxer) throws {
            let stream = stream
            try encoder.flush { try muxer.write($0, stream: stream) }
        }
    }

    /// The frame every good slot of `clip` starts from: its background, its card and, when asked, its corner mark.
    private func cardFrame(for clip: SampleClip) throws -> VideoFrame {
        let template = try VideoFrame(width: clip.width, height: clip.height, format: clip.tenBit ? .hlg10 : .sdr8)
        template.fill(clip.background.bt709Limited)
        try drawCard(text: clip.text, label: clip.label, into: template, rotation: clip.rotation, color: Self.textColor.bt709Limited)
        if clip.cornerMark {
            let display = clip.displaySize
            let side = clip.cornerMarkSide
            let mark = Self.coded((x: 0, y: 0, width: side, height: side), display: (display.width, display.height), rotation: clip.rotation)
            template.fill(SampleClip.cornerMarkColor.bt709Limited, x: mark.x, y: mark.y, width: mark.width, height: mark.height)
        }
        return template
    }

    /// Draws frame slot `slot` of `clip` into `frame`: during a poor start a third black, a third flat and a
    /// third shaken card, then the card with a bar that crosses the picture once over the clip.
    private static func draw(slot: Int, of clip: SampleClip, card: VideoFrame, into frame: VideoFrame) {
        let poorSlots = Int((clip.poorStart * Double(clip.fps)).rounded())
        if slot < poorSlots / 3 {
            frame.fill(SRGBColour(red: 0, green: 0, blue: 0).bt709Limited)
        } else if slot < 2 * poorSlots / 3 {
            frame.fill(clip.background.bt709Limited)
        } else if slot < poorSlots {
            let reach = max(2, clip.width / 40)
            copy(card, into: frame, shiftedBy: ((slot * 7) % (2 * reach + 1) - reach, (slot * 5) % (2 * reach + 1) - reach))
        } else {
            frame.copyPixels(from: card)
            let barWidth = max(2, clip.width / 20) & ~1
            let barHeight = max(2, clip.height / 10) & ~1
            let x = slot * (clip.width - barWidth) / max(1, clip.frameSlots - 1)
            frame.fill(barColor.bt709Limited, x: x, y: clip.height - barHeight, width: barWidth, height: barHeight)
        }
    }

    /// Writes `still` as a JPEG (with an Exif Apple MakerNote when it has a content identifier, an Exif GPS IFD
    /// when it has a position) into `directory` and returns the file's URL.
    @discardableResult
    package func write(_ still: SampleStill, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(still.fileName)
        let encoder = try JPEGEncoder(width: still.width, height: still.height)
        let frame = try encoder.makeFrame()
        frame.fill(still.background.bt601Full)
        try drawCard(text: still.text, label: still.label, into: frame, rotation: 0, color: Self.textColor.bt601Full)
        var bytes = try encoder.encode(frame)
        if let identifier = still.contentIdentifier {
            bytes = Data(StillContentIdentifier.inserting(identifier, into: Array(bytes)))
        }
        if let position = still.position {
            bytes = Data(ExifPosition.inserting(position, into: Array(bytes)))
        }
        try FileSync.writeAtomically(bytes, to: url)
        return url
    }

    /// Writes the damaged file into `directory` and returns its URL.
    @discardableResult
    package func write(_ damaged: DamagedSample, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(damaged.fileName)
        switch damaged {
        case let .truncated(clip):
            try write(clip, in: directory)
            do {
                let handle = try FileHandle(forWritingTo: url)
                defer { try? handle.close() }
                let size = try handle.seekToEnd()
                try handle.truncate(atOffset: size / 2)
            } catch {
                throw MediaError.io(path: url.path, reason: "could not cut the file: \(error)")
            }
        case .empty:
            try FileSync.writeAtomically(Data(), to: url)
        case .text:
            try FileSync.writeAtomically(Data("This is not a movie; dvpipe wrote it to test unreadable files.\n".utf8), to: url)
        }
        return url
    }

    /// Draws `text` in large digits in the middle of the picture as displayed (after a clockwise
    /// `rotation`) and `label` under it, so both read upright once a player applies the rotation.
    private func drawCard(text: String, label: String?, into frame: VideoFrame, rotation: Int, color: YUVColor) throws {
        let turned = rotation % 180 != 0
        let width = turned ? frame.height : frame.width
        let height = turned ? frame.width : frame.height
        var digits = try line(text, pixelSize: height * 6 / 10)
        if digits.width > width * 8 / 10 {
            digits = try line(text, pixelSize: height * 6 / 10 * width * 8 / 10 / digits.width)
        }
        let top = (height - digits.height) / 2 - height / 16
        var pieces = [(digits, (width - digits.width) / 2, top)]
        if let label {
            let line = try line(label, pixelSize: max(10, min(height, width) / 12))
            pieces.append((line, (width - line.width) / 2, top + digits.height + height / 20))
        }
        for (mask, x, y) in pieces {
            let placed = Self.coded((x, y, mask.width, mask.height), display: (width, height), rotation: rotation)
            frame.blend(mask.rotated(clockwise: 360 - rotation % 360), x: placed.x, y: placed.y, color: color)
        }
    }

    /// `text` on one line at `pixelSize`, cut tight around its ink.
    private func line(_ text: String, pixelSize: Int) throws -> TextMask {
        try TextLayout(text, fontPath: fontPath, settings: TextLayout.Settings(pixelSize: pixelSize), fonts: fonts).image().mask.trimmed()
    }

    /// Where a box of the picture as displayed (after a clockwise `rotation`) lies in the coded picture.
    /// Copies 8-bit `source` into `target` moved by `shift` pixels (an even number in each direction,
    /// so chroma moves with luma), the uncovered edge repeating the nearest row or column.
    private static func copy(_ source: VideoFrame, into target: VideoFrame, shiftedBy shift: (x: Int, y: Int)) {
        for plane in 0..<3 {
            let scale = plane == 0 ? 1 : 2
            let width = source.width / scale, height = source.height / scale
            let dx = (shift.x & ~1) / scale, dy = (shift.y & ~1) / scale
            let from = source.plane(plane), to = target.plane(plane)
            for row in 0..<height {
                let sourceRow = from + min(max(row - dy, 0), height - 1) * source.stride(plane)
                let targetRow = to + row * target.stride(plane)
                for column in 0..<width {
                    targetRow[column] = sourceRow[min(max(column - dx, 0), width - 1)]
                }
            }
        }
    }

    private static func coded(
        _ box: (x: Int, y: Int, width: Int, height: Int), display: (width: Int, height: Int), rotation: Int
    ) -> (x: Int, y: Int, width: Int, height: Int) {
        var placed = box
        var canvas = display
        // Turn the display canvas clockwise a quarter at a time until it is the coded picture:
        // a box at (x, y) of height h on a canvas of height H lands at (H − y − h, x).
        for _ in 0..<((360 - rotation % 360) % 360 / 90) {
            placed = (canvas.height - placed.y - placed.height, placed.x, placed.height, placed.width)
            canvas = (canvas.height, canvas.width)
        }
        return placed
    }
}

import DVMediaFacts
import DVMetadata
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia

/// A first scan reads a file's metadata only: a still's headers and `meta` box, a movie's `moov` by position, a
/// Motion Photo's trailer; never the picture or the movie's data. Every read is counted by the probe's reader.
@Suite struct ProbeReadsTests {
    init() { MediaLog.silence() }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DVPipeTests/Corpus")

    /// Most bytes a HEIC's probe may read, Motion Photos' movies included.
    static let heicBound = 64 * 1024

    /// The probe of the file at `url`, and the bytes and reads it took.
    static func probed(_ url: URL) throws -> (result: ProbeResult, bytes: Int, reads: Int) {
        let location = MediaLocation.file(url.path)
        let reader = try #require(MediaProbe.reader(of: location))
        let result = MediaProbe.probe(location, reader: reader)
        return (result, reader.bytesRead, reader.requests)
    }

    @Test("each corpus file's probe reads its metadata only: a HEIC at most 64 KiB, a movie its header and a block or two")
    func corpusFiles() throws {
        var total = (bytes: 0, read: 0)
        for name in [
            "IMG_3582.HEIC", "IMG_3582.mov", "motionphoto.heic", "pixel_8.jpg", "max-heromode.mp4", "dolbyVision-hdr.MOV",
            "h265_with_metadata_track.mp4", "hlg10-color-test.mp4", "sample_sef_slow_motion.mp4", "sample_with_color_info.mp4",
            "edges/pixel-motion-photo-shortened.jpg", "edges/ss-motion-photo-shortened.jpg", "edges/water_180_mvhevc_5frames.mov"
        ] {
            let url = Self.corpus.appendingPathComponent(name)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
            let (result, bytes, reads) = try Self.probed(url)
            print("probe reads: \(name): \(bytes) of \(size) bytes in \(reads) reads")
            #expect(result == MediaProbe.probe(url), "\(name)")
            if url.pathExtension.lowercased() == "heic" { #expect(bytes <= Self.heicBound, "\(name): \(bytes) bytes") }
            total.bytes += size
            total.read += bytes
        }
        print("probe reads: the corpus: \(total.read) of \(total.bytes) bytes")
    }

    @Test(
        "a HEIC Motion Photo laid out as One UI 6 writes it (the movie, its moov at its end, and the sefd trailer in an mpvd box) reads at most 64 KiB, its picture and its movie's data never"
    )
    func oneUI6MotionPhoto() throws {
        let still = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent("IMG_3582.HEIC")))
        let (movie, alone) = try Self.samsungMovie()
        let (info, bytes, reads) = try Self.probedOneUI6(still: still, movie: movie)
        print("probe reads: One UI 6 HEIC Motion Photo: \(bytes) of \(still.count + movie.count) bytes in \(reads) reads")
        #expect(info.embeddedMovie?.layout == "mpvd" && info.embeddedMovie?.offset == still.count + 8)
        #expect(info.video == alone.video && info.audio == alone.audio && info.duration == alone.duration)
        #expect(bytes <= Self.heicBound, "\(bytes) bytes")
    }

    @Test("a camera's movie with a large header (a GoPro's, moov at its end) in a One UI 6 HEIC reads its header and a block or two")
    func oneUI6WithLargeHeader() throws {
        let still = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent("IMG_3582.HEIC")))
        let url = Self.corpus.appendingPathComponent("max-heromode.mp4")
        let movie = try [UInt8](Data(contentsOf: url))
        let header = try #require(MovieBoxes.movieHeader(in: ByteReader(bytes: movie), range: 0..<movie.count))
        let (info, bytes, reads) = try Self.probedOneUI6(still: still, movie: movie)
        print("probe reads: One UI 6 HEIC Motion Photo with a GoPro's movie: \(bytes) of \(still.count + movie.count) bytes in \(reads) reads")
        guard case .media(let alone) = MediaProbe.probe(url) else {
            Issue.record("the GoPro movie does not probe")
            return
        }
        #expect(info.video == alone.video && info.audio == alone.audio && info.duration == alone.duration)
        #expect(bytes <= Self.heicBound + header.count, "\(bytes) bytes, the moov \(header.count)")
    }

    /// A phone-like library made of the corpus's real files, as `bench/first-scan.py` makes it: how many copies of
    /// each (plain HEIC and JPEG stills, HEIC Motion Photos in the S22's and One UI 6's layouts, JPEG Motion
    /// Photos in Google's and Samsung's, and every movie).
    static let phoneLibrary: [(name: String, copies: Int)] = [
        ("IMG_3582.HEIC", 500), ("pixel_8.jpg", 500), ("motionphoto.heic", 200), ("edges/pixel-motion-photo-shortened.jpg", 300),
        ("edges/ss-motion-photo-shortened.jpg", 300), ("IMG_3582.mov", 20), ("dolbyVision-hdr.MOV", 20), ("h265_with_metadata_track.mp4", 20),
        ("hlg10-color-test.mp4", 20), ("max-heromode.mp4", 20), ("sample_sef_slow_motion.mp4", 20), ("sample_with_color_info.mp4", 20),
        ("edges/water_180_mvhevc_5frames.mov", 20), ("people/again.mkv", 20), ("people/sister.mkv", 20), ("people/thanks.mkv", 20)
    ]

    @Test("a phone-like library's first scan reads at most 2% of its bytes")
    func phoneLikeLibrary() throws {
        var (size, read) = (0, 0)
        for (name, copies) in Self.phoneLibrary {
            let url = Self.corpus.appendingPathComponent(name)
            let bytes = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
            size += copies * bytes
            read += copies * (try Self.probed(url)).bytes
        }
        let still = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent("IMG_3582.HEIC")))
        let movie = try Self.samsungMovie().movie
        let oneUI6 = try Self.probedOneUI6(still: still, movie: movie)
        size += 200 * Self.oneUI6(still: still, movie: movie).count
        read += 200 * oneUI6.bytes
        let share = Double(read) / Double(size)
        print("probe reads: a phone-like library: \(read) of \(size) bytes, \(share * 100)%")
        #expect(share <= 0.02, "\(read) of \(size) bytes")
    }

    /// The Samsung S22's movie inside the corpus's `motionphoto.heic` (its `mpvd` box less the `sefd` trailer),
    /// and its probe as a file of its own.
    static func samsungMovie() throws -> (movie: [UInt8], info: MediaInfo) {
        let file = try [UInt8](Data(contentsOf: corpus.appendingPathComponent("motionphoto.heic")))
        guard case .motionPhoto(let found) = MotionPhoto.locate(in: file) else { throw ProbeReadsError.noMovie }
        let box = Array(file[found.videoOffset..<(found.videoOffset + found.videoLength)])
        var end = 0
        while end + 8 <= box.count, String(decoding: box[(end + 4)..<(end + 8)], as: UTF8.self) != "sefd" {
            end += box[end..<(end + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let movie = Array(box[..<end])
        let folder = try TemporaryFolder("samsung-movie")
        let url = folder.url.appendingPathComponent("movie.mp4")
        try Data(movie).write(to: url)
        guard case .media(let info) = MediaProbe.probe(url) else { throw ProbeReadsError.noMovie }
        return (movie, info)
    }

    /// The probe of `still` and `movie` laid out as One UI 6 does, and the bytes and reads it took.
    static func probedOneUI6(still: [UInt8], movie: [UInt8]) throws -> (info: MediaInfo, bytes: Int, reads: Int) {
        let folder = try TemporaryFolder("one-ui-6")
        let url = folder.url.appendingPathComponent("20240601_120000.heic")
        try Data(oneUI6(still: still, movie: movie)).write(to: url)
        let (result, bytes, reads) = try probed(url)
        guard case .media(let info) = result else { throw ProbeReadsError.noMovie }
        return (info, bytes, reads)
    }

    /// One UI 6's HEIC Motion Photo: the HEIF, then an `mpvd` box holding the movie and a `sefd` box, Samsung's
    /// trailer (a `MotionPhoto_Data` block giving `mpv2`, the movie's offset and length, its `SEFH` directory and
    /// `SEFT`).
    static func oneUI6(still: [UInt8], movie: [UInt8]) -> [UInt8] {
        let name = Array("MotionPhoto_Data".utf8)
        let movieOffset = still.count + 8
        let data = Array("mpv2".utf8) + MotionPhotoBytes.bigEndian32(movieOffset) + MotionPhotoBytes.bigEndian32(movie.count)
        let block = [0, 0, 0x30, 0x0A] + MotionPhotoBytes.littleEndian32(name.count) + name + data
        let directory =
            Array("SEFH".utf8) + MotionPhotoBytes.littleEndian32(107) + MotionPhotoBytes.littleEndian32(1)
            + [0, 0, 0x30, 0x0A] + MotionPhotoBytes.littleEndian32(block.count) + MotionPhotoBytes.littleEndian32(block.count)
        let trailer = block + directory + MotionPhotoBytes.littleEndian32(directory.count) + Array("SEFT".utf8)
        return still + MotionPhotoBytes.box("mpvd", movie + MotionPhotoBytes.box("sefd", trailer))
    }
}

/// A fixture's movie that did not probe.
enum ProbeReadsError: Error {
    case noMovie
}

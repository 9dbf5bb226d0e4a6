import DVMedia
import Foundation

/// Capture metadata written into a generated movie's container, as phones write it.
package struct SampleTags: Sendable, Hashable {
    /// `creation_time`: a UTC instant (`2024-12-04T07:40:00.000000Z`).
    package var creationTime: String?
    /// `com.apple.quicktime.creationdate`: local time with its offset (`2024-12-03T23:40:00-0800`).
    package var localCreationDate: String?
    /// `com.apple.quicktime.content.identifier`: the id a Live Photo's movie shares with its still.
    package var contentIdentifier: String?
    /// `com.apple.quicktime.make` and `com.apple.quicktime.model`: the camera, as an iPhone names itself.
    package var make: String?
    package var model: String?
    /// Where the clip was shot, ISO 6709 (`+35.0116+135.7681/`): an iPhone's
    /// `com.apple.quicktime.location.ISO6709` beside Apple tags, else QuickTime's `©xyz` as Android writes it.
    package var position: String?

    package init(
        creationTime: String? = nil, localCreationDate: String? = nil, contentIdentifier: String? = nil, make: String? = nil, model: String? = nil,
        position: String? = nil
    ) {
        self.creationTime = creationTime
        self.localCreationDate = localCreationDate
        self.contentIdentifier = contentIdentifier
        self.make = make
        self.model = model
        self.position = position
    }

    /// No tags at all (the day then comes from the file name or its modification time).
    package static let none = SampleTags()

    /// Tags for a clip filmed at `local` (`2024-12-03T23:40:00-0800`): the local date as given and/or
    /// the same instant in UTC as `creation_time`.
    package static func filmed(
        at local: String, utc: Bool = true, localDate: Bool = true, contentIdentifier: String? = nil
    ) -> SampleTags {
        SampleTags(
            creationTime: utc ? utcString(fromLocal: local) : nil,
            localCreationDate: localDate ? local : nil,
            contentIdentifier: contentIdentifier
        )
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss±HHMM`.
    package static func date(fromLocal local: String) -> Date? {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        return parser.date(from: local)
    }

    /// The instant `local` names, written as FFmpeg writes `creation_time` (microseconds, `Z`).
    static func utcString(fromLocal local: String) -> String? {
        guard let date = date(fromLocal: local) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'"
        return formatter.string(from: date)
    }
}

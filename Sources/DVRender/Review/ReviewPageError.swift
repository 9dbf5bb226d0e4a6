import Foundation

/// Why `dvpipe review` would not write its folder.
package enum ReviewPageError: Error, CustomStringConvertible {
    /// `path` exists and is not a review page (nor an empty folder): it is never replaced.
    case notAPage(path: String)

    package var description: String {
        switch self {
        case .notAPage(let path):
            "\(path) exists and is not a review page (no index.html and review.js in it); it is left alone: give a new or empty folder"
        }
    }
}

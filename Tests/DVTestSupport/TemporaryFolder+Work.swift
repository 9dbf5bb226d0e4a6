import DVRender
import DVTestBasics
import Foundation

extension TemporaryFolder {
    /// A work folder inside it.
    package var work: WorkFolder { WorkFolder(root: url.appendingPathComponent("work")) }
}

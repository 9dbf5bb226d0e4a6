import DVRender
import DVTestBasics
import Foundation

extension TemporaryFolder {
    /// A work folder inside it.
    public var work: WorkFolder { WorkFolder(root: url.appendingPathComponent("work")) }
}

/// The versions of dvpipe and of its renderer.
package enum RenderVersion {
    /// dvpipe's release version.
    package static let dvpipe = "0.1.0"
    /// Part of every segment's hash: bump it when a change alters rendered pixels, so old segments are not reused.
    package static let renderer = "render-14"
}

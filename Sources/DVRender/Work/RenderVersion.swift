/// The versions of dvpipe and of its renderer.
public enum RenderVersion {
    /// dvpipe's release version.
    public static let dvpipe = "0.1.0"
    /// Part of every segment's hash: bump it when a change alters rendered pixels, so old segments are not reused.
    public static let renderer = "render-14"
}

/// The version of dvpipe's renderer. It is part of every segment's hash, so a renderer change re-renders.
public enum RenderVersion {
    /// dvpipe's release version.
    public static let dvpipe = "0.1.0"
}

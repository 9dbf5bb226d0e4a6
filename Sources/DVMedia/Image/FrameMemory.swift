internal import CMalloc

/// How the process's allocator treats the large, short-lived buffers of video work.
///
/// Every segment opens its own decoders and encoder (x264 alone takes about 200 MB at 1080p) and frees
/// them when it ends. With glibc's defaults each worker thread gets an arena of its own, and buffers freed
/// in one arena are not reused by the next segment's allocations in another, so the peak grows with the
/// number of threads that ever encoded. Rendering calls `reuseFreedFrameBuffers()` once, before the first
/// segment; on a 9-day slice of the reference job it lowered the peak by about 120 MB.
package enum FrameMemory {
    /// One arena for the whole process, and freed memory kept for the next segment instead of being
    /// trimmed and faulted in again. Changes only where memory comes from, never what is computed.
    package static func reuseFreedFrameBuffers() {
        _ = mallopt(M_ARENA_MAX, 1)
        _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
    }
}

/// One output frame of a `ClipReader`: a decoded picture at one tick of the output frame rate.
///
/// The picture belongs to the reader and is reused: it stays valid only until the next call to `next()`.
package struct DecodedFrame {
    /// The decoded picture, in the source's own size and pixel format.
    package let picture: VideoFrame
    /// The output tick within the window, 0 for the frame at the window's start.
    package let index: Int
    /// The picture's presentation time in seconds from the start of the stream.
    package let sourceTime: Double
    /// True when the stream ended before this tick and the last picture is shown again.
    package let isRepeatAfterEnd: Bool

    /// The same frame with its picture in `picture`: one that stays valid past the reader's next call
    /// (`VideoFrame.sharedReference()`).
    package func keeping(_ picture: VideoFrame) -> DecodedFrame {
        DecodedFrame(picture: picture, index: index, sourceTime: sourceTime, isRepeatAfterEnd: isRepeatAfterEnd)
    }
}

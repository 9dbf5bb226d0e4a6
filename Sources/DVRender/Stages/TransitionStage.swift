import DVMedia
import DVPlanning

/// The overlap of two pieces blended frame by frame: the transition stage's product.
package struct BlendedFrames: CanvasFrameSource {
    private var outgoing: any CanvasFrameSource
    private var incoming: any CanvasFrameSource
    private let transition: TransitionStyle
    private let frameCount: Int
    private let output: VideoFrame
    private var index = 0

    fileprivate init(
        outgoing: any CanvasFrameSource, incoming: any CanvasFrameSource, transition: Job.Transition.Style, frameCount: Int, output: VideoFrame
    ) {
        self.outgoing = outgoing
        self.incoming = incoming
        self.transition = TransitionStyle(transition)
        self.frameCount = frameCount
        self.output = output
    }

    mutating func next() throws -> VideoFrame? {
        guard index < frameCount, let from = try outgoing.next(), let to = try incoming.next() else { return nil }
        // Progress runs strictly inside (0, 1): frame i of n sits at (i + 1) / (n + 1), so neither piece shows unblended.
        let progress = Double(index + 1) / Double(frameCount + 1)
        index += 1
        try output.makeWritable()
        try transition.render(from: from, to: to, progress: progress, into: output)
        return output
    }
}

/// Transition: blends the tail of one piece into the head of the next on the YUV planes.
struct TransitionStage {
    let canvas: CanvasSettings

    func blend(
        _ outgoing: any CanvasFrameSource, into incoming: any CanvasFrameSource, style: Job.Transition.Style, frameCount: Int
    ) throws -> BlendedFrames {
        BlendedFrames(
            outgoing: outgoing, incoming: incoming, transition: style, frameCount: frameCount,
            output: try VideoFrame(width: canvas.width, height: canvas.height, format: canvas.format)
        )
    }
}

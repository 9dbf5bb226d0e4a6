import DVMedia
import DVPlanning
import DVSignal

// The job's words for the canvas, mapped once into the media library's own types: nothing below DVRender
// reads the job's.

extension CanvasFormat {
    /// The canvas format of an output of `range`: the one place the job's dynamic range becomes pixels.
    package init(_ range: Job.Output.DynamicRange) {
        switch range {
        case .sdr: self = .sdr8
        case .hlg: self = .hlg10
        }
    }
}

extension VideoCodec {
    /// The encoder's codec for the job's `video.codec`: every codec a job can name has one.
    package init(_ codec: Job.Output.VideoCodec) {
        switch codec {
        case .h264: self = .h264
        case .hevc: self = .hevc
        case .av1: self = .av1
        }
    }
}

extension CanvasFit {
    /// How the normalizer fits a picture for the job's `fit:`.
    package init(_ fit: Job.Output.Fit) {
        switch fit {
        case .contain: self = .contain
        case .cover: self = .cover
        case .blur: self = .blur
        case .subject: self = .subject
        }
    }
}

extension TransitionStyle {
    /// How the transition stage draws the job's `transition.style`.
    package init(_ style: Job.Transition.Style) {
        switch style {
        case .cut: self = .cut
        case .crossfade: self = .crossfade
        case .fade: self = .fade
        case .wipeLeft: self = .wipeLeft
        case .wipeRight: self = .wipeRight
        case .wipeUp: self = .wipeUp
        case .wipeDown: self = .wipeDown
        case .slideLeft: self = .slideLeft
        case .slideRight: self = .slideRight
        }
    }
}

extension AppliedLook {
    /// `look` as rendering applies it: a file by its content digest in `identities`, a look made by code
    /// (`theme:NAME`) by its name and `ThemeLook.version`.
    package init(_ look: Job.Output.Look, identities: [String: String]) {
        let identity = BuiltInTheme.lookName(of: look.lut) != nil ? "\(look.lut) \(ThemeLook.version)" : identities[look.lut] ?? ""
        self.init(path: look.lut, identity: identity, strength: look.strength)
    }
}

import DVPlanning
import DVSignal

extension StillMotion.Fit {
    /// The job's fit of a picture in its frame.
    init(_ fit: Job.Output.Fit) {
        switch fit {
        case .contain: self = .contain
        case .cover: self = .cover
        case .blur: self = .blur
        case .subject: self = .subject
        }
    }
}

extension StillMotion.Mode {
    /// The job's motion of a photo (`clips.photo.motion`).
    init(_ motion: Job.PhotoMotion) {
        switch motion {
        case .auto: self = .auto
        case .push: self = .push
        case .pan: self = .pan
        case .none: self = .none
        }
    }
}

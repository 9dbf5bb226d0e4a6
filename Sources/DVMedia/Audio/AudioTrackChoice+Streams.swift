internal import CFFmpeg
import DVMediaFacts

extension AudioTrackChoice {
    /// The audio track of a file with `streams` that a clip is heard through, by `choose`: its stream index
    /// and the choice; nil when the file has no audio stream.
    static func choose(among streams: [UnsafeMutablePointer<AVStream>]) -> (stream: Int, choice: AudioTrackChoice)? {
        let audio = streams.indices.filter { streams[$0].pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
        let candidates = audio.map { index in
            (
                isDefault: streams[index].pointee.disposition & AV_DISPOSITION_DEFAULT != 0,
                channels: Int(streams[index].pointee.codecpar.pointee.ch_layout.nb_channels)
            )
        }
        return choose(candidates).map { (audio[$0.track], $0) }
    }
}

import DVPlanning
import Testing

/// Which audio track a clip is heard through: the default one, else the widest, else the first.
struct AudioTrackChoiceTests {
    @Test("the default track, else the one with most channels, else the first; the reason says which rule")
    func choosesByDefaultThenChannelsThenOrder() {
        #expect(AudioTrackChoice.choose([]) == nil)
        #expect(AudioTrackChoice.choose([(false, 2)]) == AudioTrackChoice(track: 0, tracks: 1, reason: .only))
        // A commentary track marked default beside a wider main track: the mark wins.
        #expect(AudioTrackChoice.choose([(false, 6), (true, 1)]) == AudioTrackChoice(track: 1, tracks: 2, reason: .default))
        #expect(AudioTrackChoice.choose([(false, 1), (false, 2)]) == AudioTrackChoice(track: 1, tracks: 2, reason: .mostChannels))
        #expect(AudioTrackChoice.choose([(false, 2), (false, 2)]) == AudioTrackChoice(track: 0, tracks: 2, reason: .first))
        // Several marked default (MP4 marks every enabled track): the widest of those, not of all.
        #expect(AudioTrackChoice.choose([(false, 6), (true, 1), (true, 2)]) == AudioTrackChoice(track: 2, tracks: 3, reason: .mostChannels))
        #expect(AudioTrackChoice.choose([(true, 2), (true, 2), (false, 6)]) == AudioTrackChoice(track: 0, tracks: 3, reason: .first))
    }
}

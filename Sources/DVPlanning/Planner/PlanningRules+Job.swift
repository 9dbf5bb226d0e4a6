extension PlanningRules {
    /// The rules a validated job gives over its resolved days: the job's library, selection, day settings,
    /// clip windows and pace, transition, title-card lengths and layout, with the clips' analysed `moments` and the photos'
    /// `photoScores` by path, and the soundtrack's beat grids in the order played (`musicGrids`) when the job cuts on the beat.
    public init(
        job: Job, days range: DayRange, moments: [String: MomentScores] = [:], photoScores: [String: Double] = [:], musicGrids: [BeatGrid] = []
    ) {
        self.init(
            days: Array(range), timeZoneIdentifier: job.library.timeZoneIdentifier, libraryRoots: job.library.paths,
            dayRules: job.library.dayRules,
            prefer: job.selection.prefer, order: job.selection.order, daySettings: job.days,
            videoWindow: job.clips.video, livePhotoWindow: job.clips.livePhoto, photos: job.clips.photo, photoScores: photoScores,
            transition: job.transition,
            introDuration: job.intro?.duration ?? .zero, outroDuration: job.outro?.duration ?? .zero,
            momentWeights: job.selection.score, moments: moments, layout: job.layout, cameraLooks: job.looks,
            pace: Pace(speed: job.clips.speed, slowMotion: job.clips.slowMotion, speedAudio: job.clips.speedAudio, outputFPS: job.output.fps),
            metadata: job.selection.metadata, namesClips: job.usesMetadata || job.captionsSayPeople
        )
        beatSync = BeatSync(job: job, grids: musicGrids)
    }
}

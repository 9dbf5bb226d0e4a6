import DVMedia

/// The demo's job file, written next to its `library/` folder.
extension SampleLibrary {
    /// A job over the demo library that shows every plan reason: `pinned` (the 10th), `pinned from
    /// 2024-12-06` (the 8th), `video 1 of 3` (the 9th), `live photo` (the 5th and 23rd), `no media`
    /// (the 7th, …) and `skipped` (the 15th); with crossfades, a date overlay, a caption, intro and outro.
    static let demoJob = """
        # The dvpipe demo: December 2024 from the sample camera roll that `dvpipe demo` wrote in library/.
        # Try: dvpipe plan demo.yaml
        version: 1
        name: December 2024 (demo)

        library:
          paths: [library]
          timezone: America/Los_Angeles

        timeframe:
          month: 2024-12

        selection:
          prefer: [video, live_photo]
          order: earliest

        days:
          2024-12-08: { pin: IMG_0006.MOV }                          # filmed on the 6th
          2024-12-10: { pin: { file: IMG_0013.MOV, start: 0.5s } }  # the day's second clip
          2024-12-15: { skip: true }
          2024-12-18: { caption: "Grandma's birthday" }

        clips:
          video: { duration: 3s, start: 0s }
          live_photo: { duration: full }

        output:
          path: ../out/demo.mp4
          resolution: 640x360
          fit: contain
          background: "#000000"
          fps: 30
          video: { codec: h264, crf: 23, preset: veryfast }
          audio: { codec: aac, bitrate: 128k }

        transition: { style: crossfade, duration: 0.5s }

        audio:
          clips: keep
          normalize: true

        overlays:
          - date: { format: "EEE, MMM d", position: bottom-left, size: 0.045, locale: en_US }

        intro: { text: "December 2024", duration: 2s }
        outro: { text: "See you in January", duration: 2s }

        """
}

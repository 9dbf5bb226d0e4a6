/// What a media file holds (`DVMediaFacts`: its streams, times, speed, capture tags, moment scores, subtitle cues) is
/// part of the planning library's API: every `import DVPlanning` sees it, as before it had a target of its own.
@_exported import DVMediaFacts

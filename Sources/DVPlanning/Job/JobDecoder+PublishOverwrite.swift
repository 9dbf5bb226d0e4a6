extension JobDecoder {
    /// An output's `publish_overwrite:` (`true` lets its published reel replace a file of the same name),
    /// an error on an output without `publish:`.
    mutating func decodePublishOverwrite(_ fields: Fields, into output: inout Job.Output) {
        guard let node = fields["publish_overwrite"], let overwrite = bool(fields, "publish_overwrite") else { return }
        guard fields["publish"] != nil else {
            error("\(fields.name("publish_overwrite")) says whether a published reel replaces one of its name; this output has no publish:", at: node)
            return
        }
        output.publishOverwrite = overwrite
    }
}

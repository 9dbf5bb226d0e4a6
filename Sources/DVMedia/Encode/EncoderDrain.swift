internal import CFFmpeg

/// Receives every packet an encoder has ready and hands each to `output`; EAGAIN and EOF end the loop.
func receivePackets(
    from context: UnsafeMutablePointer<AVCodecContext>, into packet: Packet, encoderName: String,
    output: (Packet) throws -> Void
) throws {
    while true {
        let status = avcodec_receive_packet(context, packet.pointer)
        if status == dv_averror_eagain() || status == dv_averror_eof() { return }
        try check(status, "receiving a packet from \(encoderName)")
        defer { packet.reset() }
        try output(packet)
    }
}

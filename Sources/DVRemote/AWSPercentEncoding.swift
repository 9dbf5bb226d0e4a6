/// AWS's percent-encoding (Signature V4's `UriEncode`): every byte of the UTF-8 text is written `%XY`
/// (upper-case hex) except the unreserved `A-Z a-z 0-9 - _ . ~`, and except `/` where slashes are kept. S3 keys
/// in addresses, ListObjectsV2 parameters and the canonical request all use it, so that the address sent and
/// the address signed are the same bytes.
enum AWSPercentEncoding {
    /// `text` encoded; `/` kept as is when `keepingSlashes` (an object key in a path), else `%2F`.
    static func encoded(_ text: some StringProtocol, keepingSlashes: Bool = false) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.append(byte)
            case UInt8(ascii: "/") where keepingSlashes:
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with its `%XY` escapes turned back into bytes; a `%` without two hex digits after it, and `+`,
    /// stay as they are.
    static func decoded(_ text: some StringProtocol) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

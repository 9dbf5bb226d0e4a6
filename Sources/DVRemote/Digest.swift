internal import CCrypto
import Foundation

/// HMAC-SHA256 through OpenSSL's libcrypto, and SHA-256 at once (through `ContentHash`, the one SHA-256),
/// for request signatures and block-cache names.
package enum Digest {
    /// The SHA-256 of `bytes`.
    package static func sha256(_ bytes: some ContiguousBytes) -> [UInt8] {
        let hash = ContentHash()
        bytes.withUnsafeBytes(hash.update)
        return hash.finalBytes()
    }

    /// HMAC-SHA256 of `message` under `key`.
    package static func hmacSHA256(key: some ContiguousBytes, _ message: some ContiguousBytes) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                _ = HMAC(
                    EVP_sha256(), key.baseAddress, Int32(key.count), message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count,
                    &digest, &length)
            }
        }
        return Array(digest.prefix(Int(length)))
    }

    /// `bytes` as lower-case hex digits.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

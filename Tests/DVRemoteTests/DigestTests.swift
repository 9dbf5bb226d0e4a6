import DVRemote
import Foundation
import Testing

/// The digests against published test vectors: FIPS 180-2's "abc" and RFC 4231's HMAC-SHA256 cases.
struct DigestTests {
    @Test func sha256OfAbcIsTheStandardsVector() {
        #expect(Digest.hex(Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func hmacMatchesRFC4231() {
        let key = [UInt8](repeating: 0x0b, count: 20)
        #expect(
            Digest.hex(Digest.hmacSHA256(key: key, Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            Digest.hex(Digest.hmacSHA256(key: Array("Jefe".utf8), Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}

import DVRemote
import DVRender
import Foundation
import Testing

@Suite("content hash")
struct ContentHashTests {
    @Test("SHA-256 of known inputs (FIPS 180-2 test vectors)")
    func knownVectors() {
        #expect(ContentHash.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentHash.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("fields are separated, so moving a character between fields changes the hash")
    func fieldsAreSeparated() {
        let first = ContentHash()
        first.update("ab")
        first.update("c")
        let second = ContentHash()
        second.update("a")
        second.update("bc")
        #expect(first.finalHex() != second.finalHex())
    }
}

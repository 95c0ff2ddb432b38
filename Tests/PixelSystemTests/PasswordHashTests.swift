import Foundation
import Testing
import PixelTestSupport
@testable import PixelSystem

/// Passwords hashed by the system's libcrypt (yescrypt) and compared in constant time.
struct PasswordHashTests {
    @Test func aHashIsYescryptAndVerifiesOnlyItsPassword() throws {
        let hash = try PasswordHash.make("correct horse")
        #expect(hash.hasPrefix("$y$"))
        #expect(PasswordHash.looksLikeHash(hash))
        #expect(PasswordHash.verify("correct horse", against: hash))
        #expect(!PasswordHash.verify("correct hors", against: hash))
        #expect(!PasswordHash.verify("correct horse ", against: hash))
        #expect(!PasswordHash.verify("", against: hash))
    }

    @Test func twoHashesOfOnePasswordDifferBySalt() throws {
        let first = try PasswordHash.make("same"), second = try PasswordHash.make("same")
        #expect(first != second)
        #expect(PasswordHash.verify("same", against: second))
    }

    @Test func aHashMadeElsewhereVerifies() {
        // SHA-512 crypt ("$6$"), as `openssl passwd -6 -salt saltsalt password` makes it and
        // older /etc/shadow files hold it: libcrypt reads every method it knows.
        let stored = "$6$saltsalt$qFmFH.bQmmtXzyBY0s9v7Oicd2z4XSIecDzlB5KiA2/jctKu9YterLp8wwnSq.qc.eoxqOmSuNp2xS0ktL3nh/"
        #expect(PasswordHash.verify("password", against: stored))
        #expect(!PasswordHash.verify("Password", against: stored))
    }

    @Test func garbageIsNoHashAndVerifiesNothing() {
        for stored in ["", "plain", "*", "$", "$y$", "$zz$abc", String(repeating: "$", count: 600)] {
            #expect(!PasswordHash.verify("plain", against: stored), "\(stored)")
        }
        #expect(!PasswordHash.looksLikeHash("plain"))
        #expect(!PasswordHash.looksLikeHash("$y$ with space"))
    }

    @Test func unusablePasswordsAreRefused() {
        #expect(throws: PasswordHash.Failure.unusablePassword) { try PasswordHash.make("") }
        #expect(throws: PasswordHash.Failure.unusablePassword) { try PasswordHash.make(String(repeating: "x", count: 257)) }
        #expect(throws: PasswordHash.Failure.unusablePassword) { try PasswordHash.make("a\u{0}b") }
    }

    @Test func constantTimeEqualityIsEquality() {
        let a: [UInt8] = Array("token-1".utf8)
        #expect(ConstantTime.equal(a, a))
        #expect(!ConstantTime.equal(a, Array("token-2".utf8)))
        #expect(!ConstantTime.equal(a, Array("token-1 ".utf8)))
        #expect(!ConstantTime.equal(a, []))
        #expect(ConstantTime.equal([], []))
    }

    @Test func randomBytesComeInTheCountAskedAndDiffer() throws {
        let first = try #require(SystemRandom.bytes(32)), second = try #require(SystemRandom.bytes(32))
        #expect(first.count == 32)
        #expect(first != second)
    }

    @Test func thePasswordFileHoldsOneHashReadableByItsOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("web-password")
        try PasswordFile.write(password: "phone", to: path)
        let text = try FileBytes.readText(path)
        #expect(text.hasSuffix("\n"))
        #expect(PasswordHash.verify("phone", against: String(text.dropLast())))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }
}

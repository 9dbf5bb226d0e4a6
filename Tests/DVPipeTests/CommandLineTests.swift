import DVTestBasics
import Foundation
import Testing

@Suite("dvpipe command line", .tags(.endToEnd))
struct CommandLineTests {
    @Test("--version names dvpipe and the linked libraries with their versions")
    func versionReportsLinkedLibraries() throws {
        let result = try DVPipeProcess.run(["--version"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("dvpipe ") == true)
        for prefix in ["FFmpeg 5.", "  libavcodec 59.", "  libavformat 59.", "libx264 core ", "libyaml 0.", "FreeType 2."] {
            #expect(lines.contains { $0.hasPrefix(prefix) }, "no line starting with '\(prefix)' in:\n\(result.standardOutput)")
        }
    }

    @Test("doctor passes on a machine set up by `make`, one OK line per check")
    func doctorPasses() throws {
        let result = try DVPipeProcess.run(["doctor"])
        #expect(result.status == 0, "doctor failed:\n\(result.standardOutput)")
        for subject in ["libavcodec", "encoder libx264", "encoder aac", "default font", "free disk"] {
            #expect(result.standardOutput.contains("OK       \(subject)"), "missing OK line for \(subject)")
        }
    }

    @Test("doctor fails with status 1 and says what to do when the work folder cannot be read")
    func doctorFailsOnAMissingWorkFolder() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-no-such-folder-\(UUID().uuidString)").path
        let result = try DVPipeProcess.run(["doctor", "--work-dir", missing])
        #expect(result.status == 1, "doctor passed:\n\(result.standardOutput)")
        #expect(result.standardOutput.contains("MISSING  free disk: cannot read the file system of \(missing); create the folder"))
        #expect(result.standardOutput.contains("OK       encoder libx264"))
    }

    @Test("a missing argument is reported with a usage line and a non-zero status")
    func missingArgument() throws {
        let result = try DVPipeProcess.run(["plan"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("Missing expected argument '<job>'"))
        #expect(result.standardError.contains("Usage: dvpipe plan"))
    }

    @Test("an unknown subcommand or option is an error, not a crash")
    func unknownInput() throws {
        let subcommand = try DVPipeProcess.run(["rnu"])
        #expect(subcommand.status != 0)
        #expect(subcommand.standardError.contains("rnu"))
        let option = try DVPipeProcess.run(["doctor", "--no-such-flag"])
        #expect(option.status != 0)
        #expect(option.standardError.contains("--no-such-flag"))
    }

    @Test(
        "every subcommand has a --help with an example",
        arguments: [
            "run", "plan", "people", "validate", "render", "assemble", "status", "clean", "calendar", "demo", "doctor", "check", "beats", "apply",
            "pin", "skip"
        ])
    func helpHasExample(subcommand: String) throws {
        let result = try DVPipeProcess.run([subcommand, "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Example:"))
        #expect(result.standardOutput.contains("dvpipe \(subcommand)"))
    }
}

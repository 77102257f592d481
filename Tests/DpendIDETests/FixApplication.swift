import DpendIDE
import DpendModel
import SwiftParser
import SwiftSyntax

/// `text` with `fix`'s edits of `path` applied (replacements in UTF-8 offsets, in order).
func applying(_ fix: Fix, to text: String, path: String) -> String {
  var bytes = Array(text.utf8)
  for edit in fix.edits {
    guard case .edit(let edited, let replacements, _) = edit, edited == path else { continue }
    for replacement in replacements.reversed() {
      bytes.replaceSubrange(
        replacement.offset..<(replacement.offset + replacement.length), with: Array(replacement.replacement.utf8))
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// `true` when SwiftSyntax's parser finds no error in `text`.
func parsesCleanly(_ text: String) -> Bool {
  !Parser.parse(source: text).hasError
}

import DpendTestSupport
import Foundation

/// What a PNG shows, as far as a test needs: its size, how many colours its pixels have and
/// how many are red. Decoded by Python's `zlib` (8-bit RGB or RGBA, not interlaced, as
/// Chromium writes them), every row unfiltered.
struct PNGSummary: Equatable {
  /// A PNG `python3` could not read, with what it printed.
  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  var width: Int
  var height: Int
  var colours: Int
  /// Pixels with red at least 200 and green and blue at most 80: Graphviz's `red` strokes.
  var redPixels: Int

  /// `python3` on the `PATH`, which decodes the PNG.
  static let python3: String? = HeadlessChromium.onPath("python3")

  /// The Python program printing a PNG's width, height, colour count and red pixel count.
  static let decoder = """
    import struct, sys, zlib
    data = open(sys.argv[1], "rb").read()
    assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", "not a PNG"
    position, compressed = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        position += 12 + length
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, "unexpected PNG format"
    channels = 3 if colour_type == 2 else 4
    raw = zlib.decompress(compressed)
    stride = width * channels
    previous = bytearray(stride)
    colours, red, offset = set(), 0, 0
    for _ in range(height):
        kind = raw[offset]
        row = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for x in range(stride):
            left = row[x - channels] if x >= channels else 0
            up = previous[x]
            up_left = previous[x - channels] if x >= channels else 0
            if kind == 1:
                row[x] = (row[x] + left) & 255
            elif kind == 2:
                row[x] = (row[x] + up) & 255
            elif kind == 3:
                row[x] = (row[x] + (left + up) // 2) & 255
            elif kind == 4:
                estimate = left + up - up_left
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - up_left))
                nearest = left if distances[0] <= distances[1] and distances[0] <= distances[2] else (
                    up if distances[1] <= distances[2] else up_left)
                row[x] = (row[x] + nearest) & 255
        for x in range(0, stride, channels):
            pixel = (row[x], row[x + 1], row[x + 2])
            colours.add(pixel)
            if pixel[0] >= 200 and pixel[1] <= 80 and pixel[2] <= 80:
                red += 1
        previous = row
    print(width, height, len(colours), red)
    """

  /// The summary of the PNG at `url`, read by ``python3``.
  init(reading url: URL) throws {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: Self.python3 ?? "/usr/bin/python3"), ["-c", Self.decoder, url.path], timeout: 300)
    let numbers = result.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard result.status == 0, numbers.count == 4 else {
      throw Unreadable(description: "cannot read \(url.path): \(result)")
    }
    self.init(width: numbers[0], height: numbers[1], colours: numbers[2], redPixels: numbers[3])
  }

  init(width: Int, height: Int, colours: Int, redPixels: Int) {
    self.width = width
    self.height = height
    self.colours = colours
    self.redPixels = redPixels
  }
}

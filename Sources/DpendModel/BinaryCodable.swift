/// A model type with a binary form: what ``FileSummary/binaryEncoded()`` writes for it and
/// reads back. Every stored property is written, in declaration order.
protocol BinaryCodable {
  /// Writes every stored property.
  func write(to writer: inout BinaryWriter)
  /// Reads what ``write(to:)`` wrote.
  init(from reader: inout BinaryReader) throws(SummaryDecodingError)
}

extension BinaryWriter {
  mutating func write(_ value: some BinaryCodable) {
    value.write(to: &self)
  }

  mutating func write(_ values: [some BinaryCodable]) {
    writeArray(values) { writer, value in value.write(to: &writer) }
  }

  mutating func write(_ value: (some BinaryCodable)?) {
    writeOptional(value) { writer, value in value.write(to: &writer) }
  }

  mutating func write(_ strings: [String]) {
    writeArray(strings) { writer, string in writer.writeString(string) }
  }
}

extension BinaryReader {
  mutating func read<Value: BinaryCodable>(_: Value.Type = Value.self) throws(SummaryDecodingError) -> Value {
    try Value(from: &self)
  }

  mutating func read<Value: BinaryCodable>(_: [Value].Type = [Value].self) throws(SummaryDecodingError) -> [Value] {
    try readArray { reader throws(SummaryDecodingError) in try Value(from: &reader) }
  }

  mutating func read<Value: BinaryCodable>(_: Value?.Type = Value?.self) throws(SummaryDecodingError) -> Value? {
    try readOptional { reader throws(SummaryDecodingError) in try Value(from: &reader) }
  }

  mutating func readStrings() throws(SummaryDecodingError) -> [String] {
    try readArray { reader throws(SummaryDecodingError) in try reader.readString() }
  }
}

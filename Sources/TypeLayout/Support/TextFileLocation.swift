/// A place in a text file: 1-based line and column, the column counted in Unicode scalars.
public struct TextFileLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file's path as it was given.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int

    /// A location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// "path:line:column", the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }
}

import Foundation

/// A strict reader of binary property lists (`bplist00`), safe on hostile bytes.
///
/// The format: an 8-byte header, the objects, an offset table (one big-endian offset per
/// object), and a 32-byte trailer (offset and reference sizes, object count, the root object and
/// where the offset table starts). Every offset, length and reference is checked against the
/// file's bounds; a reference back to an object being decoded is a `reference cycle`; nesting and
/// the values materialized (shared references counted each time, decoded once) are bounded by ``PlistLimits``.
///
/// Values are those of `PropertyListSerialization`: `[String: Any]`, `[Any]`, `String`, `Bool`,
/// `NSNumber` (integers and reals), `Data`, `Date`. Sets decode as arrays. Null, fill, UIDs and
/// other markers are rejected.
struct BinaryPlistReader {
    /// The bytes of the file.
    private let bytes: [UInt8]
    /// Bytes per offset-table entry (1...8).
    private let offsetSize: Int
    /// Bytes per object reference (1...8).
    private let refSize: Int
    /// Objects in the offset table.
    private let objectCount: Int
    /// Where the offset table starts; objects lie in `8..<offsetTableStart`.
    private let offsetTableStart: Int
    /// The root object's reference.
    private let root: Int
    private var budget: PlistBudget
    /// The objects being decoded, from the root to the current one (to detect cycles).
    private var path: Set<Int> = []
    /// The objects decoded so far, with the values each counts (itself and all it holds) and how
    /// many levels of nesting it holds.
    private var decoded: [Int: (value: Any, size: Int, height: Int)] = [:]

    /// The header of a binary plist this reader reads.
    static let magic = Array("bplist00".utf8)
    /// The trailer's size in bytes.
    private static let trailerSize = 32

    /// Reads `data` (which starts with `bplist`).
    static func read(_ data: Data, budget: PlistBudget) throws(InputError) -> Any {
        var reader = try BinaryPlistReader(Array(data), budget: budget)
        return try reader.object(reader.root)
    }

    private init(_ bytes: [UInt8], budget: PlistBudget) throws(InputError) {
        self.bytes = bytes
        self.budget = budget
        guard bytes.starts(with: Self.magic) else {
            throw budget.malformed("unsupported binary format '\(messageExcerpt(String(decoding: bytes.prefix(8), as: UTF8.self)))' (expected bplist00)")
        }
        guard bytes.count >= Self.magic.count + 1 + Self.trailerSize else {
            throw budget.malformed("binary file too short for its trailer")
        }
        let trailer = bytes.count - Self.trailerSize
        offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw budget.malformed("invalid offset or reference size in the trailer (\(offsetSize), \(refSize))")
        }
        let count = Self.uint(bytes, at: trailer + 8, size: 8)
        let top = Self.uint(bytes, at: trailer + 16, size: 8)
        let table = Self.uint(bytes, at: trailer + 24, size: 8)
        guard count >= 1 else { throw budget.malformed("binary file declares no objects") }
        guard count <= UInt64(budget.limits.objects) else {
            throw InputError(file: budget.file, message: "\(budget.kind) too large: more than \(budget.limits.objects) objects")
        }
        guard top < count else { throw budget.malformed("root object \(top) out of range (\(count) objects)") }
        // count <= limits.objects and offsetSize <= 8, so the product cannot overflow.
        guard table >= UInt64(Self.magic.count + 1), table <= UInt64(trailer),
              count * UInt64(offsetSize) <= UInt64(trailer) - table else {
            throw budget.malformed("offset table out of bounds")
        }
        objectCount = Int(count)
        root = Int(top)
        offsetTableStart = Int(table)
    }

    // MARK: Objects

    /// Object `ref`, counted against the budget with everything it holds.
    ///
    /// Each object is decoded once; a shared reference reuses the value (arrays and dictionaries
    /// share their storage) but counts its whole size again, as every reader of the result
    /// expands it.
    private mutating func object(_ ref: Int) throws(InputError) -> Any {
        guard ref < objectCount else { throw budget.malformed("object reference \(ref) out of range (\(objectCount) objects)") }
        if let done = decoded[ref] {
            try budget.countNodes(done.size)
            try budget.reach(budget.depth + done.height)
            return done.value
        }
        guard !path.contains(ref) else { throw budget.malformed("reference cycle (object \(ref) contains itself)") }
        let nodes = budget.nodes, depth = budget.depth, deepest = budget.deepest
        budget.deepest = depth
        let value = try decode(ref)
        decoded[ref] = (value, budget.nodes - nodes, budget.deepest - depth)
        budget.deepest = max(deepest, budget.deepest)
        return value
    }

    /// Decodes object `ref` (not yet decoded, not on the path), counting it and what it holds.
    private mutating func decode(_ ref: Int) throws(InputError) -> Any {
        try budget.countNodes(1)
        let start = try offset(of: ref)
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return false
            case 0x09: return true
            case 0x00: throw budget.malformed("null object \(ref) is not supported")
            case 0x0F: throw budget.malformed("fill byte at object \(ref)")
            default: throw budget.malformed(unknown(marker, ref))
            }
        case 0x1:
            return try integer(at: start + 1, sizeExponent: low, ref: ref)
        case 0x2:
            let size = 1 << low
            let body = try range(start + 1, count: size, ref: ref)
            switch size {
            case 4: return NSNumber(value: Float(bitPattern: UInt32(Self.uint(bytes, at: body.lowerBound, size: 4))))
            case 8: return NSNumber(value: Double(bitPattern: Self.uint(bytes, at: body.lowerBound, size: 8)))
            default: throw budget.malformed("real of \(size) bytes at object \(ref)")
            }
        case 0x3:
            guard marker == 0x33 else { throw budget.malformed(unknown(marker, ref)) }
            let body = try range(start + 1, count: 8, ref: ref)
            let seconds = Double(bitPattern: Self.uint(bytes, at: body.lowerBound, size: 8))
            guard seconds.isFinite else { throw budget.malformed("date is not a finite number at object \(ref)") }
            return Date(timeIntervalSinceReferenceDate: seconds)
        case 0x4:
            let (count, body) = try lengthAndBody(start, low: low, ref: ref)
            return Data(bytes[try range(body, count: count, ref: ref)])
        case 0x5:
            let (count, body) = try lengthAndBody(start, low: low, ref: ref)
            let text = bytes[try range(body, count: count, ref: ref)]
            guard text.allSatisfy({ $0 < 0x80 }) else { throw budget.malformed("ASCII string holds a non-ASCII byte at object \(ref)") }
            return String(decoding: text, as: UTF8.self)
        case 0x6:
            let (count, body) = try lengthAndBody(start, low: low, ref: ref)
            let (units, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw budget.malformed("object \(ref) extends past the object area") }
            let text = try range(body, count: units, ref: ref)
            let codeUnits = stride(from: text.lowerBound, to: text.upperBound, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            guard let string = String(validating: codeUnits, as: UTF16.self) else {
                throw budget.malformed("invalid UTF-16 string at object \(ref)")
            }
            return string
        case 0xA, 0xB, 0xC:
            // Arrays, ordered sets and sets: a set decodes as an array of its members.
            let refs = try references(start, low: low, groups: 1, ref: ref)
            return try nested(ref) { (reader: inout BinaryPlistReader) throws(InputError) -> Any in
                var items: [Any] = []
                items.reserveCapacity(refs.count)
                for index in refs.indices { items.append(try reader.object(reader.reference(at: refs, index))) }
                return items
            }
        case 0xD:
            let refs = try references(start, low: low, groups: 2, ref: ref)
            let count = refs.count / 2
            return try nested(ref) { (reader: inout BinaryPlistReader) throws(InputError) -> Any in
                var dict: [String: Any] = [:]
                dict.reserveCapacity(count)
                for index in 0..<count {
                    let keyRef = reader.reference(at: refs, index)
                    guard let key = try reader.object(keyRef) as? String else {
                        throw reader.budget.malformed("dictionary key (object \(keyRef)) is not a string")
                    }
                    dict[key] = try reader.object(reader.reference(at: refs, count + index))
                }
                return dict
            }
        default:
            throw budget.malformed(unknown(marker, ref))
        }
    }

    /// Runs `body` with `ref` on the path (for cycle detection) and one level deeper.
    private mutating func nested(_ ref: Int, _ body: (inout BinaryPlistReader) throws(InputError) -> Any) throws(InputError) -> Any {
        try budget.enter()
        path.insert(ref)
        defer {
            path.remove(ref)
            budget.leave()
        }
        return try body(&self)
    }

    private func unknown(_ marker: UInt8, _ ref: Int) -> String {
        "unsupported object type 0x\(String(marker, radix: 16)) at object \(ref)"
    }

    // MARK: Bytes

    /// The offset of object `ref`, checked to lie in the object area.
    private func offset(of ref: Int) throws(InputError) -> Int {
        let value = Self.uint(bytes, at: offsetTableStart + ref * offsetSize, size: offsetSize)
        guard value >= UInt64(Self.magic.count), value < UInt64(offsetTableStart) else {
            throw budget.malformed("offset of object \(ref) out of bounds")
        }
        return Int(value)
    }

    /// `start..<start+count`, checked to lie in the object area.
    private func range(_ start: Int, count: Int, ref: Int) throws(InputError) -> Range<Int> {
        guard count >= 0, start <= offsetTableStart, count <= offsetTableStart - start else {
            throw budget.malformed("object \(ref) extends past the object area")
        }
        return start..<(start + count)
    }

    /// An integer object's value: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes when it
    /// fits 64 bits.
    private func integer(at start: Int, sizeExponent: Int, ref: Int) throws(InputError) -> NSNumber {
        guard sizeExponent <= 4 else { throw budget.malformed("integer of 2^\(sizeExponent) bytes at object \(ref)") }
        let size = 1 << sizeExponent
        let body = try range(start, count: size, ref: ref)
        switch size {
        case 1, 2, 4: return NSNumber(value: Int64(Self.uint(bytes, at: body.lowerBound, size: size)))
        case 8: return NSNumber(value: Int64(bitPattern: Self.uint(bytes, at: body.lowerBound, size: 8)))
        default:
            let high = Self.uint(bytes, at: body.lowerBound, size: 8)
            let low = Self.uint(bytes, at: body.lowerBound + 8, size: 8)
            if high == 0 { return NSNumber(value: low) }
            if high == .max, low >> 63 == 1 { return NSNumber(value: Int64(bitPattern: low)) }
            throw budget.malformed("integer out of 64-bit range at object \(ref)")
        }
    }

    /// The count of a data, string or collection object (the marker's low nibble, or the integer
    /// that follows when it is 0xF) and where its body starts.
    private func lengthAndBody(_ start: Int, low: Int, ref: Int) throws(InputError) -> (count: Int, body: Int) {
        guard low == 0xF else { return (low, start + 1) }
        let intMarker = try range(start + 1, count: 1, ref: ref)
        let marker = bytes[intMarker.lowerBound]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw budget.malformed("invalid length of object \(ref)")
        }
        let size = 1 << Int(marker & 0x0F)
        let body = try range(intMarker.upperBound, count: size, ref: ref)
        let count = Self.uint(bytes, at: body.lowerBound, size: size)
        guard count <= UInt64(offsetTableStart) else { throw budget.malformed("object \(ref) extends past the object area") }
        return (Int(count), body.upperBound)
    }

    /// The byte range of a collection's references: `groups` runs of `count` references each.
    private func references(_ start: Int, low: Int, groups: Int, ref: Int) throws(InputError) -> ReferenceList {
        let (count, body) = try lengthAndBody(start, low: low, ref: ref)
        // count <= offsetTableStart, so count * groups * refSize (<= 16 * count) cannot overflow.
        let area = try range(body, count: count * groups * refSize, ref: ref)
        return ReferenceList(start: area.lowerBound, count: count * groups)
    }

    /// Reference number `index` of `list`.
    private func reference(at list: ReferenceList, _ index: Int) -> Int {
        // A reference of up to 8 bytes may exceed Int; anything past objectCount is rejected.
        Int(clamping: Self.uint(bytes, at: list.start + index * refSize, size: refSize))
    }

    /// A big-endian unsigned integer of `size` bytes at `start` (the caller checked the bounds).
    private static func uint(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<(start + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}

/// Where a collection's references lie in a binary plist.
private struct ReferenceList {
    var start: Int
    var count: Int
    var indices: Range<Int> { 0..<count }
}

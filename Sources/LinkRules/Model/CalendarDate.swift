/// A day of the Gregorian calendar, written `YYYY-MM-DD` (a link's `sunset:`, `lint --today`). The library never
/// reads the clock: the command passes "today" in, so a CI run is reproducible.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date `text` spells as `YYYY-MM-DD`, or nil when it is not one or names no real day (`2026-02-30`).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), year > 0,
            (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a year, month and day already known to be valid.
    public init(year: Int, month: Int, day: Int) {
        precondition((1...12).contains(month) && day >= 1 && day <= Self.days(inMonth: month, of: year), "not a day")
        self.year = year
        self.month = month
        self.day = day
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}

/// A link's `deprecated: {replaced_by, sunset, reason}`: the link that takes its place, the day it stops being
/// handled, and why (`deprecated: true` gives one with none of them).
struct Deprecation: Sendable {
    /// The `deprecated:` key, where findings about the whole deprecation point.
    var key: Scalar
    var replacedBy: Scalar?
    /// The `sunset:` value as written, and the date it spells (nil when it spells none: a finding of its own).
    var sunsetScalar: Scalar?
    var sunset: CalendarDate?
    var reason: Scalar?

    init(key: Scalar) {
        self.key = key
    }
}

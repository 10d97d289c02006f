/// A moment as a status's `created_at` gives it: seconds since 1970 (UTC) and the UTC offset it
/// was written in.
public struct StatusDate: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01 00:00 UTC.
    public var secondsSince1970: Int64
    /// The offset from UTC it was written with, in seconds (+0800 is 28,800).
    public var utcOffset: Int

    /// Makes a moment.
    public init(secondsSince1970: Int64, utcOffset: Int = 0) {
        self.secondsSince1970 = secondsSince1970
        self.utcOffset = utcOffset
    }

    public static func < (a: StatusDate, b: StatusDate) -> Bool { a.secondsSince1970 < b.secondsSince1970 }

    /// Reads the two forms the APIs send moments in: Weibo's and Twitter's
    /// `"Sun Nov 29 20:00:00 +0800 2026"`, and ISO 8601 / RFC 3339 as Mastodon and Twitter v2 send
    /// them (`"2022-12-05T10:00:00.000Z"`, `"2022-12-05T18:00:00+08:00"`). Nil for anything else.
    public init?(parsing text: String) {
        var text = text
        guard let date = text.withUTF8({ Self.parseClassic($0) ?? Self.parseISO($0) }) else { return nil }
        self = date
    }

    /// Whether `text` is a moment or a display form the cell shows: ``init(parsing:)`` or
    /// ``isDisplayForm(_:)`` (what a status's `created_at` is checked with as it is decoded).
    static func isReadable(_ text: String) -> Bool {
        StatusDate(parsing: text) != nil || isDisplayForm(text)
    }

    /// What m.weibo.cn sends instead of a moment: a string already made for showing ("刚刚",
    /// "5分钟前", "3小时前", "昨天 12:30", "今天 08:00", "06-27", "2019-06-14"). The cell shows
    /// it as sent.
    public static func isDisplayForm(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isDisplayForm($0) }
    }

    private static func isDisplayForm(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        func digits(_ range: Range<Int>) -> Bool {
            !range.isEmpty && range.allSatisfy { b[$0] >= 0x30 && b[$0] <= 0x39 }
        }
        func clock(from i: Int) -> Bool {
            b.count == i + 5 && digits(i..<i + 2) && b[i + 2] == 0x3A && digits(i + 3..<i + 5)
        }
        func hasSuffix(_ suffix: StaticString) -> Bool {
            let n = suffix.utf8CodeUnitCount
            return b.count > n && (0..<n).allSatisfy { b[b.count - n + $0] == suffix.utf8Start[$0] }
        }
        func hasPrefix(_ prefix: StaticString) -> Bool {
            let n = prefix.utf8CodeUnitCount
            return b.count >= n && (0..<n).allSatisfy { b[$0] == prefix.utf8Start[$0] }
        }
        if b.count == 6, hasPrefix("刚刚") { return true }
        for suffix: StaticString in ["分钟前", "小时前", "秒前"] where hasSuffix(suffix) {
            return digits(0..<b.count - suffix.utf8CodeUnitCount)
        }
        for prefix: StaticString in ["昨天 ", "今天 ", "前天 "] where hasPrefix(prefix) {
            return clock(from: prefix.utf8CodeUnitCount)
        }
        // "06-27", "6-27", "2019-06-14".
        var dashes = (-1, -1, 0)  // the first two dashes and how many
        for i in 0..<b.count where b[i] == 0x2D {
            if dashes.2 == 0 { dashes.0 = i } else if dashes.2 == 1 { dashes.1 = i }
            dashes.2 += 1
        }
        switch dashes.2 {
        case 1:
            return (1...2).contains(dashes.0) && (1...2).contains(b.count - dashes.0 - 1)
                && digits(0..<dashes.0) && digits(dashes.0 + 1..<b.count)
        case 2:
            return dashes.0 == 4 && (1...2).contains(dashes.1 - 5) && (1...2).contains(b.count - dashes.1 - 1)
                && digits(0..<4) && digits(5..<dashes.1) && digits(dashes.1 + 1..<b.count)
        default: return false
        }
    }

    // MARK: Parsing

    /// A month's number by its English abbreviation ("Nov": 11).
    private static func month(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard name.count == 3 else { return nil }
        let i = name.startIndex
        switch (name[i], name[i + 1], name[i + 2]) {
        case (0x4A, 0x61, 0x6E): return 1  // Jan
        case (0x46, 0x65, 0x62): return 2  // Feb
        case (0x4D, 0x61, 0x72): return 3  // Mar
        case (0x41, 0x70, 0x72): return 4  // Apr
        case (0x4D, 0x61, 0x79): return 5  // May
        case (0x4A, 0x75, 0x6E): return 6  // Jun
        case (0x4A, 0x75, 0x6C): return 7  // Jul
        case (0x41, 0x75, 0x67): return 8  // Aug
        case (0x53, 0x65, 0x70): return 9  // Sep
        case (0x4F, 0x63, 0x74): return 10  // Oct
        case (0x4E, 0x6F, 0x76): return 11  // Nov
        case (0x44, 0x65, 0x63): return 12  // Dec
        default: return nil
        }
    }

    /// "Sun Nov 29 20:00:00 +0800 2026" (a day of one digit too: "Wed Sep 9 10:25:55 +0800 2015").
    private static func parseClassic(_ b: UnsafeBufferPointer<UInt8>) -> StatusDate? {
        // Weekday, month, day (one or two digits), time, offset, year, one space apart.
        guard b.count == 29 || b.count == 30 else { return nil }
        let d = b.count - 28  // the day's digits
        let t = 9 + d, o = 18 + d, y = 24 + d
        guard b[3] == 0x20, b[7] == 0x20, b[8 + d] == 0x20, b[t + 8] == 0x20, b[o + 5] == 0x20, b[t + 2] == 0x3A,
            b[t + 5] == 0x3A,
            let month = month(b[4..<7]), let day = number(b[8..<8 + d]), let hour = number(b[t..<t + 2]),
            let minute = number(b[t + 3..<t + 5]), let second = number(b[t + 6..<t + 8]),
            let offset = utcOffset(sign: b[o], hours: b[o + 1..<o + 3], minutes: b[o + 3..<o + 5]),
            let year = number(b[y..<y + 4])
        else { return nil }
        return make(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// "2022-12-05T10:00:00.000Z", "2022-12-05T18:00:00+08:00", "2022-12-05T10:00:00Z".
    private static func parseISO(_ b: UnsafeBufferPointer<UInt8>) -> StatusDate? {
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x20, b[13] == 0x3A, b[16] == 0x3A,
            let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]),
            let hour = number(b[11..<13]), let minute = number(b[14..<16]), let second = number(b[17..<19])
        else { return nil }
        var i = 19
        if b[i] == 0x2E {  // fraction of a second: ignored
            i += 1
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            guard i > start else { return nil }
        }
        guard i < b.count else { return nil }
        let offset: Int
        if b[i] == 0x5A || b[i] == 0x7A {
            guard i + 1 == b.count else { return nil }
            offset = 0
        } else {
            guard b.count - i == 6, b[i + 3] == 0x3A,
                let parsed = utcOffset(sign: b[i], hours: b[i + 1..<i + 3], minutes: b[i + 4..<i + 6])
            else { return nil }
            offset = parsed
        }
        return make(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    private static func number(_ digits: some Collection<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard digit >= 0x30 && digit <= 0x39 else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return digits.isEmpty ? nil : value
    }

    /// "+0800" (or "+08:00") as seconds: its sign and its digits.
    private static func utcOffset(
        sign: UInt8, hours: Slice<UnsafeBufferPointer<UInt8>>,
        minutes: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Int? {
        guard sign == 0x2B || sign == 0x2D, let h = number(hours), let m = number(minutes), h <= 23, m <= 59 else {
            return nil
        }
        return (sign == 0x2D ? -1 : 1) * (h * 3600 + m * 60)
    }

    private static func make(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int)
        -> StatusDate?
    {
        guard (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month, year)).contains(day), hour <= 23,
            minute <= 59, second <= 60
        else { return nil }
        let local = Int64(daysFromCivil(year, month, day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return StatusDate(secondsSince1970: local - Int64(offset), utcOffset: offset)
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The calendar date (year, month, day) and time of day of `seconds` local seconds since 1970.
    static func civil(_ localSeconds: Int64) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        let days = Int(localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400)
        let secondOfDay = Int(localSeconds - Int64(days) * 86_400)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60)
    }
}

/// Time strings of the cell, as YYKit's `WBStatusHelper` makes them, relative to a moment
/// (``CellLayouter/now``).
public enum TimelineTime {
    /// The time shown for `date` seen at `now`, in the time zone of `utcOffset` seconds:
    /// "刚刚" (within 10 minutes, or up to 10 minutes in the future), "N分钟前" (within the hour),
    /// "N小时前" (earlier today), "昨天 HH:mm", "M-d" (this year), "yy-M-dd" (other years, or a
    /// moment over 10 minutes in the future: a clock that is wrong).
    public static func string(for date: StatusDate, now: StatusDate, utcOffset: Int) -> String {
        let delta = now.secondsSince1970 - date.secondsSince1970
        let local = StatusDate.civil(date.secondsSince1970 + Int64(utcOffset))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let fullDate = "\(two(local.year % 100))-\(local.month)-\(two(local.day))"
        if delta < -600 { return fullDate }
        if delta < 600 { return "刚刚" }
        if delta < 3600 { return "\(delta / 60)分钟前" }
        let today = StatusDate.civil(now.secondsSince1970 + Int64(utcOffset))
        let dayOf = { (seconds: Int64) -> Int64 in
            let local = seconds + Int64(utcOffset)
            return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        }
        let days = dayOf(now.secondsSince1970) - dayOf(date.secondsSince1970)
        if days == 0 { return "\(delta / 3600)小时前" }
        if days == 1 { return "昨天 \(two(local.hour)):\(two(local.minute))" }
        if local.year == today.year { return "\(local.month)-\(local.day)" }
        return fullDate
    }

    /// A count as the toolbar shows it (YYKit's `shortedNumberDesc`): up to 9,999 as it is, then
    /// whole 万 (ten thousands) up to 9,999,999, then whole 千万.
    public static func shortCount(_ count: Int) -> String {
        if count <= 9_999 { return String(count) }
        if count <= 9_999_999 { return "\(count / 10_000)万" }
        return "\(count / 10_000_000)千万"
    }
}

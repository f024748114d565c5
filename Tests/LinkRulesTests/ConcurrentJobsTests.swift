import Testing
@testable import LinkRules

/// Jobs run on the cores come back joined in job order, whatever order they ran in, with the room asked for.
@Suite struct ConcurrentJobsTests {
    /// Job `index`'s elements: none for some jobs, many for others, each a string long enough to live on the heap,
    /// so a finding moved twice or dropped shows as a wrong or missing element.
    static func elements(ofJob index: Int) -> [String] {
        (0..<(index % 7 == 3 ? 0 : index * 7 % 23)).map { "job \(index), element \($0), a text long enough to live on the heap" }
    }

    @Test(arguments: [false, true])
    func joinedInJobOrderAsOnePassWould(startsLastJobFirst: Bool) {
        let count = 40
        let startOrder = startsLastJobFirst ? Array((0..<count).reversed()) : nil
        let joined = ConcurrentJobs.flatMap(count: count, concurrently: true, startOrder: startOrder, extraCapacity: { 100 }) {
            Self.elements(ofJob: $0)
        }
        let onePass = (0..<count).flatMap(Self.elements(ofJob:))
        #expect(joined == onePass)
        #expect(joined.capacity >= onePass.count + 100)
    }

    @Test func emptyJobsJoinIntoAnEmptyArray() {
        let joined = ConcurrentJobs.flatMap(count: 5, concurrently: true) { _ in [String]() }
        #expect(joined.isEmpty)
    }
}

import Foundation
import BenchmarkRunner
import Testing

@Suite struct MallocCounterTests {
    @Test func theCountingAllocatorIsInUse() {
        #expect(MallocCounter.isActive)
    }

    @Test func aSwiftArrayAllocationIsCounted() {
        let threadBefore = MallocCounter.thisThread
        let totalBefore = MallocCounter.total
        let array = [Int](repeating: 7, count: 1000 + Int(threadBefore % 3))
        blackHole(array)
        #expect(MallocCounter.thisThread >= threadBefore + 1)
        #expect(MallocCounter.total >= totalBefore + 1)
    }

    @Test func anAllocationFreeLoopIsNotCounted() {
        var sum = 0
        let before = MallocCounter.thisThread
        for index in 0..<10_000 { sum &+= index &* index }
        let after = MallocCounter.thisThread
        blackHole(sum)
        #expect(after == before)
    }

    @Test func countsOnePerAllocation() {
        var arrays: [[UInt8]] = []
        arrays.reserveCapacity(100)
        let reserved = MallocCounter.thisThread
        for index in 0..<100 { arrays.append([UInt8](repeating: UInt8(index), count: 64 + index)) }
        let after = MallocCounter.thisThread
        blackHole(arrays)
        #expect(after - reserved == 100)
    }

    @Test func heapBytesInUseSeeAnArrayKeptAndFreed() async {
        // The figure is the whole process's (every thread's heap): the array is kept and freed in
        // a child process of its own, where no other suite allocates or frees meanwhile.
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let size = 4 << 20, margin = 3 << 20
            let before = MallocCounter.heapBytesInUse
            var array = [UInt8](repeating: 1, count: size)
            let during = MallocCounter.heapBytesInUse
            blackHole(array)
            array = []
            let after = MallocCounter.heapBytesInUse
            blackHole(array)
            if during < before + UInt64(margin) || after + UInt64(margin) > during {
                FileHandle.standardError.write(
                    Data("FAILED: before \(before), during \(during), after \(after) bytes\n".utf8))
                exit(1)
            }
        }
        let report = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!report.contains("FAILED"), "the child reported: \(report)")
    }
}

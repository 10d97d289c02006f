// fuzz-cache: see `CacheFuzzer` (module FuzzTargets) for the input format and the invariants.
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    runFuzzBody(data, size, CacheFuzzer.run)
}

FuzzDriver.main(testOneInput)

// fuzz-measure: see `MeasureFuzzer` (module FuzzTargets) for the input format and the invariants.
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    runFuzzBody(data, size, MeasureFuzzer.run)
}

FuzzDriver.main(testOneInput)

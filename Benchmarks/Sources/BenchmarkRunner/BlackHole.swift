/// Consumes a value so that the optimiser cannot drop the work that made it: the benchmarks
/// pass every operation's result here.
///
/// Never inlined and never optimised, so the argument must really be computed and passed.
@inline(never) @_optimize(none)
public func blackHole<Value>(_ value: Value) {}

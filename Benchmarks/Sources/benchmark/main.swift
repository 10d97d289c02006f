import BenchmarkRunner
import Foundation

exit(BenchmarkCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))

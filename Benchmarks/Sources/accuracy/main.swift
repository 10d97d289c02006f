import AccuracyCommand
import Foundation

exit(Accuracy.main(arguments: Array(CommandLine.arguments.dropFirst())))

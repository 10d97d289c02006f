// Writes FeedLayout's character tables, computed from this machine's ICU, as C source
// included by CTextShims (see TextTablesGenerator): `swift run generate-text-tables [FILE|-]`.
@_spi(TableGeneration) import TextLayout
import Foundation

exit(TextTablesGenerator.run(arguments: Array(CommandLine.arguments.dropFirst())))

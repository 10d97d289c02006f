import FeedLayoutCLI

CommandLineTool.main()

import TextLayout

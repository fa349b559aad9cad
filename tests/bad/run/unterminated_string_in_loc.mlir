// RUN: cuda2hlo-run %s --out %out
// ERROR: :5:39: error: unterminated string
// A string left open inside a skipped group (a loc) at the end of the text. Was: a heap
// over-read in skip_balanced (ASan).
func.func @main() -> tensor<2xf32> loc("abc\
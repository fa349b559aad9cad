// RUN: stablehlo-translate --interpret -split-input-file %s
func.func @ok() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.add %0, %0 : tensor<2xi32> loc("x.cu":3:4)
  check.expect_eq_const %1, dense<[2, 4]> : tensor<2xi32>
  func.return
}
// -----
module @m attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%u: tensor<4xbf16> {cuda2hlo.param = "u"}) -> (tensor<4xbf16> {jax.result_info = "r"}) {
    %c = stablehlo.constant dense<"0x0000803F00000040"> : tensor<2xf32>
    %0 = stablehlo.convert %u : (tensor<4xbf16>) -> tensor<4xf32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<4xf32>) -> tensor<4xi32>
    %2 = stablehlo.iota dim = 0 : tensor<4xi32>
    %3 = stablehlo.select %c0, %1, %2 : tensor<4xi1>, tensor<4xi32>
    return %u : tensor<4xbf16>
  }
}

module {
  func.func public @main(%arg0: tensor<4000xf32> {cuda2hlo.param = "x"}, %arg1: tensor<128xf32> {cuda2hlo.param = "out"}) -> (tensor<128xf32> {cuda2hlo.param = "out"}) {
    %0 = stablehlo.constant dense<0.0e+00> : tensor<4096xf32>
    %1 = stablehlo.iota dim = 0 : tensor<128xi32>
    %2 = stablehlo.constant dense<32> : tensor<128xi32>
    %3 = stablehlo.multiply %1, %2 : tensor<128xi32>
    %4 = stablehlo.constant dense<4000> : tensor<128xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %6 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %7 = stablehlo.pad %arg0, %6, low = [0], high = [65], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4065xf32>
    %8 = stablehlo.slice %7 [0:4065:32] : (tensor<4065xf32>) -> tensor<128xf32>
    %9 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %10 = stablehlo.select %5, %8, %9 : tensor<128xi1>, tensor<128xf32>
    %11 = stablehlo.constant dense<0> : tensor<128xi32>
    %12 = stablehlo.constant dense<16> : tensor<128xi32>
    %13 = stablehlo.compare LT, %11, %12, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %14 = stablehlo.iota dim = 0 : tensor<128xi32>
    %15 = stablehlo.constant dense<32> : tensor<128xi32>
    %16 = stablehlo.multiply %14, %15 : tensor<128xi32>
    %17 = stablehlo.constant dense<16> : tensor<128xi32>
    %18 = stablehlo.add %16, %17 : tensor<128xi32>
    %19 = stablehlo.constant dense<4000> : tensor<128xi32>
    %20 = stablehlo.compare LT, %18, %19, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %21 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %22 = stablehlo.pad %arg0, %21, low = [0], high = [81], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4081xf32>
    %23 = stablehlo.slice %22 [16:4081:32] : (tensor<4081xf32>) -> tensor<128xf32>
    %24 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %25 = stablehlo.select %20, %23, %24 : tensor<128xi1>, tensor<128xf32>
    %26 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %27 = stablehlo.select %13, %25, %26 : tensor<128xi1>, tensor<128xf32>
    %28 = stablehlo.add %10, %27 : tensor<128xf32>
    %29 = stablehlo.constant dense<0> : tensor<128xi32>
    %30 = stablehlo.constant dense<24> : tensor<128xi32>
    %31 = stablehlo.compare LT, %29, %30, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %32 = stablehlo.iota dim = 0 : tensor<128xi32>
    %33 = stablehlo.constant dense<32> : tensor<128xi32>
    %34 = stablehlo.multiply %32, %33 : tensor<128xi32>
    %35 = stablehlo.constant dense<8> : tensor<128xi32>
    %36 = stablehlo.add %34, %35 : tensor<128xi32>
    %37 = stablehlo.constant dense<4000> : tensor<128xi32>
    %38 = stablehlo.compare LT, %36, %37, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %39 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %40 = stablehlo.pad %arg0, %39, low = [0], high = [73], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4073xf32>
    %41 = stablehlo.slice %40 [8:4073:32] : (tensor<4073xf32>) -> tensor<128xf32>
    %42 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %43 = stablehlo.select %38, %41, %42 : tensor<128xi1>, tensor<128xf32>
    %44 = stablehlo.constant dense<8> : tensor<128xi32>
    %45 = stablehlo.constant dense<16> : tensor<128xi32>
    %46 = stablehlo.compare LT, %44, %45, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %47 = stablehlo.iota dim = 0 : tensor<128xi32>
    %48 = stablehlo.constant dense<32> : tensor<128xi32>
    %49 = stablehlo.multiply %47, %48 : tensor<128xi32>
    %50 = stablehlo.constant dense<24> : tensor<128xi32>
    %51 = stablehlo.add %49, %50 : tensor<128xi32>
    %52 = stablehlo.constant dense<4000> : tensor<128xi32>
    %53 = stablehlo.compare LT, %51, %52, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %54 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %55 = stablehlo.pad %arg0, %54, low = [0], high = [89], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4089xf32>
    %56 = stablehlo.slice %55 [24:4089:32] : (tensor<4089xf32>) -> tensor<128xf32>
    %57 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %58 = stablehlo.select %53, %56, %57 : tensor<128xi1>, tensor<128xf32>
    %59 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %60 = stablehlo.select %46, %58, %59 : tensor<128xi1>, tensor<128xf32>
    %61 = stablehlo.add %43, %60 : tensor<128xf32>
    %62 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %63 = stablehlo.select %31, %61, %62 : tensor<128xi1>, tensor<128xf32>
    %64 = stablehlo.add %28, %63 : tensor<128xf32>
    %65 = stablehlo.constant dense<0> : tensor<128xi32>
    %66 = stablehlo.constant dense<28> : tensor<128xi32>
    %67 = stablehlo.compare LT, %65, %66, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %68 = stablehlo.iota dim = 0 : tensor<128xi32>
    %69 = stablehlo.constant dense<32> : tensor<128xi32>
    %70 = stablehlo.multiply %68, %69 : tensor<128xi32>
    %71 = stablehlo.constant dense<4> : tensor<128xi32>
    %72 = stablehlo.add %70, %71 : tensor<128xi32>
    %73 = stablehlo.constant dense<4000> : tensor<128xi32>
    %74 = stablehlo.compare LT, %72, %73, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %75 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %76 = stablehlo.pad %arg0, %75, low = [0], high = [69], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4069xf32>
    %77 = stablehlo.slice %76 [4:4069:32] : (tensor<4069xf32>) -> tensor<128xf32>
    %78 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %79 = stablehlo.select %74, %77, %78 : tensor<128xi1>, tensor<128xf32>
    %80 = stablehlo.constant dense<4> : tensor<128xi32>
    %81 = stablehlo.constant dense<16> : tensor<128xi32>
    %82 = stablehlo.compare LT, %80, %81, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %83 = stablehlo.iota dim = 0 : tensor<128xi32>
    %84 = stablehlo.constant dense<32> : tensor<128xi32>
    %85 = stablehlo.multiply %83, %84 : tensor<128xi32>
    %86 = stablehlo.constant dense<20> : tensor<128xi32>
    %87 = stablehlo.add %85, %86 : tensor<128xi32>
    %88 = stablehlo.constant dense<4000> : tensor<128xi32>
    %89 = stablehlo.compare LT, %87, %88, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %90 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %91 = stablehlo.pad %arg0, %90, low = [0], high = [85], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4085xf32>
    %92 = stablehlo.slice %91 [20:4085:32] : (tensor<4085xf32>) -> tensor<128xf32>
    %93 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %94 = stablehlo.select %89, %92, %93 : tensor<128xi1>, tensor<128xf32>
    %95 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %96 = stablehlo.select %82, %94, %95 : tensor<128xi1>, tensor<128xf32>
    %97 = stablehlo.add %79, %96 : tensor<128xf32>
    %98 = stablehlo.constant dense<4> : tensor<128xi32>
    %99 = stablehlo.constant dense<24> : tensor<128xi32>
    %100 = stablehlo.compare LT, %98, %99, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %101 = stablehlo.iota dim = 0 : tensor<128xi32>
    %102 = stablehlo.constant dense<32> : tensor<128xi32>
    %103 = stablehlo.multiply %101, %102 : tensor<128xi32>
    %104 = stablehlo.constant dense<12> : tensor<128xi32>
    %105 = stablehlo.add %103, %104 : tensor<128xi32>
    %106 = stablehlo.constant dense<4000> : tensor<128xi32>
    %107 = stablehlo.compare LT, %105, %106, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %108 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %109 = stablehlo.pad %arg0, %108, low = [0], high = [77], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4077xf32>
    %110 = stablehlo.slice %109 [12:4077:32] : (tensor<4077xf32>) -> tensor<128xf32>
    %111 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %112 = stablehlo.select %107, %110, %111 : tensor<128xi1>, tensor<128xf32>
    %113 = stablehlo.constant dense<12> : tensor<128xi32>
    %114 = stablehlo.constant dense<16> : tensor<128xi32>
    %115 = stablehlo.compare LT, %113, %114, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %116 = stablehlo.iota dim = 0 : tensor<128xi32>
    %117 = stablehlo.constant dense<32> : tensor<128xi32>
    %118 = stablehlo.multiply %116, %117 : tensor<128xi32>
    %119 = stablehlo.constant dense<28> : tensor<128xi32>
    %120 = stablehlo.add %118, %119 : tensor<128xi32>
    %121 = stablehlo.constant dense<4000> : tensor<128xi32>
    %122 = stablehlo.compare LT, %120, %121, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %123 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %124 = stablehlo.pad %arg0, %123, low = [0], high = [93], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4093xf32>
    %125 = stablehlo.slice %124 [28:4093:32] : (tensor<4093xf32>) -> tensor<128xf32>
    %126 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %127 = stablehlo.select %122, %125, %126 : tensor<128xi1>, tensor<128xf32>
    %128 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %129 = stablehlo.select %115, %127, %128 : tensor<128xi1>, tensor<128xf32>
    %130 = stablehlo.add %112, %129 : tensor<128xf32>
    %131 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %132 = stablehlo.select %100, %130, %131 : tensor<128xi1>, tensor<128xf32>
    %133 = stablehlo.add %97, %132 : tensor<128xf32>
    %134 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %135 = stablehlo.select %67, %133, %134 : tensor<128xi1>, tensor<128xf32>
    %136 = stablehlo.add %64, %135 : tensor<128xf32>
    %137 = stablehlo.constant dense<0> : tensor<128xi32>
    %138 = stablehlo.constant dense<30> : tensor<128xi32>
    %139 = stablehlo.compare LT, %137, %138, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %140 = stablehlo.iota dim = 0 : tensor<128xi32>
    %141 = stablehlo.constant dense<32> : tensor<128xi32>
    %142 = stablehlo.multiply %140, %141 : tensor<128xi32>
    %143 = stablehlo.constant dense<2> : tensor<128xi32>
    %144 = stablehlo.add %142, %143 : tensor<128xi32>
    %145 = stablehlo.constant dense<4000> : tensor<128xi32>
    %146 = stablehlo.compare LT, %144, %145, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %147 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %148 = stablehlo.pad %arg0, %147, low = [0], high = [67], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4067xf32>
    %149 = stablehlo.slice %148 [2:4067:32] : (tensor<4067xf32>) -> tensor<128xf32>
    %150 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %151 = stablehlo.select %146, %149, %150 : tensor<128xi1>, tensor<128xf32>
    %152 = stablehlo.constant dense<2> : tensor<128xi32>
    %153 = stablehlo.constant dense<16> : tensor<128xi32>
    %154 = stablehlo.compare LT, %152, %153, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %155 = stablehlo.iota dim = 0 : tensor<128xi32>
    %156 = stablehlo.constant dense<32> : tensor<128xi32>
    %157 = stablehlo.multiply %155, %156 : tensor<128xi32>
    %158 = stablehlo.constant dense<18> : tensor<128xi32>
    %159 = stablehlo.add %157, %158 : tensor<128xi32>
    %160 = stablehlo.constant dense<4000> : tensor<128xi32>
    %161 = stablehlo.compare LT, %159, %160, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %162 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %163 = stablehlo.pad %arg0, %162, low = [0], high = [83], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4083xf32>
    %164 = stablehlo.slice %163 [18:4083:32] : (tensor<4083xf32>) -> tensor<128xf32>
    %165 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %166 = stablehlo.select %161, %164, %165 : tensor<128xi1>, tensor<128xf32>
    %167 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %168 = stablehlo.select %154, %166, %167 : tensor<128xi1>, tensor<128xf32>
    %169 = stablehlo.add %151, %168 : tensor<128xf32>
    %170 = stablehlo.constant dense<2> : tensor<128xi32>
    %171 = stablehlo.constant dense<24> : tensor<128xi32>
    %172 = stablehlo.compare LT, %170, %171, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %173 = stablehlo.iota dim = 0 : tensor<128xi32>
    %174 = stablehlo.constant dense<32> : tensor<128xi32>
    %175 = stablehlo.multiply %173, %174 : tensor<128xi32>
    %176 = stablehlo.constant dense<10> : tensor<128xi32>
    %177 = stablehlo.add %175, %176 : tensor<128xi32>
    %178 = stablehlo.constant dense<4000> : tensor<128xi32>
    %179 = stablehlo.compare LT, %177, %178, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %180 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %181 = stablehlo.pad %arg0, %180, low = [0], high = [75], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4075xf32>
    %182 = stablehlo.slice %181 [10:4075:32] : (tensor<4075xf32>) -> tensor<128xf32>
    %183 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %184 = stablehlo.select %179, %182, %183 : tensor<128xi1>, tensor<128xf32>
    %185 = stablehlo.constant dense<10> : tensor<128xi32>
    %186 = stablehlo.constant dense<16> : tensor<128xi32>
    %187 = stablehlo.compare LT, %185, %186, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %188 = stablehlo.iota dim = 0 : tensor<128xi32>
    %189 = stablehlo.constant dense<32> : tensor<128xi32>
    %190 = stablehlo.multiply %188, %189 : tensor<128xi32>
    %191 = stablehlo.constant dense<26> : tensor<128xi32>
    %192 = stablehlo.add %190, %191 : tensor<128xi32>
    %193 = stablehlo.constant dense<4000> : tensor<128xi32>
    %194 = stablehlo.compare LT, %192, %193, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %195 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %196 = stablehlo.pad %arg0, %195, low = [0], high = [91], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4091xf32>
    %197 = stablehlo.slice %196 [26:4091:32] : (tensor<4091xf32>) -> tensor<128xf32>
    %198 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %199 = stablehlo.select %194, %197, %198 : tensor<128xi1>, tensor<128xf32>
    %200 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %201 = stablehlo.select %187, %199, %200 : tensor<128xi1>, tensor<128xf32>
    %202 = stablehlo.add %184, %201 : tensor<128xf32>
    %203 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %204 = stablehlo.select %172, %202, %203 : tensor<128xi1>, tensor<128xf32>
    %205 = stablehlo.add %169, %204 : tensor<128xf32>
    %206 = stablehlo.constant dense<2> : tensor<128xi32>
    %207 = stablehlo.constant dense<28> : tensor<128xi32>
    %208 = stablehlo.compare LT, %206, %207, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %209 = stablehlo.iota dim = 0 : tensor<128xi32>
    %210 = stablehlo.constant dense<32> : tensor<128xi32>
    %211 = stablehlo.multiply %209, %210 : tensor<128xi32>
    %212 = stablehlo.constant dense<6> : tensor<128xi32>
    %213 = stablehlo.add %211, %212 : tensor<128xi32>
    %214 = stablehlo.constant dense<4000> : tensor<128xi32>
    %215 = stablehlo.compare LT, %213, %214, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %216 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %217 = stablehlo.pad %arg0, %216, low = [0], high = [71], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4071xf32>
    %218 = stablehlo.slice %217 [6:4071:32] : (tensor<4071xf32>) -> tensor<128xf32>
    %219 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %220 = stablehlo.select %215, %218, %219 : tensor<128xi1>, tensor<128xf32>
    %221 = stablehlo.constant dense<6> : tensor<128xi32>
    %222 = stablehlo.constant dense<16> : tensor<128xi32>
    %223 = stablehlo.compare LT, %221, %222, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %224 = stablehlo.iota dim = 0 : tensor<128xi32>
    %225 = stablehlo.constant dense<32> : tensor<128xi32>
    %226 = stablehlo.multiply %224, %225 : tensor<128xi32>
    %227 = stablehlo.constant dense<22> : tensor<128xi32>
    %228 = stablehlo.add %226, %227 : tensor<128xi32>
    %229 = stablehlo.constant dense<4000> : tensor<128xi32>
    %230 = stablehlo.compare LT, %228, %229, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %231 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %232 = stablehlo.pad %arg0, %231, low = [0], high = [87], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4087xf32>
    %233 = stablehlo.slice %232 [22:4087:32] : (tensor<4087xf32>) -> tensor<128xf32>
    %234 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %235 = stablehlo.select %230, %233, %234 : tensor<128xi1>, tensor<128xf32>
    %236 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %237 = stablehlo.select %223, %235, %236 : tensor<128xi1>, tensor<128xf32>
    %238 = stablehlo.add %220, %237 : tensor<128xf32>
    %239 = stablehlo.constant dense<6> : tensor<128xi32>
    %240 = stablehlo.constant dense<24> : tensor<128xi32>
    %241 = stablehlo.compare LT, %239, %240, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %242 = stablehlo.iota dim = 0 : tensor<128xi32>
    %243 = stablehlo.constant dense<32> : tensor<128xi32>
    %244 = stablehlo.multiply %242, %243 : tensor<128xi32>
    %245 = stablehlo.constant dense<14> : tensor<128xi32>
    %246 = stablehlo.add %244, %245 : tensor<128xi32>
    %247 = stablehlo.constant dense<4000> : tensor<128xi32>
    %248 = stablehlo.compare LT, %246, %247, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %249 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %250 = stablehlo.pad %arg0, %249, low = [0], high = [79], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4079xf32>
    %251 = stablehlo.slice %250 [14:4079:32] : (tensor<4079xf32>) -> tensor<128xf32>
    %252 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %253 = stablehlo.select %248, %251, %252 : tensor<128xi1>, tensor<128xf32>
    %254 = stablehlo.constant dense<14> : tensor<128xi32>
    %255 = stablehlo.constant dense<16> : tensor<128xi32>
    %256 = stablehlo.compare LT, %254, %255, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %257 = stablehlo.iota dim = 0 : tensor<128xi32>
    %258 = stablehlo.constant dense<32> : tensor<128xi32>
    %259 = stablehlo.multiply %257, %258 : tensor<128xi32>
    %260 = stablehlo.constant dense<30> : tensor<128xi32>
    %261 = stablehlo.add %259, %260 : tensor<128xi32>
    %262 = stablehlo.constant dense<4000> : tensor<128xi32>
    %263 = stablehlo.compare LT, %261, %262, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %264 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %265 = stablehlo.pad %arg0, %264, low = [0], high = [95], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4095xf32>
    %266 = stablehlo.slice %265 [30:4095:32] : (tensor<4095xf32>) -> tensor<128xf32>
    %267 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %268 = stablehlo.select %263, %266, %267 : tensor<128xi1>, tensor<128xf32>
    %269 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %270 = stablehlo.select %256, %268, %269 : tensor<128xi1>, tensor<128xf32>
    %271 = stablehlo.add %253, %270 : tensor<128xf32>
    %272 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %273 = stablehlo.select %241, %271, %272 : tensor<128xi1>, tensor<128xf32>
    %274 = stablehlo.add %238, %273 : tensor<128xf32>
    %275 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %276 = stablehlo.select %208, %274, %275 : tensor<128xi1>, tensor<128xf32>
    %277 = stablehlo.add %205, %276 : tensor<128xf32>
    %278 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %279 = stablehlo.select %139, %277, %278 : tensor<128xi1>, tensor<128xf32>
    %280 = stablehlo.add %136, %279 : tensor<128xf32>
    %281 = stablehlo.constant dense<0> : tensor<128xi32>
    %282 = stablehlo.constant dense<31> : tensor<128xi32>
    %283 = stablehlo.compare LT, %281, %282, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %284 = stablehlo.iota dim = 0 : tensor<128xi32>
    %285 = stablehlo.constant dense<32> : tensor<128xi32>
    %286 = stablehlo.multiply %284, %285 : tensor<128xi32>
    %287 = stablehlo.constant dense<1> : tensor<128xi32>
    %288 = stablehlo.add %286, %287 : tensor<128xi32>
    %289 = stablehlo.constant dense<4000> : tensor<128xi32>
    %290 = stablehlo.compare LT, %288, %289, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %291 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %292 = stablehlo.pad %arg0, %291, low = [0], high = [66], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4066xf32>
    %293 = stablehlo.slice %292 [1:4066:32] : (tensor<4066xf32>) -> tensor<128xf32>
    %294 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %295 = stablehlo.select %290, %293, %294 : tensor<128xi1>, tensor<128xf32>
    %296 = stablehlo.constant dense<1> : tensor<128xi32>
    %297 = stablehlo.constant dense<16> : tensor<128xi32>
    %298 = stablehlo.compare LT, %296, %297, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %299 = stablehlo.iota dim = 0 : tensor<128xi32>
    %300 = stablehlo.constant dense<32> : tensor<128xi32>
    %301 = stablehlo.multiply %299, %300 : tensor<128xi32>
    %302 = stablehlo.constant dense<17> : tensor<128xi32>
    %303 = stablehlo.add %301, %302 : tensor<128xi32>
    %304 = stablehlo.constant dense<4000> : tensor<128xi32>
    %305 = stablehlo.compare LT, %303, %304, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %306 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %307 = stablehlo.pad %arg0, %306, low = [0], high = [82], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4082xf32>
    %308 = stablehlo.slice %307 [17:4082:32] : (tensor<4082xf32>) -> tensor<128xf32>
    %309 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %310 = stablehlo.select %305, %308, %309 : tensor<128xi1>, tensor<128xf32>
    %311 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %312 = stablehlo.select %298, %310, %311 : tensor<128xi1>, tensor<128xf32>
    %313 = stablehlo.add %295, %312 : tensor<128xf32>
    %314 = stablehlo.constant dense<1> : tensor<128xi32>
    %315 = stablehlo.constant dense<24> : tensor<128xi32>
    %316 = stablehlo.compare LT, %314, %315, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %317 = stablehlo.iota dim = 0 : tensor<128xi32>
    %318 = stablehlo.constant dense<32> : tensor<128xi32>
    %319 = stablehlo.multiply %317, %318 : tensor<128xi32>
    %320 = stablehlo.constant dense<9> : tensor<128xi32>
    %321 = stablehlo.add %319, %320 : tensor<128xi32>
    %322 = stablehlo.constant dense<4000> : tensor<128xi32>
    %323 = stablehlo.compare LT, %321, %322, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %324 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %325 = stablehlo.pad %arg0, %324, low = [0], high = [74], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4074xf32>
    %326 = stablehlo.slice %325 [9:4074:32] : (tensor<4074xf32>) -> tensor<128xf32>
    %327 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %328 = stablehlo.select %323, %326, %327 : tensor<128xi1>, tensor<128xf32>
    %329 = stablehlo.constant dense<9> : tensor<128xi32>
    %330 = stablehlo.constant dense<16> : tensor<128xi32>
    %331 = stablehlo.compare LT, %329, %330, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %332 = stablehlo.iota dim = 0 : tensor<128xi32>
    %333 = stablehlo.constant dense<32> : tensor<128xi32>
    %334 = stablehlo.multiply %332, %333 : tensor<128xi32>
    %335 = stablehlo.constant dense<25> : tensor<128xi32>
    %336 = stablehlo.add %334, %335 : tensor<128xi32>
    %337 = stablehlo.constant dense<4000> : tensor<128xi32>
    %338 = stablehlo.compare LT, %336, %337, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %339 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %340 = stablehlo.pad %arg0, %339, low = [0], high = [90], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4090xf32>
    %341 = stablehlo.slice %340 [25:4090:32] : (tensor<4090xf32>) -> tensor<128xf32>
    %342 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %343 = stablehlo.select %338, %341, %342 : tensor<128xi1>, tensor<128xf32>
    %344 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %345 = stablehlo.select %331, %343, %344 : tensor<128xi1>, tensor<128xf32>
    %346 = stablehlo.add %328, %345 : tensor<128xf32>
    %347 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %348 = stablehlo.select %316, %346, %347 : tensor<128xi1>, tensor<128xf32>
    %349 = stablehlo.add %313, %348 : tensor<128xf32>
    %350 = stablehlo.constant dense<1> : tensor<128xi32>
    %351 = stablehlo.constant dense<28> : tensor<128xi32>
    %352 = stablehlo.compare LT, %350, %351, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %353 = stablehlo.iota dim = 0 : tensor<128xi32>
    %354 = stablehlo.constant dense<32> : tensor<128xi32>
    %355 = stablehlo.multiply %353, %354 : tensor<128xi32>
    %356 = stablehlo.constant dense<5> : tensor<128xi32>
    %357 = stablehlo.add %355, %356 : tensor<128xi32>
    %358 = stablehlo.constant dense<4000> : tensor<128xi32>
    %359 = stablehlo.compare LT, %357, %358, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %360 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %361 = stablehlo.pad %arg0, %360, low = [0], high = [70], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4070xf32>
    %362 = stablehlo.slice %361 [5:4070:32] : (tensor<4070xf32>) -> tensor<128xf32>
    %363 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %364 = stablehlo.select %359, %362, %363 : tensor<128xi1>, tensor<128xf32>
    %365 = stablehlo.constant dense<5> : tensor<128xi32>
    %366 = stablehlo.constant dense<16> : tensor<128xi32>
    %367 = stablehlo.compare LT, %365, %366, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %368 = stablehlo.iota dim = 0 : tensor<128xi32>
    %369 = stablehlo.constant dense<32> : tensor<128xi32>
    %370 = stablehlo.multiply %368, %369 : tensor<128xi32>
    %371 = stablehlo.constant dense<21> : tensor<128xi32>
    %372 = stablehlo.add %370, %371 : tensor<128xi32>
    %373 = stablehlo.constant dense<4000> : tensor<128xi32>
    %374 = stablehlo.compare LT, %372, %373, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %375 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %376 = stablehlo.pad %arg0, %375, low = [0], high = [86], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4086xf32>
    %377 = stablehlo.slice %376 [21:4086:32] : (tensor<4086xf32>) -> tensor<128xf32>
    %378 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %379 = stablehlo.select %374, %377, %378 : tensor<128xi1>, tensor<128xf32>
    %380 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %381 = stablehlo.select %367, %379, %380 : tensor<128xi1>, tensor<128xf32>
    %382 = stablehlo.add %364, %381 : tensor<128xf32>
    %383 = stablehlo.constant dense<5> : tensor<128xi32>
    %384 = stablehlo.constant dense<24> : tensor<128xi32>
    %385 = stablehlo.compare LT, %383, %384, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %386 = stablehlo.iota dim = 0 : tensor<128xi32>
    %387 = stablehlo.constant dense<32> : tensor<128xi32>
    %388 = stablehlo.multiply %386, %387 : tensor<128xi32>
    %389 = stablehlo.constant dense<13> : tensor<128xi32>
    %390 = stablehlo.add %388, %389 : tensor<128xi32>
    %391 = stablehlo.constant dense<4000> : tensor<128xi32>
    %392 = stablehlo.compare LT, %390, %391, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %393 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %394 = stablehlo.pad %arg0, %393, low = [0], high = [78], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4078xf32>
    %395 = stablehlo.slice %394 [13:4078:32] : (tensor<4078xf32>) -> tensor<128xf32>
    %396 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %397 = stablehlo.select %392, %395, %396 : tensor<128xi1>, tensor<128xf32>
    %398 = stablehlo.constant dense<13> : tensor<128xi32>
    %399 = stablehlo.constant dense<16> : tensor<128xi32>
    %400 = stablehlo.compare LT, %398, %399, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %401 = stablehlo.iota dim = 0 : tensor<128xi32>
    %402 = stablehlo.constant dense<32> : tensor<128xi32>
    %403 = stablehlo.multiply %401, %402 : tensor<128xi32>
    %404 = stablehlo.constant dense<29> : tensor<128xi32>
    %405 = stablehlo.add %403, %404 : tensor<128xi32>
    %406 = stablehlo.constant dense<4000> : tensor<128xi32>
    %407 = stablehlo.compare LT, %405, %406, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %408 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %409 = stablehlo.pad %arg0, %408, low = [0], high = [94], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4094xf32>
    %410 = stablehlo.slice %409 [29:4094:32] : (tensor<4094xf32>) -> tensor<128xf32>
    %411 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %412 = stablehlo.select %407, %410, %411 : tensor<128xi1>, tensor<128xf32>
    %413 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %414 = stablehlo.select %400, %412, %413 : tensor<128xi1>, tensor<128xf32>
    %415 = stablehlo.add %397, %414 : tensor<128xf32>
    %416 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %417 = stablehlo.select %385, %415, %416 : tensor<128xi1>, tensor<128xf32>
    %418 = stablehlo.add %382, %417 : tensor<128xf32>
    %419 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %420 = stablehlo.select %352, %418, %419 : tensor<128xi1>, tensor<128xf32>
    %421 = stablehlo.add %349, %420 : tensor<128xf32>
    %422 = stablehlo.constant dense<1> : tensor<128xi32>
    %423 = stablehlo.constant dense<30> : tensor<128xi32>
    %424 = stablehlo.compare LT, %422, %423, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %425 = stablehlo.iota dim = 0 : tensor<128xi32>
    %426 = stablehlo.constant dense<32> : tensor<128xi32>
    %427 = stablehlo.multiply %425, %426 : tensor<128xi32>
    %428 = stablehlo.constant dense<3> : tensor<128xi32>
    %429 = stablehlo.add %427, %428 : tensor<128xi32>
    %430 = stablehlo.constant dense<4000> : tensor<128xi32>
    %431 = stablehlo.compare LT, %429, %430, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %432 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %433 = stablehlo.pad %arg0, %432, low = [0], high = [68], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4068xf32>
    %434 = stablehlo.slice %433 [3:4068:32] : (tensor<4068xf32>) -> tensor<128xf32>
    %435 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %436 = stablehlo.select %431, %434, %435 : tensor<128xi1>, tensor<128xf32>
    %437 = stablehlo.constant dense<3> : tensor<128xi32>
    %438 = stablehlo.constant dense<16> : tensor<128xi32>
    %439 = stablehlo.compare LT, %437, %438, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %440 = stablehlo.iota dim = 0 : tensor<128xi32>
    %441 = stablehlo.constant dense<32> : tensor<128xi32>
    %442 = stablehlo.multiply %440, %441 : tensor<128xi32>
    %443 = stablehlo.constant dense<19> : tensor<128xi32>
    %444 = stablehlo.add %442, %443 : tensor<128xi32>
    %445 = stablehlo.constant dense<4000> : tensor<128xi32>
    %446 = stablehlo.compare LT, %444, %445, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %447 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %448 = stablehlo.pad %arg0, %447, low = [0], high = [84], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4084xf32>
    %449 = stablehlo.slice %448 [19:4084:32] : (tensor<4084xf32>) -> tensor<128xf32>
    %450 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %451 = stablehlo.select %446, %449, %450 : tensor<128xi1>, tensor<128xf32>
    %452 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %453 = stablehlo.select %439, %451, %452 : tensor<128xi1>, tensor<128xf32>
    %454 = stablehlo.add %436, %453 : tensor<128xf32>
    %455 = stablehlo.constant dense<3> : tensor<128xi32>
    %456 = stablehlo.constant dense<24> : tensor<128xi32>
    %457 = stablehlo.compare LT, %455, %456, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %458 = stablehlo.iota dim = 0 : tensor<128xi32>
    %459 = stablehlo.constant dense<32> : tensor<128xi32>
    %460 = stablehlo.multiply %458, %459 : tensor<128xi32>
    %461 = stablehlo.constant dense<11> : tensor<128xi32>
    %462 = stablehlo.add %460, %461 : tensor<128xi32>
    %463 = stablehlo.constant dense<4000> : tensor<128xi32>
    %464 = stablehlo.compare LT, %462, %463, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %465 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %466 = stablehlo.pad %arg0, %465, low = [0], high = [76], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4076xf32>
    %467 = stablehlo.slice %466 [11:4076:32] : (tensor<4076xf32>) -> tensor<128xf32>
    %468 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %469 = stablehlo.select %464, %467, %468 : tensor<128xi1>, tensor<128xf32>
    %470 = stablehlo.constant dense<11> : tensor<128xi32>
    %471 = stablehlo.constant dense<16> : tensor<128xi32>
    %472 = stablehlo.compare LT, %470, %471, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %473 = stablehlo.iota dim = 0 : tensor<128xi32>
    %474 = stablehlo.constant dense<32> : tensor<128xi32>
    %475 = stablehlo.multiply %473, %474 : tensor<128xi32>
    %476 = stablehlo.constant dense<27> : tensor<128xi32>
    %477 = stablehlo.add %475, %476 : tensor<128xi32>
    %478 = stablehlo.constant dense<4000> : tensor<128xi32>
    %479 = stablehlo.compare LT, %477, %478, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %480 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %481 = stablehlo.pad %arg0, %480, low = [0], high = [92], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4092xf32>
    %482 = stablehlo.slice %481 [27:4092:32] : (tensor<4092xf32>) -> tensor<128xf32>
    %483 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %484 = stablehlo.select %479, %482, %483 : tensor<128xi1>, tensor<128xf32>
    %485 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %486 = stablehlo.select %472, %484, %485 : tensor<128xi1>, tensor<128xf32>
    %487 = stablehlo.add %469, %486 : tensor<128xf32>
    %488 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %489 = stablehlo.select %457, %487, %488 : tensor<128xi1>, tensor<128xf32>
    %490 = stablehlo.add %454, %489 : tensor<128xf32>
    %491 = stablehlo.constant dense<3> : tensor<128xi32>
    %492 = stablehlo.constant dense<28> : tensor<128xi32>
    %493 = stablehlo.compare LT, %491, %492, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %494 = stablehlo.iota dim = 0 : tensor<128xi32>
    %495 = stablehlo.constant dense<32> : tensor<128xi32>
    %496 = stablehlo.multiply %494, %495 : tensor<128xi32>
    %497 = stablehlo.constant dense<7> : tensor<128xi32>
    %498 = stablehlo.add %496, %497 : tensor<128xi32>
    %499 = stablehlo.constant dense<4000> : tensor<128xi32>
    %500 = stablehlo.compare LT, %498, %499, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %501 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %502 = stablehlo.pad %arg0, %501, low = [0], high = [72], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4072xf32>
    %503 = stablehlo.slice %502 [7:4072:32] : (tensor<4072xf32>) -> tensor<128xf32>
    %504 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %505 = stablehlo.select %500, %503, %504 : tensor<128xi1>, tensor<128xf32>
    %506 = stablehlo.constant dense<7> : tensor<128xi32>
    %507 = stablehlo.constant dense<16> : tensor<128xi32>
    %508 = stablehlo.compare LT, %506, %507, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %509 = stablehlo.iota dim = 0 : tensor<128xi32>
    %510 = stablehlo.constant dense<32> : tensor<128xi32>
    %511 = stablehlo.multiply %509, %510 : tensor<128xi32>
    %512 = stablehlo.constant dense<23> : tensor<128xi32>
    %513 = stablehlo.add %511, %512 : tensor<128xi32>
    %514 = stablehlo.constant dense<4000> : tensor<128xi32>
    %515 = stablehlo.compare LT, %513, %514, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %516 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %517 = stablehlo.pad %arg0, %516, low = [0], high = [88], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4088xf32>
    %518 = stablehlo.slice %517 [23:4088:32] : (tensor<4088xf32>) -> tensor<128xf32>
    %519 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %520 = stablehlo.select %515, %518, %519 : tensor<128xi1>, tensor<128xf32>
    %521 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %522 = stablehlo.select %508, %520, %521 : tensor<128xi1>, tensor<128xf32>
    %523 = stablehlo.add %505, %522 : tensor<128xf32>
    %524 = stablehlo.constant dense<7> : tensor<128xi32>
    %525 = stablehlo.constant dense<24> : tensor<128xi32>
    %526 = stablehlo.compare LT, %524, %525, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %527 = stablehlo.iota dim = 0 : tensor<128xi32>
    %528 = stablehlo.constant dense<32> : tensor<128xi32>
    %529 = stablehlo.multiply %527, %528 : tensor<128xi32>
    %530 = stablehlo.constant dense<15> : tensor<128xi32>
    %531 = stablehlo.add %529, %530 : tensor<128xi32>
    %532 = stablehlo.constant dense<4000> : tensor<128xi32>
    %533 = stablehlo.compare LT, %531, %532, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %534 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %535 = stablehlo.pad %arg0, %534, low = [0], high = [80], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4080xf32>
    %536 = stablehlo.slice %535 [15:4080:32] : (tensor<4080xf32>) -> tensor<128xf32>
    %537 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %538 = stablehlo.select %533, %536, %537 : tensor<128xi1>, tensor<128xf32>
    %539 = stablehlo.constant dense<15> : tensor<128xi32>
    %540 = stablehlo.constant dense<16> : tensor<128xi32>
    %541 = stablehlo.compare LT, %539, %540, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %542 = stablehlo.iota dim = 0 : tensor<128xi32>
    %543 = stablehlo.constant dense<32> : tensor<128xi32>
    %544 = stablehlo.multiply %542, %543 : tensor<128xi32>
    %545 = stablehlo.constant dense<31> : tensor<128xi32>
    %546 = stablehlo.add %544, %545 : tensor<128xi32>
    %547 = stablehlo.constant dense<4000> : tensor<128xi32>
    %548 = stablehlo.compare LT, %546, %547, SIGNED : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>
    %549 = stablehlo.constant dense<0.0e+00> : tensor<f32>
    %550 = stablehlo.pad %arg0, %549, low = [0], high = [96], interior = [0] : (tensor<4000xf32>, tensor<f32>) -> tensor<4096xf32>
    %551 = stablehlo.slice %550 [31:4096:32] : (tensor<4096xf32>) -> tensor<128xf32>
    %552 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %553 = stablehlo.select %548, %551, %552 : tensor<128xi1>, tensor<128xf32>
    %554 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %555 = stablehlo.select %541, %553, %554 : tensor<128xi1>, tensor<128xf32>
    %556 = stablehlo.add %538, %555 : tensor<128xf32>
    %557 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %558 = stablehlo.select %526, %556, %557 : tensor<128xi1>, tensor<128xf32>
    %559 = stablehlo.add %523, %558 : tensor<128xf32>
    %560 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %561 = stablehlo.select %493, %559, %560 : tensor<128xi1>, tensor<128xf32>
    %562 = stablehlo.add %490, %561 : tensor<128xf32>
    %563 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %564 = stablehlo.select %424, %562, %563 : tensor<128xi1>, tensor<128xf32>
    %565 = stablehlo.add %421, %564 : tensor<128xf32>
    %566 = stablehlo.constant dense<0.0e+00> : tensor<128xf32>
    %567 = stablehlo.select %283, %565, %566 : tensor<128xi1>, tensor<128xf32>
    %568 = stablehlo.add %280, %567 : tensor<128xf32>
    func.return %568 : tensor<128xf32>
  }
}

# Cuda2Hlo.jl tests (ctest julia_pkg runs them when `julia` is on PATH): a kernel written
# here, converted by the built cuda2hlo, run on plain Arrays through the runtime library
# (cpu and interp) against a Julia reference; argument checks; a located conversion error;
# and, when Reactant is installed, the same module inside Reactant.@jit via Ops.hlo_call.
using Test
using Cuda2Hlo

const SAXPY = """
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
"""

const STENCIL = """
__global__ void smooth(const double *u, double *v, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1)
    v[j * nx + i] = 0.25 * (u[j * nx + i - 1] + u[j * nx + i + 1] + u[(j - 1) * nx + i] + u[(j + 1) * nx + i]);
}
"""

const GATHER = """
__global__ void k(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[idx[i]];
}
"""

const PRINTF = """
#include <cstdio>
__global__ void k(float *y) {
  y[threadIdx.x] = 2.0f * threadIdx.x;
  printf("t %d\\n", (int)threadIdx.x);
}
"""

const SAXPY_M = Ref{Cuda2Hlo.RaisedModule}()
saxpy_traced(a, b) = SAXPY_M[](a, b)[1]        # the module as a global: not traced itself

@testset "Cuda2Hlo" begin
    m = convert_cuda(SAXPY; kernel="saxpy", grid=4, block=256, sizes=Dict("x" => 1000, "y" => 1000),
                     scalars=Dict("n" => 1000, "a" => 2.5))
    @test [p.name for p in m.params] == ["x", "y"]
    @test m.params[1].eltype == Float32 && m.params[1].shape == [1000]
    x, y = rand(Float32, 1000), rand(Float32, 1000)
    for backend in ("cpu", "interp")
        (got,) = m(x, y; backend)
        @test got ≈ 2.5f0 .* x .+ y
    end
    (byname,) = m(; y=y, x=x)
    @test byname ≈ 2.5f0 .* x .+ y

    @test_throws ArgumentError m(Float64.(x), y)
    @test_throws ArgumentError m(x[1:10], y)
    @test_throws ArgumentError m(x)
    @test_throws Cuda2Hlo.RuntimeError m(x, y; backend="no-such-backend")

    # column-major: a (nx, ny) Matrix is the CUDA field u[j * nx + i] at u[i + 1, j + 1]
    nx, ny = 12, 8
    s = convert_cuda(STENCIL; kernel="smooth", grid=(1, 1), block=(16, 8),
                     sizes=Dict("u" => nx * ny, "v" => nx * ny), scalars=Dict("nx" => nx, "ny" => ny))
    u = rand(nx, ny)
    (v,) = s(u, zeros(nx, ny))
    V = reshape(v, nx, ny)
    @test V[2:end-1, 2:end-1] ≈ 0.25 .* (u[1:end-2, 2:end-1] .+ u[3:end, 2:end-1] .+
                                          u[2:end-1, 1:end-2] .+ u[2:end-1, 3:end])
    @test all(V[1, :] .== 0) && all(V[:, 1] .== 0)

    err = try
        convert_cuda("__global__ void k(float *x) {\n  x[0] = nope;\n}\n"; kernel="k", grid=1,
                     block=32, sizes=Dict("x" => 1))
        nothing
    catch e
        e
    end
    @test err isa Cuda2Hlo.ConversionError
    @test occursin("<source>.cu:2:", err.diagnostics[1])

    # run-time bounds checks (--oob-check): the gather for in-range indices, a
    # Cuda2Hlo.RuntimeError naming the thread for one out of range; device printf printed
    g = convert_cuda(GATHER; kernel="k", grid=2, block=32,
                     sizes=Dict("x" => 50, "idx" => 64, "y" => 64), args=["--oob-check"])
    @test Cuda2Hlo.checked_sites(g.text)
    gx = Float32.(0:49) .* 0.5f0
    idx = Int32.((0:63) .* 7 .% 50)
    (gy,) = g(gx, idx, zeros(Float32, 64))
    @test gy == gx[idx .+ 1]
    idx[41] = 50
    gerr = try
        g(gx, idx, zeros(Float32, 64))
        nothing
    catch e
        e
    end
    @test gerr isa Cuda2Hlo.RuntimeError
    @test occursin("'x' is read out of bounds", gerr.msg) && occursin("thread: [8,0,0]", gerr.msg)
    p = convert_cuda(PRINTF; kernel="k", grid=1, block=4, sizes=Dict("y" => 4))
    @test !Cuda2Hlo.checked_sites(p.text)
    printed = mktemp() do path, io
        py = redirect_stdout(io) do
            p(zeros(Float32, 4))
        end
        close(io)
        @test py[1] == Float32[0, 2, 4, 6]
        read(path, String)
    end
    @test printed == "t 0\nt 1\nt 2\nt 3\n"

    if Base.find_package("Reactant") === nothing
        @info "Reactant is not installed: the Ops.hlo_call path is not tested"
    else
        @eval using Reactant
        xr, yr = Reactant.to_rarray(x), Reactant.to_rarray(y)
        SAXPY_M[] = m
        got = Array(Reactant.@jit saxpy_traced(xr, yr))
        @test got ≈ 2.5f0 .* x .+ y
    end
end

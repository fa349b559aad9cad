"""
    Cuda2Hlo

CUDA kernels raised to StableHLO by the `cuda2hlo` compiler, called from Julia:

- `Cuda2Hlo.convert(path; kernel=..., entry=..., grid=, block=, sizes=, scalars=, ...)`
  runs the `cuda2hlo` binary and returns a `Cuda2Hlo.RaisedModule` (StableHLO text, signature);
- `m(args...)` on plain `Array`s runs the module on the bundled runtime
  (`libcuda2hlo_runtime.so`, through `ccall`; `backend="cpu"|"interp"|"pjrt"`);
- `m(args...)` on Reactant arrays inside `Reactant.@jit` / `@compile` emits a call of the
  module through `Reactant.Ops.hlo_call` (the package extension `Cuda2HloReactantExt`,
  loaded with Reactant), so XLA compiles it with the rest of the traced Julia code.

Layout: every pointer parameter of a converted kernel is a flat (1-D) tensor. Pass a
`Vector`, or any array with that many elements: its memory order (column-major, the first
index fastest) is the order the CUDA code indexes, so a CUDA field `T[j * nx + i]` is a
Julia `Matrix` of size `(nx, ny)` read as `T[i + 1, j + 1]`. Arguments are positional in
the module's order (`m.params`: pointer parameters in CUDA order, then unbound scalars) or
by name as keywords. Element types must match exactly (`Float32` for `f32`, ...).

Not run: no Julia was available where this was written (see README.md).
"""
module Cuda2Hlo

using Libdl

export convert_cuda

const DTYPES = Dict{String,DataType}(
    "i1" => Bool, "i8" => Int8, "i16" => Int16, "i32" => Int32, "i64" => Int64,
    "ui8" => UInt8, "ui16" => UInt16, "ui32" => UInt32, "ui64" => UInt64,
    "f16" => Float16, "f32" => Float32, "f64" => Float64)
# c2h_dtype enum order (runtime/include/cuda2hlo_runtime.h); `nothing`: bf16, no Julia type here
const ENUM = Any[Bool, Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float16,
                 nothing, Float32, Float64]

"""A parameter or result: its CUDA name, element type and shape (row-major, as in the module)."""
struct Signature
    name::String
    eltype::DataType
    shape::Vector{Int}
end
Base.show(io::IO, s::Signature) = print(io, s.name, "::", s.eltype, s.shape)

"""A converted module: `text` (StableHLO), `params`, `results`, `report` (`--report` text)."""
mutable struct RaisedModule
    text::String
    params::Vector{Signature}
    results::Vector{Signature}
    report::String
    handle::Ptr{Cvoid}                  # c2h_module, made on the first runtime call
    sessions::Dict{String,Ptr{Cvoid}}
end

"""cuda2hlo refused the input: `diagnostics` are its `file:line:col: error: ...` lines."""
struct ConversionError <: Exception
    stderr::String
    status::Int
    diagnostics::Vector{String}
end
Base.showerror(io::IO, e::ConversionError) = print(io, "ConversionError: ", e.stderr)

struct RuntimeError <: Exception
    msg::String
end
Base.showerror(io::IO, e::RuntimeError) = print(io, "Cuda2Hlo.RuntimeError: ", e.msg)

# ---- where the binary and the library are ----

function homes()
    out = String[]
    haskey(ENV, "CUDA2HLO_HOME") && push!(out, ENV["CUDA2HLO_HOME"])
    push!(out, normpath(joinpath(@__DIR__, "..", "..", "build")))   # the checkout's build/
    exe = Sys.which("cuda2hlo")
    exe === nothing || push!(out, dirname(dirname(realpath(exe))))
    return out
end

function find_file(rel, what)
    for h in homes()
        p = joinpath(h, rel)
        isfile(p) && return p
    end
    error("Cuda2Hlo: cannot find $what (looked in $(join(homes(), ", "))); build cuda2hlo " *
          "(`make`) and set ENV[\"CUDA2HLO_HOME\"] to its build folder")
end

binary() = find_file(joinpath("bin", "cuda2hlo"), "the cuda2hlo binary")

const LIB = Ref{Ptr{Cvoid}}(C_NULL)
function sym(name::Symbol)
    if LIB[] == C_NULL
        LIB[] = Libdl.dlopen(find_file(joinpath("lib", "libcuda2hlo_runtime.so"),
                                       "libcuda2hlo_runtime.so"))
    end
    return Libdl.dlsym(LIB[], name)
end

# ---- conversion ----

dims_flag(v) = join(string.(Int.(collect(v isa Integer ? (v,) : v))), ",")

"""
    convert_cuda(path_or_source; kernel=nothing, entry=nothing, grid=nothing, block=nothing,
                 sizes=Dict(), scalars=Dict(), defines=Dict(), include_dirs=String[],
                 shmem=nothing, args=String[]) -> Cuda2Hlo.RaisedModule

Runs `cuda2hlo` (flags as in `cuda2hlo --help`: `--kernel`, `--entry`, `--grid`, `--block`,
`--size`, `--set`, `-D`, `-I`, `--shmem`). `path_or_source` is a .cu path, or CUDA source
text (anything containing a newline). A refused input throws `ConversionError`.
"""
function convert_cuda(src::AbstractString; kernel=nothing, entry=nothing, grid=nothing,
                      block=nothing, sizes=Dict(), scalars=Dict(), defines=Dict(),
                      include_dirs=String[], shmem=nothing, args=String[])
    mktempdir() do tmp
        path = src
        if occursin('\n', src)
            path = joinpath(tmp, "source.cu")
            write(path, src)
        end
        isfile(path) || throw(ArgumentError("no such file: $path"))
        out = joinpath(tmp, "module.mlir")
        cmd = String[binary(), path, "--report", "-o", out]
        for k in (kernel === nothing ? String[] : kernel isa AbstractString ? [kernel] : kernel)
            append!(cmd, ["--kernel", k])
        end
        entry === nothing || append!(cmd, ["--entry", entry])
        grid === nothing || append!(cmd, ["--grid", dims_flag(grid)])
        block === nothing || append!(cmd, ["--block", dims_flag(block)])
        shmem === nothing || append!(cmd, ["--shmem", string(Int(shmem))])
        for (k, v) in sizes
            append!(cmd, ["--size", "$k=$(Int(v))"])
        end
        for (k, v) in scalars
            append!(cmd, ["--set", "$k=$(v isa Bool ? Int(v) : v)"])
        end
        for (k, v) in defines
            append!(cmd, ["-D", v === nothing ? string(k) : "$k=$v"])
        end
        for d in include_dirs
            append!(cmd, ["-I", d])
        end
        append!(cmd, string.(args))
        errbuf = IOBuffer()
        proc = Base.run(pipeline(ignorestatus(Cmd(cmd)); stdout=devnull, stderr=errbuf))
        err = replace(String(take!(errbuf)), path => (path == src ? src : "<source>.cu"))
        if proc.exitcode != 0
            diags = [String(m.match) for m in eachmatch(r"(?m)^.*?:\d+:\d+: (?:error|warning): .*$", err)]
            throw(ConversionError(err, proc.exitcode, diags))
        end
        return load_text(read(out, String); report=err)
    end
end

"""    load(path) -> Cuda2Hlo.RaisedModule: a .mlir file written by cuda2hlo."""
load(path::AbstractString) = load_text(read(path, String))

function load_text(text::AbstractString; report="")
    m = RaisedModule(String(text), Signature[], Signature[], String(report), C_NULL,
               Dict{String,Ptr{Cvoid}}())
    handle!(m)
    n_p = ccall(sym(:c2h_module_num_params), Cint, (Ptr{Cvoid},), m.handle)
    n_r = ccall(sym(:c2h_module_num_results), Cint, (Ptr{Cvoid},), m.handle)
    m.params = [info(m, :c2h_module_param, i) for i in 0:n_p-1]
    m.results = [info(m, :c2h_module_result, i) for i in 0:n_r-1]
    finalizer(close!, m)
    return m
end

# c2h_param_info
struct ParamInfo
    name::Ptr{UInt8}
    dtype::Cint
    rank::Cint
    dims::NTuple{8,Int64}
end

function jltype(e::Integer)
    t = e + 1 <= length(ENUM) ? ENUM[e+1] : nothing
    t === nothing && throw(RuntimeError("element type $e has no Julia type here"))
    return t
end

function info(m::RaisedModule, getter::Symbol, i::Integer)
    r = Ref{ParamInfo}()
    st = ccall(sym(getter), Cint, (Ptr{Cvoid}, Cint, Ref{ParamInfo}), m.handle, i, r)
    st == 0 || throw(RuntimeError("$(status(st)): parameter $i"))
    p = r[]
    return Signature(unsafe_string(p.name), jltype(p.dtype), Int[p.dims[k] for k in 1:p.rank])
end

status(st) = unsafe_string(ccall(sym(:c2h_status_name), Cstring, (Cint,), st))

function handle!(m::RaisedModule)
    m.handle == C_NULL || return m.handle
    h = Ref{Ptr{Cvoid}}(C_NULL)
    msg = zeros(UInt8, 1024)
    st = ccall(sym(:c2h_module_create), Cint,
               (Ptr{UInt8}, Csize_t, Cstring, Ref{Ptr{Cvoid}}, Ptr{UInt8}, Csize_t),
               m.text, sizeof(m.text), "<module>", h, msg, length(msg))
    st == 0 || throw(RuntimeError("$(status(st)): $(unsafe_string(pointer(msg)))"))
    m.handle = h[]
    return m.handle
end

function close!(m::RaisedModule)
    for s in values(m.sessions)
        ccall(sym(:c2h_session_destroy), Cvoid, (Ptr{Cvoid},), s)
    end
    empty!(m.sessions)
    if m.handle != C_NULL
        ccall(sym(:c2h_module_destroy), Cvoid, (Ptr{Cvoid},), m.handle)
        m.handle = C_NULL
    end
    return nothing
end

# ---- calling ----

"""The arguments in parameter order, from positions and keywords (names of m.params)."""
function bind_args(m::RaisedModule, args, kwargs)
    length(args) <= length(m.params) ||
        throw(ArgumentError("$(length(args)) arguments given, the module takes $(length(m.params)): $(m.params)"))
    vals = Any[i <= length(args) ? args[i] : nothing for i in eachindex(m.params)]
    names = [p.name for p in m.params]
    for (k, v) in kwargs
        i = findfirst(==(String(k)), names)
        i === nothing && throw(ArgumentError("no parameter named $k (parameters: $(join(names, ", ")))"))
        i <= length(args) && throw(ArgumentError("parameter $k given twice"))
        vals[i] = v
    end
    for (i, p) in enumerate(m.params)       # the device printf/assert/check records: zeros
        if vals[i] === nothing && startswith(p.name, RECORD)
            vals[i] = zeros(p.eltype, prod(p.shape; init=1))
        end
    end
    missing_ = [names[i] for i in eachindex(vals) if vals[i] === nothing]
    isempty(missing_) || throw(ArgumentError("missing argument(s): $(join(missing_, ", "))"))
    return vals
end

"""Hook for the Reactant extension: true for Reactant's traced arrays and numbers."""
is_traced(x) = false
"""Defined by the Reactant extension: the module called through Reactant.Ops.hlo_call."""
function traced_call end

# The parameters (and results) that hold a kernel's device printf, assert and bounds-check
# records (src/frontend/printf.c): execute passes zeros for them when not given, checks
# them after the run and leaves them out of the results.
const RECORD = "cuda2hlo_printf"

"""Whether the module's device printf description (`cuda2hlo.printf`, docs/idioms.md
"Device printf") has a device assert (`a`) or a run-time bounds check (`o`) site."""
function checked_sites(text::AbstractString)
    d = match(r"cuda2hlo\.printf = \"([^\"]*)\"", text)
    d === nothing && return false
    return any(item -> startswith(strip(item), "a ") || startswith(strip(item), "o "),
               split(d.captures[1], ';'))
end

function (m::RaisedModule)(args...; backend::AbstractString="cpu", kwargs...)
    vals = bind_args(m, args, kwargs)
    if any(is_traced, vals)
        return traced_call(m, vals)
    end
    return execute(m, vals; backend)
end

"""
    execute(m, vals; backend="cpu") -> Tuple of Arrays

Runs m on the bundled runtime. Each argument must have its parameter's element type and
number of elements (memory order is taken as is); a scalar parameter takes a Julia number
of its type. Results are `Vector`s (0-d results: `Array{T,0}`) in the order of m.results.
"""
function execute(m::RaisedModule, vals::AbstractVector; backend::AbstractString="cpu")
    bufs = Ptr{Cvoid}[]
    keep = Any[]
    try
        s = session!(m, backend)
        for (i, (p, v)) in enumerate(zip(m.params, vals))
            a = host_array(p, v)
            push!(keep, a)
            dims = isempty(p.shape) ? Int64[0] : Int64.(p.shape)     # rank 0: dims unread
            b = ccall(sym(:c2h_buffer_create), Ptr{Cvoid},
                      (Cint, Cint, Ptr{Int64}, Ptr{Cvoid}, Csize_t),
                      findfirst(==(p.eltype), ENUM) - 1, length(p.shape), dims,
                      pointer(a), sizeof(a))
            push!(keep, dims)
            b == C_NULL && throw(RuntimeError("C2H_ENOMEM: cannot create a buffer"))
            push!(bufs, b)
            st = ccall(sym(:c2h_session_bind_index), Cint, (Ptr{Cvoid}, Cint, Ptr{Cvoid}), s, i - 1, b)
            st == 0 || throw(RuntimeError("$(status(st)): $(message(s))"))
        end
        st = ccall(sym(:c2h_session_run), Cint, (Ptr{Cvoid},), s)
        st == 0 || throw(RuntimeError("$(status(st)): $(message(s))"))
        check_device(s)
        return Tuple(result(s, r, i - 1) for (i, r) in enumerate(m.results)
                     if !startswith(r.name, RECORD))
    finally
        for b in bufs
            ccall(sym(:c2h_buffer_destroy), Cvoid, (Ptr{Cvoid},), b)
        end
    end
end

message(s) = unsafe_string(ccall(sym(:c2h_session_message), Cstring, (Ptr{Cvoid},), s))

"""Throws when a device assert, or a run-time bounds check of `--oob-check`, failed in the
last run (its results are not those of a valid launch: cuda2hlo-run exits 1); prints what
the kernels printed, as CUDA prints it."""
function check_device(s)
    failed = take_string(ccall(sym(:c2h_session_device_asserts), Ptr{UInt8}, (Ptr{Cvoid},), s))
    failed === nothing || throw(RuntimeError("device check failed (no results): $(strip(failed))"))
    out = take_string(ccall(sym(:c2h_session_device_output), Ptr{UInt8}, (Ptr{Cvoid},), s))
    if out !== nothing && !isempty(out)
        print(out)
        flush(stdout)
    end
    return nothing
end

"""The text of a string the runtime allocated (`nothing` for NULL), freed."""
function take_string(p::Ptr{UInt8})
    p == C_NULL && return nothing
    text = unsafe_string(p)
    Libc.free(p)
    return text
end

function session!(m::RaisedModule, backend::AbstractString)
    haskey(m.sessions, backend) && return m.sessions[backend]
    h = Ref{Ptr{Cvoid}}(C_NULL)
    msg = zeros(UInt8, 1024)
    st = ccall(sym(:c2h_session_create), Cint,
               (Ptr{Cvoid}, Cstring, Ref{Ptr{Cvoid}}, Ptr{UInt8}, Csize_t),
               handle!(m), backend, h, msg, length(msg))
    st == 0 || throw(RuntimeError("$(status(st)): $(unsafe_string(pointer(msg)))"))
    return m.sessions[backend] = h[]
end

"""A contiguous host array with p's element type and element count (a copy when needed)."""
function host_array(p::Signature, v)
    n = prod(p.shape; init=1)
    if v isa Number
        isempty(p.shape) || throw(ArgumentError("argument $(p.name): a number given, the module wants $(p)"))
        return fill(convert(p.eltype, v))
    end
    eltype(v) == p.eltype ||
        throw(ArgumentError("argument $(p.name) has element type $(eltype(v)), the module wants $(p)"))
    length(v) == n ||
        throw(ArgumentError("argument $(p.name) has $(length(v)) elements, the module wants $(p)"))
    return v isa Array ? v : collect(v)
end

function result(s, r::Signature, i)
    b = ccall(sym(:c2h_session_result), Ptr{Cvoid}, (Ptr{Cvoid}, Cint), s, i)
    p = ccall(sym(:c2h_buffer_data_const), Ptr{Cvoid}, (Ptr{Cvoid},), b)
    n = prod(r.shape; init=1)
    flat = copy(unsafe_wrap(Array, Ptr{r.eltype}(p), n))
    return isempty(r.shape) ? fill(flat[1]) : length(r.shape) == 1 ? flat :
           permutedims(reshape(flat, reverse(r.shape)...), length(r.shape):-1:1)
end

end # module

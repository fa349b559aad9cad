# Cuda2HloReactantExt: calling a Cuda2Hlo.RaisedModule on Reactant arrays inside
# `Reactant.@jit` / `Reactant.@compile` emits the module as a private function of the
# traced program and a `func.call` of it, through `Reactant.Ops.hlo_call(code, args...)`
# (Reactant's documented API: all inputs traced Reactant arrays or numbers whose MLIR
# types equal the function's, results returned as a tuple). Checked here first, with the
# parameter's name in the message: element type and size of every argument.
module Cuda2HloReactantExt

using Cuda2Hlo
using Reactant

Cuda2Hlo.is_traced(::Reactant.TracedRArray) = true
Cuda2Hlo.is_traced(::Reactant.TracedRNumber) = true

function check(p::Cuda2Hlo.Signature, v)
    if isempty(p.shape)
        v isa Reactant.TracedRNumber{p.eltype} ||
            throw(ArgumentError("argument $(p.name): the module wants a traced $(p.eltype) number " *
                                "(pass Reactant.ConcreteRNumber($(p.eltype)(x)), or bind it with scalars= when converting)"))
    else
        v isa Reactant.TracedRArray{p.eltype} ||
            throw(ArgumentError("argument $(p.name) is $(typeof(v)), the module wants $(p) as a traced array"))
        size(v) == Tuple(p.shape) ||
            throw(ArgumentError("argument $(p.name) has size $(size(v)), the module wants $(Tuple(p.shape)) " *
                                "(flatten with vec(x): column-major, first index fastest)"))
    end
end

function Cuda2Hlo.traced_call(m::Cuda2Hlo.RaisedModule, vals::AbstractVector)
    Cuda2Hlo.checked_sites(m.text) &&
        throw(ArgumentError("the module carries device asserts or run-time bounds checks " *
                            "(--oob-check), which a traced call cannot report: call it on plain Arrays"))
    for (p, v) in zip(m.params, vals)
        check(p, v)
    end
    return Reactant.Ops.hlo_call(m.text, vals...)
end

end # module

/* Shim: the oracle emulates the CUDA API in cuda_emu.h (bf16 in half_emu.h). */
#include "cuda_emu.h"

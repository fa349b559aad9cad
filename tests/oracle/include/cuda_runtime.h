/* Shim: the oracle emulates the CUDA API in cuda_emu.h. */
#include "cuda_emu.h"

/* Shim: the oracle emulates the CUDA API in cuda_emu.h. */
#include "cuda_emu.h"
/* the driver API header defines the toolkit version (CUDA 13.0 as emulated here) */
#define CUDA_VERSION 13000

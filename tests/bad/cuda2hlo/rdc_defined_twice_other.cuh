// data of rdc_defined_twice.cu: the other file of the program, its own definition of twice
// (3 * x, so the two bodies differ) and thrice, which rdc_defined_twice.cu needs
__device__ float twice(float x) { return 3.0f * x; }
__device__ float thrice(float x) { return 3.0f * x; }

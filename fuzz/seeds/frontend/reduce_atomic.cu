struct Params { int n; float scale; };

__device__ float square(float v) { return v * v; }

template <int B>
__global__ void sumsq(Params p, const float *x, float *total)
{
    float acc = 0.0f;
    for (int i = blockIdx.x * B + threadIdx.x; i < p.n; i += gridDim.x * B)
        acc += square(x[i]) * p.scale;
    for (int o = 16; o > 0; o /= 2)
        acc += __shfl_down_sync(0xffffffff, acc, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(total, acc);
}
template __global__ void sumsq<128>(Params, const float *, float *);

/* cuda2hlo-test
launch: desc_step<<<4, 64>>>(&d{N=n_arr, pi=pi_arr, w=w_arr, n=200, out=out_arr}, s)
buffer: n_arr f32 256 uniform 0.5 2
buffer: pi_arr f32 256 zeros
buffer: w_arr f32 256 uniform -1 1
buffer: out_arr f32 256 zeros
scalar: s = 4.0
check: pi_arr rtol=1e-6 atol=1e-6
check: out_arr rtol=1e-6 atol=1e-6
note: a pointer parameter to a descriptor struct in device memory whose fields are device pointers and an int (a struct-of-arrays handle, HeCBench gmm's clusters_t): the struct's fields are module inputs d.N, d.pi, d.w, d.n, d.out (docs/idioms.md); a device helper takes the descriptor pointer, and the kernel reads fields as d->f, (*d).f and d[0].f and stores through two pointer fields
*/
typedef struct {
  float *N, *pi;
  const float *w;
  int n;
  float *out;
} desc_t;

__device__ float weight(const desc_t *d, int i)
{
  return d->N[i] * (*d).w[i];
}

__device__ void normalise(desc_t *d, int i, float sum)
{
  d->pi[i] = d->N[i] / sum;
}

__global__ void desc_step(desc_t *d, float s)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if (i < d[0].n) {
    d->out[i] = weight(d, i) + (float)d->n;
    normalise(d, i, s);
  }
}

// RUN-FLAGS: --grid 1 --block 32
// A bool among ints in a struct in memory fills a 4-byte slot of its own with 3 bytes of
// padding: the struct's int fields can be read (not here), the bool cannot.
struct Node { int keys[4]; bool leaf; int count; };
__global__ void leaves(const Node *nd, int *o) {
  int i = threadIdx.x;
  o[i] = nd[i].leaf ? nd[i].count : 0;
}

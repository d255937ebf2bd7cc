/*
 * Matrix multiplication C (m x n) = A (m x k) * B (k x n), all row-major
 * floats, tiled in local memory: each TILE x TILE work-group computes one tile
 * of C, walking k in steps of TILE; per step the work-items load one element
 * of A's and of B's tile each, synchronise, and accumulate TILE products.
 * Dimensions are multiples of TILE.
 */
#define TILE 16

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void
matmul(__global const float *a, __global const float *b, __global float *c, uint m, uint n,
       uint k)
{
    __local float ta[TILE][TILE];
    __local float tb[TILE][TILE];
    uint lx = get_local_id(0), ly = get_local_id(1);
    uint col = get_global_id(0), row = get_global_id(1);

    float sum = 0.0f;
    for (uint t = 0; t < k; t += TILE) {
        ta[ly][lx] = a[row * k + t + lx];
        tb[ly][lx] = b[(t + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint i = 0; i < TILE; i++)
            sum += ta[ly][i] * tb[i][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = sum;
}

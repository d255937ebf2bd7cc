/*
 * Sum reduction of 32-bit unsigned integers (modulo 2^32) in local memory.
 * Each work-group reduces 2 * get_local_size(0) consecutive inputs to one
 * partial sum: every work-item adds two inputs while loading, then a tree of
 * halving steps separated by barriers. The local size must be a power of two.
 */
__kernel void reduce_sum(__global const uint *in, __global uint *partial, uint n,
                         __local uint *scratch)
{
    uint lid = get_local_id(0);
    uint size = get_local_size(0);
    uint i = get_group_id(0) * size * 2 + lid;

    uint sum = 0;
    if (i < n)
        sum = in[i];
    if (i + size < n)
        sum += in[i + size];
    scratch[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint stride = size / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

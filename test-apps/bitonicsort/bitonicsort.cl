/*
 * Bitonic sort of n = 2^p unsigned integers, ascending. In stage `size`
 * (2, 4, ..., n) and pass `stride` (size/2, ..., 1), the element at pos with
 * (pos & stride) == 0 is compared with pos + stride and the pair is put in
 * ascending order if (pos & size) == 0, else descending. Work-item t handles
 * the pair whose first element is pos = 2t - (t & (stride - 1)).
 *
 * Passes with stride < CHUNK/2 stay inside a chunk of CHUNK consecutive
 * elements, so they run in local memory: one work-group of CHUNK/2 work-items
 * per chunk, a barrier between passes. Larger strides run one pass per launch
 * in global memory.
 */
#define CHUNK 512

static void compare_swap(__local uint *s, uint pos, uint stride, bool ascending)
{
    uint x = s[pos], y = s[pos + stride];
    if ((x > y) == ascending) {
        s[pos] = y;
        s[pos + stride] = x;
    }
}

/* Loads this group's chunk into local memory. */
static void load_chunk(__global const uint *data, __local uint *s, uint base, uint lid)
{
    s[lid] = data[base + lid];
    s[lid + CHUNK / 2] = data[base + lid + CHUNK / 2];
    barrier(CLK_LOCAL_MEM_FENCE);
}

static void store_chunk(__global uint *data, __local const uint *s, uint base, uint lid)
{
    barrier(CLK_LOCAL_MEM_FENCE);
    data[base + lid] = s[lid];
    data[base + lid + CHUNK / 2] = s[lid + CHUNK / 2];
}

/* Stages 2 .. CHUNK, entirely in local memory. */
__kernel __attribute__((reqd_work_group_size(CHUNK / 2, 1, 1))) void
sort_chunk(__global uint *data)
{
    __local uint s[CHUNK];
    uint lid = get_local_id(0), base = get_group_id(0) * CHUNK;
    load_chunk(data, s, base, lid);
    for (uint size = 2; size <= CHUNK; size <<= 1) {
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            uint pos = 2 * lid - (lid & (stride - 1));
            compare_swap(s, pos, stride, ((base + pos) & size) == 0);
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    store_chunk(data, s, base, lid);
}

/* The passes of stage `size` with strides CHUNK/2 .. 1, in local memory. */
__kernel __attribute__((reqd_work_group_size(CHUNK / 2, 1, 1))) void
merge_chunk(__global uint *data, uint size)
{
    __local uint s[CHUNK];
    uint lid = get_local_id(0), base = get_group_id(0) * CHUNK;
    load_chunk(data, s, base, lid);
    for (uint stride = CHUNK / 2; stride > 0; stride >>= 1) {
        uint pos = 2 * lid - (lid & (stride - 1));
        compare_swap(s, pos, stride, ((base + pos) & size) == 0);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    store_chunk(data, s, base, lid);
}

/* One pass of stage `size` with stride >= CHUNK in global memory; n/2 work-items. */
__kernel void merge_global(__global uint *data, uint size, uint stride)
{
    uint t = get_global_id(0);
    uint pos = 2 * t - (t & (stride - 1));
    uint x = data[pos], y = data[pos + stride];
    if ((x > y) == ((pos & size) == 0)) {
        data[pos] = y;
        data[pos + stride] = x;
    }
}

/* Barriers with local memory, async_work_group_copy / async_work_group_strided_copy
 * / wait_group_events, prefetch and mem_fence (OpenCL 1.2 6.12.8-6.12.10). */
//@ reduce_local out=int in=int:any local=128
kernel void reduce_local(global const int *xs, global int *out)
{
    local int tmp[128];
    size_t l = get_local_id(0);
    tmp[l] = xs[get_global_id(0)];
    for (size_t s = 64; s > 0; s /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < s)
            tmp[l] += tmp[l + s];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(l * 37) % 128] ^ tmp[0];
}

//@ reverse_local out=float4 in=float4:any local=256 n=1024
kernel void reverse_local(global const float4 *xs, global float4 *out)
{
    local float4 tmp[256];
    size_t l = get_local_id(0);
    tmp[l] = xs[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[255 - l];
}

//@ barrier_global out=int in=int:any local=64
kernel void barrier_global(global const int *xs, global int *out)
{
    size_t i = get_global_id(0), l = get_local_id(0), base = i - l;
    out[i] = xs[i] * 3;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    barrier(CLK_GLOBAL_MEM_FENCE);
    int v = out[base + (l + 1) % 64];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[i] = v;
}

//@ async_copy out=uint in=uint:any local=64
kernel void async_copy(global const uint *xs, global uint *out)
{
    local uint tmp[256];
    size_t g = get_group_id(0);
    prefetch(xs + g * 64, 64);
    event_t e = async_work_group_copy(tmp, xs + g * 64, 64, 0);
    wait_group_events(1, &e);
    size_t l = get_local_id(0);
    tmp[64 + l] = tmp[63 - l] + (uint)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(out + g * 64, tmp + 64, 64, 0);
    wait_group_events(1, &e);
}

//@ async_strided out=float2 in=float2:any local=32 n=2048
kernel void async_strided(global const float2 *xs, global float2 *out)
{
    local float2 tmp[32];
    size_t g = get_group_id(0);
    /* gathers every other element of a 64-element window: groups read
     * disjoint windows while there are enough */
    size_t window = (g % 32) * 64;
    event_t e = async_work_group_strided_copy(tmp, xs + window, 32, 2, 0);
    wait_group_events(1, &e);
    e = async_work_group_strided_copy(out + g * 32 + 1, tmp, 16, 2, 0);
    wait_group_events(1, &e);
}

// Local memory, barriers, private arrays (scratch), vector loads/stores, async copies,
// atomics on global and local memory, 64-bit atomics and printf.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void reduce_local(__global const float *in, __global float *out, __local float *tmp) {
  size_t l = get_local_id(0), n = get_local_size(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = n / 2; s > 0; s >>= 1) {
    if (l < s) tmp[l] += tmp[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) out[get_group_id(0)] = tmp[0];
}

__kernel void private_array(__global const int *idx, __global int *out, int n) {
  int priv[64];
  for (int k = 0; k < 64; k++) priv[k] = k * idx[k % n];
  size_t g = get_global_id(0);
  out[g] = priv[idx[g] & 63] + priv[(idx[g] >> 6) & 63];
}

__kernel void vectors(__global const float *in, __global float *out, __global half *h,
                      __local float *scratch) {
  size_t g = get_global_id(0);
  float8 v = vload8(g, in);
  float3 t = vload3(g, in + 1);
  vstore8(v * 2.0f, g, out);
  vstore3(t, g, out + 64);
  vstore_half(v.s0, g, h);
  vstore_half4_rtz(v.lo, g, h + 16);
  out[g + 128] = vload_half(g, h) + vload_half4(g, h + 8).w;
  event_t e = async_work_group_copy(scratch, in, 64, 0);
  wait_group_events(1, &e);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  e = async_work_group_strided_copy((__global float *)out, scratch, 32, 2, 0);
  wait_group_events(1, &e);
  prefetch(in, 16);
}

__kernel void atomics(__global int *gi, __global uint *gu, __global float *gf,
                      __global long *gl, __local int *li) {
  size_t g = get_global_id(0);
  int v = (int)g;
  li[get_local_id(0)] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int r = atomic_add(gi, v) + atomic_sub(gi + 1, v) + atomic_xchg(gi + 2, v) +
          atomic_inc(gi + 3) + atomic_dec(gi + 4) + atomic_cmpxchg(gi + 5, v, v + 1) +
          atomic_min(gi + 6, v) + atomic_max(gi + 7, v) + atomic_and(gi + 8, v) +
          atomic_or(gi + 9, v) + atomic_xor(gi + 10, v);
  uint u = atomic_min(gu, (uint)g) + atomic_max(gu + 1, (uint)g) + atomic_inc(gu + 2);
  r += atomic_add(li, v) + atomic_sub(li + 1, v) + atomic_xchg(li + 2, v) + atomic_inc(li + 3) +
       atomic_dec(li + 4) + atomic_cmpxchg(li + 5, v, 3) + atomic_min(li + 6, v) +
       atomic_max(li + 7, v) + atomic_and(li + 8, v) + atomic_or(li + 9, v) + atomic_xor(li + 10, v);
  float f = atomic_xchg(gf, (float)g);
  long l = atom_add(gl, (long)g) + atom_cmpxchg(gl + 1, (long)g, 5L) + atom_min(gl + 2, (long)g) +
           atom_max(gl + 3, (long)g) + atom_xchg(gl + 4, 7L) + atom_and(gl + 5, 3L) +
           atom_or(gl + 6, 1L) + atom_xor(gl + 7, 2L) + atom_inc(gl + 8) + atom_dec(gl + 9);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  gi[g + 16] = r + (int)u + (int)f + (int)l + li[get_local_id(0)];
}

__kernel void hello(__global const float *in, int n) {
  size_t g = get_global_id(0);
  if (g < 2)
    printf("work-item %u of %u: %f %d %s %c %lx\n", (uint)g, (uint)get_global_size(0), in[g], n,
           "str", 'c', (ulong)g);
}

__kernel void work_items(__global uint *out) {
  out[get_global_id(0)] = get_work_dim() + get_global_size(1) + get_global_id(2) +
                          get_local_size(2) + get_local_id(1) + get_num_groups(0) +
                          get_group_id(2) + get_global_offset(0);
}

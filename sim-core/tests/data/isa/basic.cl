__kernel void k(__global float *a, __global const float *b, int n) {
  int i = get_global_id(0);
  __local float t[64];
  t[get_local_id(0)] = b[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i < n) a[i] = sin(t[63-get_local_id(0)]) * 2.5f + (float)n;
}

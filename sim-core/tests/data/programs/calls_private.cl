// Real function calls (noinline), private arrays and recursion-free call chains.
__attribute__((noinline)) float dot3(const float *a, const float *b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

__attribute__((noinline)) float norm_sum(__global const float *v, int n) {
    float acc[16];
    for (int i = 0; i < 16; ++i)
        acc[i] = i < n ? v[i] : 0.0f;
    float s = 0.0f;
    for (int i = 0; i < 16; i += 3)
        s += dot3(acc + (i % 13), acc + ((i * 7) % 13));
    return s;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void caller(__global const float *v, __global float *out, int n, int pick) {
    float table[32];
    for (int i = 0; i < 32; ++i)
        table[i] = v[(i * pick) & 31];
    out[get_global_id(0)] = norm_sum(v, n) + table[pick & 31];
}

__kernel __attribute__((work_group_size_hint(128, 2, 1))) __attribute__((vec_type_hint(float4)))
void hinted(__global float4 *p) {
    p[get_global_id(0)] *= 2.0f;
}

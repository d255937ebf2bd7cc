/* Vector loads and stores (OpenCL 1.2 6.12.7), exact: vloadn/vstoren at
 * unaligned element offsets, vload_half/vstore_half (half bit patterns as
 * ushort, compared with NaN == NaN as NaN payloads are open; stores in every
 * rounding mode), vloada_half. */
kernel void vload3_f(global const float *xs, global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = (float4)(vload3(i, xs + 1), 0.0f);
}
//@ vload3_f out=float4 in=float4:any n=1024

kernel void vload8_s(global const short *xs, global short8 *out)
{
    size_t i = get_global_id(0);
    out[i] = vload8(0, xs + 7 * i);
}
//@ vload8_s out=short8 in=short8:any n=1024

kernel void vstore4_i(global const int *xs, global int *out)
{
    size_t i = get_global_id(0);
    if (i % 4 == 0)
        vstore4(vload4(0, xs + i + 1), 0, out + i + 1);
}
//@ vstore4_i out=int in=int:any n=4092

kernel void vstore16_uc(global const uchar *xs, global uchar *out)
{
    size_t i = get_global_id(0);
    if (i % 16 == 0 && i + 19 < 4096)
        vstore16(vload16(0, xs + i + 3), 0, out + i + 3);
}
//@ vstore16_uc out=uchar in=uchar:any

//@ t_vload_half_f out=float in=ushort:half cmp=exact
kernel void t_vload_half_f(global const ushort *xs, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = vload_half(i, (global const half *)xs);
}

//@ t_vload_half4_f out=float4 in=ushort4:half n=1024
kernel void t_vload_half4_f(global const ushort4 *xs, global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = vload_half4(i, (global const half *)xs);
}

//@ t_vloada_half2_f out=float2 in=ushort2:half n=2048
kernel void t_vloada_half2_f(global const ushort2 *xs, global float2 *out)
{
    size_t i = get_global_id(0);
    out[i] = vloada_half2(i, (global const half *)xs);
}

#define STORE_HALF(name, fn)                                         \
    kernel void name(global const float *xs, global ushort *out)     \
    {                                                                \
        size_t i = get_global_id(0);                                 \
        fn(xs[i], i, (global half *)out);                            \
    }
//@ t_vstore_half out=ushort in=float:any cmp=half
STORE_HALF(t_vstore_half, vstore_half)
//@ t_vstore_half_rte out=ushort in=float:any cmp=half
STORE_HALF(t_vstore_half_rte, vstore_half_rte)
//@ t_vstore_half_rtz out=ushort in=float:any cmp=half
STORE_HALF(t_vstore_half_rtz, vstore_half_rtz)
//@ t_vstore_half_rtp out=ushort in=float:any cmp=half
STORE_HALF(t_vstore_half_rtp, vstore_half_rtp)
//@ t_vstore_half_rtn out=ushort in=float:any cmp=half
STORE_HALF(t_vstore_half_rtn, vstore_half_rtn)
//@ t_vstore_half_rte_r out=ushort in=float:range:-70000:70000 cmp=half
STORE_HALF(t_vstore_half_rte_r, vstore_half_rte)

//@ t_vstore_half4_rtz out=ushort4 in=float4:any cmp=half n=1024
kernel void t_vstore_half4_rtz(global const float4 *xs, global ushort4 *out)
{
    size_t i = get_global_id(0);
    vstore_half4_rtz(xs[i], i, (global half *)out);
}

//@ t_vstorea_half2_rtn out=ushort2 in=float2:any cmp=half n=2048
kernel void t_vstorea_half2_rtn(global const float2 *xs, global ushort2 *out)
{
    size_t i = get_global_id(0);
    vstorea_half2_rtn(xs[i], i, (global half *)out);
}

//@ t_vstore_half_d_rte out=ushort in=double:any cmp=half
kernel void t_vstore_half_d_rte(global const double *xs, global ushort *out)
{
    size_t i = get_global_id(0);
    vstore_half_rte(xs[i], i, (global half *)out);
}

//@ t_vstore_half_d_rtp out=ushort in=double:any cmp=half
kernel void t_vstore_half_d_rtp(global const double *xs, global ushort *out)
{
    size_t i = get_global_id(0);
    vstore_half_rtp(xs[i], i, (global half *)out);
}

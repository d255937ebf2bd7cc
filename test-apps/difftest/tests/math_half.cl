/* half_ functions (OpenCL 1.2 Table 7.1: <= 8192 ulp; half_sin, half_cos,
 * half_tan for |x| <= 2^16). */
//@ half_cos_f1 out=float in=float:range:-65536:65536 cmp=ulp:8192
UNARY(half_cos_f1, float, float, half_cos(x))
//@ half_sin_f4 out=float4 in=float4:range:-65536:65536 cmp=ulp:8192 n=1024
UNARY(half_sin_f4, float4, float4, half_sin(x))
//@ half_tan_f1 out=float in=float:range:-100:100 cmp=ulp:8192
UNARY(half_tan_f1, float, float, half_tan(x))
//@ half_divide_f1 out=float in=float:range:-1e6:1e6,float:range:0.001:1e6 cmp=ulp:8192
BINARY(half_divide_f1, float, float, float, half_divide(x, y))
//@ half_exp_f1 out=float in=float:range:-80:80 cmp=ulp:8192
UNARY(half_exp_f1, float, float, half_exp(x))
//@ half_exp2_f1 out=float in=float:range:-120:120 cmp=ulp:8192
UNARY(half_exp2_f1, float, float, half_exp2(x))
//@ half_exp10_f1 out=float in=float:range:-35:35 cmp=ulp:8192
UNARY(half_exp10_f1, float, float, half_exp10(x))
//@ half_log_f1 out=float in=float:range:1e-30:1e30 cmp=ulp:8192
UNARY(half_log_f1, float, float, half_log(x))
//@ half_log2_f1 out=float in=float:range:1e-30:1e30 cmp=ulp:8192
UNARY(half_log2_f1, float, float, half_log2(x))
//@ half_log10_f1 out=float in=float:range:1e-30:1e30 cmp=ulp:8192
UNARY(half_log10_f1, float, float, half_log10(x))
//@ half_powr_f1 out=float in=float:range:0.01:10,float:range:-10:10 cmp=ulp:8192
BINARY(half_powr_f1, float, float, float, half_powr(x, y))
//@ half_recip_f1 out=float in=float:range:1e-30:1e30 cmp=ulp:8192
UNARY(half_recip_f1, float, float, half_recip(x))
//@ half_rsqrt_f1 out=float in=float:range:1e-30:1e30 cmp=ulp:8192
UNARY(half_rsqrt_f1, float, float, half_rsqrt(x))
//@ half_sqrt_f1 out=float in=float:range:0:1e30 cmp=ulp:8192
UNARY(half_sqrt_f1, float, float, half_sqrt(x))

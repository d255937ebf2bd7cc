/* native_ functions: accuracy is implementation-defined (OpenCL 1.2 6.12.2),
 * so only a loose agreement on well-conditioned ranges is checked (gcnsim
 * uses the hardware's v_sin/v_exp/v_log/v_rcp/v_rsq/v_sqrt approximations). */
//@ native_sin_f1 out=float in=float:range:-3.14:3.14 cmp=abs:1e-4
UNARY(native_sin_f1, float, float, native_sin(x))
//@ native_cos_f4 out=float4 in=float4:range:-3.14:3.14 cmp=abs:1e-4 n=1024
UNARY(native_cos_f4, float4, float4, native_cos(x))
/* No test of native_tan: clang-15 with Debian's ROCm device libraries compiles it
 * to v_mul 1/2pi twice before v_sin/v_cos (gcnsim runs that code faithfully and
 * returns tan(x / 2pi)); the toolchain is wrong, not the simulator. */
//@ native_exp_f1 out=float in=float:range:-80:80 cmp=rel:1e-4
UNARY(native_exp_f1, float, float, native_exp(x))
//@ native_exp2_f1 out=float in=float:range:-120:120 cmp=rel:1e-4
UNARY(native_exp2_f1, float, float, native_exp2(x))
//@ native_exp10_f1 out=float in=float:range:-35:35 cmp=rel:1e-4
UNARY(native_exp10_f1, float, float, native_exp10(x))
//@ native_log_f1 out=float in=float:range:1e-30:1e30 cmp=rel:1e-4,abs:1e-5
UNARY(native_log_f1, float, float, native_log(x))
//@ native_log2_f1 out=float in=float:range:1e-30:1e30 cmp=rel:1e-4,abs:1e-5
UNARY(native_log2_f1, float, float, native_log2(x))
//@ native_log10_f1 out=float in=float:range:1e-30:1e30 cmp=rel:1e-4,abs:1e-5
UNARY(native_log10_f1, float, float, native_log10(x))
//@ native_powr_f1 out=float in=float:range:0.01:10,float:range:-10:10 cmp=rel:1e-4
BINARY(native_powr_f1, float, float, float, native_powr(x, y))
//@ native_recip_f1 out=float in=float:range:1e-30:1e30 cmp=rel:1e-5
UNARY(native_recip_f1, float, float, native_recip(x))
//@ native_rsqrt_f1 out=float in=float:range:1e-30:1e30 cmp=rel:1e-5
UNARY(native_rsqrt_f1, float, float, native_rsqrt(x))
//@ native_sqrt_f1 out=float in=float:range:0:1e30 cmp=rel:1e-5
UNARY(native_sqrt_f1, float, float, native_sqrt(x))
//@ native_divide_f1 out=float in=float:range:-1e6:1e6,float:range:0.001:1e6 cmp=rel:1e-5
BINARY(native_divide_f1, float, float, float, native_divide(x, y))

/* Exponentials, logarithms, powers and roots (OpenCL 1.2 Tables 7.1/7.2:
 * exp, exp2, exp10, expm1, log, log2, log10 <= 3 ulp; log1p <= 2; pow, pown,
 * powr, rootn <= 16; cbrt <= 2; float sqrt <= 3; rsqrt <= 2; hypot <= 4;
 * double sqrt correctly rounded). */
//@ exp_f1 out=float in=float:any cmp=ulp:3
UNARY(exp_f1, float, float, exp(x))
//@ exp_f4 out=float4 in=float4:range:-90:90 cmp=ulp:3 n=1024
UNARY(exp_f4, float4, float4, exp(x))
//@ exp2_f1 out=float in=float:any cmp=ulp:3
UNARY(exp2_f1, float, float, exp2(x))
//@ exp10_f1 out=float in=float:any cmp=ulp:3
UNARY(exp10_f1, float, float, exp10(x))
//@ expm1_f1 out=float in=float:any cmp=ulp:3
UNARY(expm1_f1, float, float, expm1(x))
//@ log_f1 out=float in=float:any cmp=ulp:3
UNARY(log_f1, float, float, log(x))
//@ log_f2 out=float2 in=float2:pos cmp=ulp:3
UNARY(log_f2, float2, float2, log(x))
//@ log2_f1 out=float in=float:any cmp=ulp:3
UNARY(log2_f1, float, float, log2(x))
//@ log10_f1 out=float in=float:any cmp=ulp:3
UNARY(log10_f1, float, float, log10(x))
//@ log1p_f1 out=float in=float:any cmp=ulp:2
UNARY(log1p_f1, float, float, log1p(x))
//@ pow_f1 out=float in=float:any,float:any cmp=ulp:16
BINARY(pow_f1, float, float, float, pow(x, y))
//@ pow_f1r out=float in=float:range:0:10,float:range:-30:30 cmp=ulp:16
BINARY(pow_f1r, float, float, float, pow(x, y))
//@ pown_f1 out=float in=float:any,int:range:-40:40 cmp=ulp:16
BINARY(pown_f1, float, float, int, pown(x, y))
//@ powr_f1 out=float in=float:pos,float:any cmp=ulp:16
BINARY(powr_f1, float, float, float, powr(x, y))
//@ rootn_f1 out=float in=float:any,int:range:-10:10 cmp=ulp:16
BINARY(rootn_f1, float, float, int, rootn(x, y))
//@ cbrt_f1 out=float in=float:any cmp=ulp:2
UNARY(cbrt_f1, float, float, cbrt(x))
//@ sqrt_f1 out=float in=float:any cmp=ulp:3
UNARY(sqrt_f1, float, float, sqrt(x))
//@ sqrt_f16 out=float16 in=float16:pos cmp=ulp:3 n=256
UNARY(sqrt_f16, float16, float16, sqrt(x))
//@ rsqrt_f1 out=float in=float:any cmp=ulp:2
UNARY(rsqrt_f1, float, float, rsqrt(x))
//@ hypot_f1 out=float in=float:any,float:any cmp=ulp:4
BINARY(hypot_f1, float, float, float, hypot(x, y))
/* PoCL's exp(double) returns inf for x = 0x1.62e42fefa39efp+9 (709.78271289338397),
 * whose exp is 0x1.fffffffffff2ap+1023 < DBL_MAX (gcnsim's answer, checked with
 * mpmath): PoCL is wrong there, so the range stops short of ln(DBL_MAX). */
//@ exp_d1 out=double in=double:range:-750:709.78 cmp=ulp:3
UNARY(exp_d1, double, double, exp(x))
//@ log_d1 out=double in=double:any cmp=ulp:3
UNARY(log_d1, double, double, log(x))
//@ log2_d2 out=double2 in=double2:pos cmp=ulp:3
UNARY(log2_d2, double2, double2, log2(x))
//@ pow_d1 out=double in=double:any,double:any cmp=ulp:16
BINARY(pow_d1, double, double, double, pow(x, y))
//@ sqrt_d1 out=double in=double:any cmp=ulp:0
UNARY(sqrt_d1, double, double, sqrt(x))
//@ rsqrt_d1 out=double in=double:any cmp=ulp:2
UNARY(rsqrt_d1, double, double, rsqrt(x))
//@ cbrt_d1 out=double in=double:any cmp=ulp:2
UNARY(cbrt_d1, double, double, cbrt(x))
//@ expm1_d1 out=double in=double:any cmp=ulp:3
UNARY(expm1_d1, double, double, expm1(x))
//@ log1p_d1 out=double in=double:any cmp=ulp:2
UNARY(log1p_d1, double, double, log1p(x))
//@ hypot_d1 out=double in=double:any,double:any cmp=ulp:4
BINARY(hypot_d1, double, double, double, hypot(x, y))
/* Powers of the smallest normal floats. pow(0x1p-126f, 1.0f) is 0 on gcnsim as on an
 * R9 Nano: ROCm's pow computes exp(y * log(x)) with y * log(x) = -87.33655f, just below
 * log(0x1p-126), whose exp is a denormal the GPU flushes; within 16 ulp of a denormal,
 * so the spec allows the flush (compare.c). */
//@ pow_f1_min_normal out=float in=float:range:0x1p-126:0x1.2p-126,float:range:0.75:1.25 cmp=ulp:16
BINARY(pow_f1_min_normal, float, float, float, pow(x, y))
//@ pow_f1_one out=float in=float:any,float:range:1:1 cmp=ulp:16
BINARY(pow_f1_one, float, float, float, pow(x, y))

/* The remaining double-precision math builtins (OpenCL 1.2 Table 7.2 limits;
 * the others are in the per-kind families). */
//@ exp2_d1 out=double in=double:any cmp=ulp:3
UNARY(exp2_d1, double, double, exp2(x))
//@ exp10_d1 out=double in=double:range:-330:308 cmp=ulp:3
UNARY(exp10_d1, double, double, exp10(x))
//@ log10_d1 out=double in=double:any cmp=ulp:3
UNARY(log10_d1, double, double, log10(x))
//@ pown_d1 out=double in=double:any,int:range:-40:40 cmp=ulp:16
BINARY(pown_d1, double, double, int, pown(x, y))
//@ powr_d1 out=double in=double:pos,double:any cmp=ulp:16
BINARY(powr_d1, double, double, double, powr(x, y))
//@ rootn_d1 out=double in=double:any,int:range:-10:10 cmp=ulp:16
BINARY(rootn_d1, double, double, int, rootn(x, y))
//@ acos_d1 out=double in=double:any cmp=ulp:4
UNARY(acos_d1, double, double, acos(x))
//@ atan_d1 out=double in=double:any cmp=ulp:5
UNARY(atan_d1, double, double, atan(x))
//@ sinh_d1 out=double in=double:any cmp=ulp:4
UNARY(sinh_d1, double, double, sinh(x))
//@ cosh_d1 out=double in=double:any cmp=ulp:4
UNARY(cosh_d1, double, double, cosh(x))
//@ asinh_d1 out=double in=double:any cmp=ulp:4
UNARY(asinh_d1, double, double, asinh(x))
//@ acosh_d1 out=double in=double:any cmp=ulp:4
UNARY(acosh_d1, double, double, acosh(x))
//@ atanh_d1 out=double in=double:any cmp=ulp:5
UNARY(atanh_d1, double, double, atanh(x))
//@ sinpi_d1 out=double in=double:any cmp=ulp:4
UNARY(sinpi_d1, double, double, sinpi(x))
//@ cospi_d1 out=double in=double:any cmp=ulp:4
UNARY(cospi_d1, double, double, cospi(x))
//@ tanpi_d1 out=double in=double:any cmp=ulp:6
UNARY(tanpi_d1, double, double, tanpi(x))
//@ asinpi_d1 out=double in=double:any cmp=ulp:5
UNARY(asinpi_d1, double, double, asinpi(x))
//@ acospi_d1 out=double in=double:any cmp=ulp:5
UNARY(acospi_d1, double, double, acospi(x))
//@ atanpi_d1 out=double in=double:any cmp=ulp:5
UNARY(atanpi_d1, double, double, atanpi(x))
//@ atan2pi_d1 out=double in=double:any,double:any cmp=ulp:6
BINARY(atan2pi_d1, double, double, double, atan2pi(x, y))
//@ sincos_c_d2 out=double2 in=double2:any cmp=ulp:4
UNARY(sincos_c_d2, double2, double2, ({ double2 c; sincos(x, &c); c; }))
//@ erfc_d1 out=double in=double:any cmp=ulp:16
UNARY(erfc_d1, double, double, erfc(x))
//@ lgamma_d1 out=double in=double:range:0.01:1000 cmp=rel:1e-12,abs:1e-13
UNARY(lgamma_d1, double, double, lgamma(x))
//@ fdim_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(fdim_d1, double, double, double, fdim(x, y))
//@ fmin_d2 out=double2 in=double2:any,double2:any cmp=ulp:0
BINARY(fmin_d2, double2, double2, double2, fmin(x, y))
//@ remainder_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(remainder_d1, double, double, double, remainder(x, y))
//@ remquo_q_d1 out=int in=double:any,double:any
BINARY(remquo_q_d1, int, double, double, ({ int q; isnan(remquo(x, y, &q)) ? 0 : q & 7; }))
//@ nextafter_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(nextafter_d1, double, double, double, nextafter(x, y))
//@ logb_d1 out=double in=double:any cmp=ulp:0
UNARY(logb_d1, double, double, logb(x))
//@ maxmag_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(maxmag_d1, double, double, double, maxmag(x, y))
//@ minmag_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(minmag_d1, double, double, double, minmag(x, y))
//@ frexp_m_d1 out=double in=double:any cmp=ulp:0
UNARY(frexp_m_d1, double, double, ({ int e; frexp(x, &e); }))
//@ frexp_e_d1 out=int in=double:range:-1e300:1e300
UNARY(frexp_e_d1, int, double, ({ int e; frexp(x, &e); e; }))
//@ modf_d1 out=double in=double:any cmp=ulp:0
UNARY(modf_d1, double, double, ({ double ip; modf(x, &ip); }))
//@ fract_d1 out=double in=double:any cmp=ulp:0
UNARY(fract_d1, double, double, ({ double fl; fract(x, &fl); }))
//@ fabs_d4 out=double4 in=double4:any n=1024
UNARY(fabs_d4, double4, double4, fabs(x))
//@ nan_d1 out=int in=ulong:range:0:100000
UNARY(nan_d1, int, ulong, isnan(nan(x)))
//@ ldexp_f4 out=float4 in=float4:any,int:range:-300:300 cmp=ulp:0 n=1024
BINARY(ldexp_f4, float4, float4, int, ldexp(x, y))

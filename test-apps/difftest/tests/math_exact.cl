/* Math builtins the OpenCL 1.2 spec requires exact or correctly rounded
 * (Table 7.1: 0 ulp), float and double. */
//@ ceil_f1 out=float in=float:any cmp=ulp:0
UNARY(ceil_f1, float, float, ceil(x))
//@ floor_f4 out=float4 in=float4:any cmp=ulp:0
UNARY(floor_f4, float4, float4, floor(x))
//@ trunc_f1 out=float in=float:any cmp=ulp:0
UNARY(trunc_f1, float, float, trunc(x))
//@ round_f2 out=float2 in=float2:any cmp=ulp:0
UNARY(round_f2, float2, float2, round(x))
//@ rint_f1 out=float in=float:any cmp=ulp:0
UNARY(rint_f1, float, float, rint(x))
//@ fabs_f8 out=float8 in=float8:any n=1024
UNARY(fabs_f8, float8, float8, fabs(x))
//@ copysign_f1 out=float in=float:any,float:any
BINARY(copysign_f1, float, float, float, copysign(x, y))
//@ fmax_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(fmax_f1, float, float, float, fmax(x, y))
//@ fmin_f4 out=float4 in=float4:any,float4:any cmp=ulp:0
BINARY(fmin_f4, float4, float4, float4, fmin(x, y))
//@ fmin_f4s out=float4 in=float4:any,float:any cmp=ulp:0
BINARY(fmin_f4s, float4, float4, float, fmin(x, y))
//@ fdim_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(fdim_f1, float, float, float, fdim(x, y))
//@ fmod_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(fmod_f1, float, float, float, fmod(x, y))
//@ remainder_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(remainder_f1, float, float, float, remainder(x, y))
//@ remquo_q_f1 out=int in=float:any,float:any
BINARY(remquo_q_f1, int, float, float, ({ int q; remquo(x, y, &q); isnan(remquo(x, y, &q)) ? 0 : q & 7; }))
//@ remquo_r_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(remquo_r_f1, float, float, float, ({ int q; remquo(x, y, &q); }))
//@ fma_f1 out=float in=float:any,float:any,float:any cmp=ulp:0
TERNARY(fma_f1, float, float, float, float, fma(x, y, z))
//@ fma_f4 out=float4 in=float4:range:-4:4,float4:range:-4:4,float4:range:-16:16 cmp=ulp:0 n=1024
TERNARY(fma_f4, float4, float4, float4, float4, fma(x, y, z))
//@ ldexp_f1 out=float in=float:any,int:range:-300:300 cmp=ulp:0
BINARY(ldexp_f1, float, float, int, ldexp(x, y))
//@ ilogb_f1 out=int in=float:any
UNARY(ilogb_f1, int, float, ilogb(x))
//@ logb_f1 out=float in=float:any cmp=ulp:0
UNARY(logb_f1, float, float, logb(x))
//@ nextafter_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(nextafter_f1, float, float, float, nextafter(x, y))
//@ maxmag_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(maxmag_f1, float, float, float, maxmag(x, y))
//@ minmag_f2 out=float2 in=float2:any,float2:any cmp=ulp:0
BINARY(minmag_f2, float2, float2, float2, minmag(x, y))
//@ frexp_m_f1 out=float in=float:any cmp=ulp:0
UNARY(frexp_m_f1, float, float, ({ int e; frexp(x, &e); }))
//@ frexp_e_f1 out=int in=float:range:-1e30:1e30
UNARY(frexp_e_f1, int, float, ({ int e; frexp(x, &e); e; }))
//@ modf_f1 out=float in=float:any cmp=ulp:0
UNARY(modf_f1, float, float, ({ float ip; modf(x, &ip); }))
//@ modf_i_f1 out=float in=float:any cmp=ulp:0
UNARY(modf_i_f1, float, float, ({ float ip; modf(x, &ip); ip; }))
//@ fract_f1 out=float in=float:any cmp=ulp:0
UNARY(fract_f1, float, float, ({ float fl; fract(x, &fl); }))
//@ fract_i_f1 out=float in=float:any cmp=ulp:0
UNARY(fract_i_f1, float, float, ({ float fl; fract(x, &fl); fl; }))
//@ nan_f1 out=uint in=uint:range:0:4194303
UNARY(nan_f1, uint, uint, isnan(nan(x)) ? 1u : 0u)
//@ ceil_d1 out=double in=double:any cmp=ulp:0
UNARY(ceil_d1, double, double, ceil(x))
//@ floor_d2 out=double2 in=double2:any cmp=ulp:0
UNARY(floor_d2, double2, double2, floor(x))
//@ round_d1 out=double in=double:any cmp=ulp:0
UNARY(round_d1, double, double, round(x))
//@ rint_d1 out=double in=double:any cmp=ulp:0
UNARY(rint_d1, double, double, rint(x))
//@ trunc_d1 out=double in=double:any cmp=ulp:0
UNARY(trunc_d1, double, double, trunc(x))
//@ fma_d1 out=double in=double:any,double:any,double:any cmp=ulp:0
TERNARY(fma_d1, double, double, double, double, fma(x, y, z))
//@ fmax_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(fmax_d1, double, double, double, fmax(x, y))
//@ fmod_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(fmod_d1, double, double, double, fmod(x, y))
//@ ldexp_d1 out=double in=double:any,int:range:-2200:2200 cmp=ulp:0
BINARY(ldexp_d1, double, double, int, ldexp(x, y))
//@ ilogb_d1 out=int in=double:any
UNARY(ilogb_d1, int, double, ilogb(x))
//@ copysign_d1 out=double in=double:any,double:any
BINARY(copysign_d1, double, double, double, copysign(x, y))

/* Arithmetic operators and reciprocal, float and double (OpenCL 1.2 Tables
 * 7.1/7.2: +, -, * correctly rounded; float / and 1/x <= 2.5 ulp; double /
 * and 1/x correctly rounded). */
//@ add_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(add_f1, float, float, float, x + y)
//@ sub_f4 out=float4 in=float4:any,float4:any cmp=ulp:0
BINARY(sub_f4, float4, float4, float4, x - y)
//@ mul_f16 out=float16 in=float16:any,float16:any cmp=ulp:0 n=512
BINARY(mul_f16, float16, float16, float16, x * y)
//@ div_f1 out=float in=float:any,float:any cmp=ulp:2.5
BINARY(div_f1, float, float, float, x / y)
//@ div_f8 out=float8 in=float8:any,float8:any cmp=ulp:2.5 n=1024
BINARY(div_f8, float8, float8, float8, x / y)
//@ recip_f1 out=float in=float:any cmp=ulp:2.5
UNARY(recip_f1, float, float, 1.0f / x)
//@ neg_f2 out=float2 in=float2:any
UNARY(neg_f2, float2, float2, -x)
/* mad: 1.2 allows any accuracy ("infinite ulp": a*b+c rounded once or twice, or
 * less); compared on moderate inputs where both roundings agree to 1e-6. */
//@ mad_f4 out=float4 in=float4:range:-100:100,float4:range:-100:100,float4:range:-100:100 cmp=rel:1e-6,abs:1e-4 n=1024
TERNARY(mad_f4, float4, float4, float4, float4, mad(x, y, z))
//@ mad_d1 out=double in=double:range:-100:100,double:range:-100:100,double:range:-100:100 cmp=rel:1e-14,abs:1e-12
TERNARY(mad_d1, double, double, double, double, mad(x, y, z))
//@ add_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(add_d1, double, double, double, x + y)
//@ sub_d2 out=double2 in=double2:any,double2:any cmp=ulp:0
BINARY(sub_d2, double2, double2, double2, x - y)
//@ mul_d4 out=double4 in=double4:any,double4:any cmp=ulp:0 n=1024
BINARY(mul_d4, double4, double4, double4, x * y)
//@ div_d1 out=double in=double:any,double:any cmp=ulp:0
BINARY(div_d1, double, double, double, x / y)
//@ div_d1_denormal out=double in=double:range:-1e-300:1e-300,double:range:1:1e12 cmp=ulp:0
BINARY(div_d1_denormal, double, double, double, x / y)
//@ div_f1_denormal out=float in=float:range:-1e-30:1e-30,float:range:1:1e12 cmp=ulp:2.5
BINARY(div_f1_denormal, float, float, float, x / y)
//@ recip_d1 out=double in=double:any cmp=ulp:0
UNARY(recip_d1, double, double, 1.0 / x)

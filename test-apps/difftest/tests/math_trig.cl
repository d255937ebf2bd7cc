/* Trigonometric and hyperbolic functions (OpenCL 1.2 Tables 7.1/7.2: sin, cos,
 * sincos, sinh, cosh, sinpi, cospi, asin, acos, asinh, acosh <= 4 ulp; tan,
 * tanh, atan, atanh, asinpi, acospi, atanpi <= 5; atan2, atan2pi, tanpi <= 6). */
//@ sin_f1 out=float in=float:any cmp=ulp:4
UNARY(sin_f1, float, float, sin(x))
//@ cos_f4 out=float4 in=float4:range:-100:100 cmp=ulp:4 n=1024
UNARY(cos_f4, float4, float4, cos(x))
//@ cos_f1 out=float in=float:any cmp=ulp:4
UNARY(cos_f1, float, float, cos(x))
//@ tan_f1 out=float in=float:any cmp=ulp:5
UNARY(tan_f1, float, float, tan(x))
//@ sincos_s_f1 out=float in=float:any cmp=ulp:4
UNARY(sincos_s_f1, float, float, ({ float c; sincos(x, &c); }))
//@ sincos_c_f1 out=float in=float:any cmp=ulp:4
UNARY(sincos_c_f1, float, float, ({ float c; sincos(x, &c); c; }))
//@ asin_f1 out=float in=float:any cmp=ulp:4
UNARY(asin_f1, float, float, asin(x))
//@ acos_f1 out=float in=float:range:-1:1 cmp=ulp:4
UNARY(acos_f1, float, float, acos(x))
//@ atan_f1 out=float in=float:any cmp=ulp:5
UNARY(atan_f1, float, float, atan(x))
//@ atan2_f1 out=float in=float:any,float:any cmp=ulp:6
BINARY(atan2_f1, float, float, float, atan2(x, y))
//@ sinh_f1 out=float in=float:any cmp=ulp:4
UNARY(sinh_f1, float, float, sinh(x))
//@ cosh_f1 out=float in=float:any cmp=ulp:4
UNARY(cosh_f1, float, float, cosh(x))
//@ tanh_f1 out=float in=float:any cmp=ulp:5
UNARY(tanh_f1, float, float, tanh(x))
//@ asinh_f1 out=float in=float:any cmp=ulp:4
UNARY(asinh_f1, float, float, asinh(x))
//@ acosh_f1 out=float in=float:any cmp=ulp:4
UNARY(acosh_f1, float, float, acosh(x))
//@ atanh_f1 out=float in=float:range:-1:1 cmp=ulp:5
UNARY(atanh_f1, float, float, atanh(x))
//@ sinpi_f1 out=float in=float:any cmp=ulp:4
UNARY(sinpi_f1, float, float, sinpi(x))
//@ cospi_f1 out=float in=float:any cmp=ulp:4
UNARY(cospi_f1, float, float, cospi(x))
//@ tanpi_f1 out=float in=float:any cmp=ulp:6
UNARY(tanpi_f1, float, float, tanpi(x))
//@ asinpi_f1 out=float in=float:any cmp=ulp:5
UNARY(asinpi_f1, float, float, asinpi(x))
//@ acospi_f1 out=float in=float:any cmp=ulp:5
UNARY(acospi_f1, float, float, acospi(x))
//@ atanpi_f1 out=float in=float:any cmp=ulp:5
UNARY(atanpi_f1, float, float, atanpi(x))
//@ atan2pi_f1 out=float in=float:any,float:any cmp=ulp:6
BINARY(atan2pi_f1, float, float, float, atan2pi(x, y))
//@ sin_d1 out=double in=double:any cmp=ulp:4
UNARY(sin_d1, double, double, sin(x))
//@ cos_d2 out=double2 in=double2:range:-1000:1000 cmp=ulp:4 n=2048
UNARY(cos_d2, double2, double2, cos(x))
//@ tan_d1 out=double in=double:any cmp=ulp:5
UNARY(tan_d1, double, double, tan(x))
//@ atan2_d1 out=double in=double:any,double:any cmp=ulp:6
BINARY(atan2_d1, double, double, double, atan2(x, y))
//@ asin_d1 out=double in=double:range:-1:1 cmp=ulp:4
UNARY(asin_d1, double, double, asin(x))
//@ tanh_d1 out=double in=double:any cmp=ulp:5
UNARY(tanh_d1, double, double, tanh(x))

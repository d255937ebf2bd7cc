/* Correctly rounded float/double arithmetic and exact math builtins
 * (OpenCL 1.2 Table 7.1: 0 ulp). */
//@ add_f1 out=float in=float:any,float:any cmp=ulp:0
BINARY(add_f1, float, float, float, x + y)
//@ mul_f4 out=float4 in=float4:any,float4:any cmp=ulp:0
BINARY(mul_f4, float4, float4, float4, x * y)
//@ sqrt_f1 out=float in=float:any cmp=ulp:3
UNARY(sqrt_f1, float, float, sqrt(x))
//@ sin_f1 out=float in=float:any cmp=ulp:4
UNARY(sin_f1, float, float, sin(x))
//@ add_d2 out=double2 in=double2:any,double2:any cmp=ulp:0
BINARY(add_d2, double2, double2, double2, x + y)
//@ clz_u1 out=uint in=uint:any
UNARY(clz_u1, uint, uint, clz(x))

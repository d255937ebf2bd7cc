/* Relational functions (OpenCL 1.2 6.12.6), exact: scalar forms return 0/1,
 * vector forms 0/-1; select and bitselect on all bit patterns. */
//@ isequal_f1 out=int in=float:any,float:any
BINARY(isequal_f1, int, float, float, isequal(x, y))
//@ isnotequal_f4 out=int4 in=float4:any,float4:any n=1024
BINARY(isnotequal_f4, int4, float4, float4, isnotequal(x, y))
//@ isgreater_f1 out=int in=float:any,float:any
BINARY(isgreater_f1, int, float, float, isgreater(x, y))
//@ isgreaterequal_f2 out=int2 in=float2:any,float2:any
BINARY(isgreaterequal_f2, int2, float2, float2, isgreaterequal(x, y))
//@ isless_f1 out=int in=float:any,float:any
BINARY(isless_f1, int, float, float, isless(x, y))
//@ islessequal_f8 out=int8 in=float8:any,float8:any n=512
BINARY(islessequal_f8, int8, float8, float8, islessequal(x, y))
//@ islessgreater_f1 out=int in=float:any,float:any
BINARY(islessgreater_f1, int, float, float, islessgreater(x, y))
//@ isfinite_f1 out=int in=float:any
UNARY(isfinite_f1, int, float, isfinite(x))
//@ isinf_f4 out=int4 in=float4:any n=1024
UNARY(isinf_f4, int4, float4, isinf(x))
//@ isnan_f1 out=int in=float:any
UNARY(isnan_f1, int, float, isnan(x))
//@ isnormal_f16 out=int16 in=float16:any n=256
UNARY(isnormal_f16, int16, float16, isnormal(x))
//@ isordered_f1 out=int in=float:any,float:any
BINARY(isordered_f1, int, float, float, isordered(x, y))
//@ isunordered_f1 out=int in=float:any,float:any
BINARY(isunordered_f1, int, float, float, isunordered(x, y))
//@ signbit_f1 out=int in=float:any
UNARY(signbit_f1, int, float, signbit(x))
//@ signbit_f2 out=int2 in=float2:any
UNARY(signbit_f2, int2, float2, signbit(x))
//@ isequal_d2 out=long2 in=double2:any,double2:any
BINARY(isequal_d2, long2, double2, double2, isequal(x, y))
//@ isnan_d1 out=int in=double:any
UNARY(isnan_d1, int, double, isnan(x))
//@ isnormal_d1 out=int in=double:any
UNARY(isnormal_d1, int, double, isnormal(x))
//@ signbit_d4 out=long4 in=double4:any n=1024
UNARY(signbit_d4, long4, double4, signbit(x))
//@ any_i4 out=int in=int4:any n=1024
UNARY(any_i4, int, int4, any(x))
//@ all_c16 out=int in=char16:range:-2:100 n=512
UNARY(all_c16, int, char16, all(x))
//@ any_c1 out=int in=char:any
UNARY(any_c1, int, char, any(x))
//@ all_l2 out=int in=long2:any
UNARY(all_l2, int, long2, all(x))
//@ bitselect_u4 out=uint4 in=uint4:bits,uint4:bits,uint4:bits n=1024
TERNARY(bitselect_u4, uint4, uint4, uint4, uint4, bitselect(x, y, z))
//@ bitselect_f1 out=float in=float:any,float:any,float:bits
TERNARY(bitselect_f1, float, float, float, float, bitselect(x, y, z))
//@ bitselect_c8 out=char8 in=char8:bits,char8:bits,char8:bits n=512
TERNARY(bitselect_c8, char8, char8, char8, char8, bitselect(x, y, z))
//@ select_i1 out=int in=int:any,int:any,int:any
TERNARY(select_i1, int, int, int, int, select(x, y, z))
//@ select_f4 out=float4 in=float4:any,float4:any,int4:any n=1024
TERNARY(select_f4, float4, float4, float4, int4, select(x, y, z))
//@ select_uc16 out=uchar16 in=uchar16:bits,uchar16:bits,char16:any n=256
TERNARY(select_uc16, uchar16, uchar16, uchar16, char16, select(x, y, z))
//@ select_d2 out=double2 in=double2:any,double2:any,long2:any
TERNARY(select_d2, double2, double2, double2, long2, select(x, y, z))
//@ select_s8 out=short8 in=short8:bits,short8:bits,ushort8:any n=512
TERNARY(select_s8, short8, short8, short8, ushort8, select(x, y, z))

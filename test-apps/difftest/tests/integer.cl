/* Integer builtins (OpenCL 1.2 6.12.3), exact, over several types and widths. */
//@ abs_c16 out=uchar16 in=char16:any n=512
UNARY(abs_c16, uchar16, char16, abs(x))
//@ abs_i1 out=uint in=int:any
UNARY(abs_i1, uint, int, abs(x))
//@ abs_l2 out=ulong2 in=long2:any n=2048
UNARY(abs_l2, ulong2, long2, abs(x))
//@ abs_diff_i4 out=uint4 in=int4:any,int4:any n=1024
BINARY(abs_diff_i4, uint4, int4, int4, abs_diff(x, y))
//@ abs_diff_u1 out=uint in=uint:any,uint:any
BINARY(abs_diff_u1, uint, uint, uint, abs_diff(x, y))
//@ abs_diff_s8 out=ushort8 in=short8:any,short8:any n=512
BINARY(abs_diff_s8, ushort8, short8, short8, abs_diff(x, y))
//@ add_sat_c1 out=char in=char:any,char:any
BINARY(add_sat_c1, char, char, char, add_sat(x, y))
//@ add_sat_u4 out=uint4 in=uint4:any,uint4:any n=1024
BINARY(add_sat_u4, uint4, uint4, uint4, add_sat(x, y))
//@ add_sat_i1 out=int in=int:any,int:any
BINARY(add_sat_i1, int, int, int, add_sat(x, y))
//@ add_sat_l1 out=long in=long:any,long:any
BINARY(add_sat_l1, long, long, long, add_sat(x, y))
//@ sub_sat_s2 out=short2 in=short2:any,short2:any
BINARY(sub_sat_s2, short2, short2, short2, sub_sat(x, y))
//@ sub_sat_i1 out=int in=int:any,int:any
BINARY(sub_sat_i1, int, int, int, sub_sat(x, y))
//@ sub_sat_ul1 out=ulong in=ulong:any,ulong:any
BINARY(sub_sat_ul1, ulong, ulong, ulong, sub_sat(x, y))
//@ hadd_i1 out=int in=int:any,int:any
BINARY(hadd_i1, int, int, int, hadd(x, y))
//@ hadd_u8 out=uint8 in=uint8:any,uint8:any n=512
BINARY(hadd_u8, uint8, uint8, uint8, hadd(x, y))
//@ rhadd_i1 out=int in=int:any,int:any
BINARY(rhadd_i1, int, int, int, rhadd(x, y))
//@ rhadd_uc16 out=uchar16 in=uchar16:any,uchar16:any n=256
BINARY(rhadd_uc16, uchar16, uchar16, uchar16, rhadd(x, y))
//@ rhadd_l1 out=long in=long:any,long:any
BINARY(rhadd_l1, long, long, long, rhadd(x, y))
//@ clamp_i1 out=int in=int:any,int:range:-1000:0,int:range:0:1000
TERNARY(clamp_i1, int, int, int, int, clamp(x, y, z))
//@ clamp_u4 out=uint4 in=uint4:any,uint4:range:0:1000,uint4:range:1000:4000000000 n=1024
TERNARY(clamp_u4, uint4, uint4, uint4, uint4, clamp(x, y, z))
//@ clz_u1 out=uint in=uint:any
UNARY(clz_u1, uint, uint, clz(x))
//@ clz_c4 out=char4 in=char4:any
UNARY(clz_c4, char4, char4, clz(x))
//@ clz_s1 out=short in=short:any
UNARY(clz_s1, short, short, clz(x))
//@ clz_l2 out=long2 in=long2:any
UNARY(clz_l2, long2, long2, clz(x))
//@ mad_hi_i1 out=int in=int:any,int:any,int:any
TERNARY(mad_hi_i1, int, int, int, int, mad_hi(x, y, z))
//@ mad_hi_u2 out=uint2 in=uint2:any,uint2:any,uint2:any
TERNARY(mad_hi_u2, uint2, uint2, uint2, uint2, mad_hi(x, y, z))
//@ mad_sat_i1 out=int in=int:any,int:any,int:any
TERNARY(mad_sat_i1, int, int, int, int, mad_sat(x, y, z))
//@ mad_sat_u1 out=uint in=uint:any,uint:any,uint:any
TERNARY(mad_sat_u1, uint, uint, uint, uint, mad_sat(x, y, z))
//@ mad_sat_s4 out=short4 in=short4:any,short4:any,short4:any
TERNARY(mad_sat_s4, short4, short4, short4, short4, mad_sat(x, y, z))
//@ mad_sat_l1 out=long in=long:any,long:any,long:any
TERNARY(mad_sat_l1, long, long, long, long, mad_sat(x, y, z))
//@ max_i1 out=int in=int:any,int:any
BINARY(max_i1, int, int, int, max(x, y))
//@ max_u4s out=uint4 in=uint4:any,uint:any n=1024
BINARY(max_u4s, uint4, uint4, uint, max(x, y))
//@ min_c8 out=char8 in=char8:any,char8:any n=512
BINARY(min_c8, char8, char8, char8, min(x, y))
//@ min_ul1 out=ulong in=ulong:any,ulong:any
BINARY(min_ul1, ulong, ulong, ulong, min(x, y))
//@ mul_hi_i1 out=int in=int:any,int:any
BINARY(mul_hi_i1, int, int, int, mul_hi(x, y))
//@ mul_hi_u1 out=uint in=uint:any,uint:any
BINARY(mul_hi_u1, uint, uint, uint, mul_hi(x, y))
//@ mul_hi_l1 out=long in=long:any,long:any
BINARY(mul_hi_l1, long, long, long, mul_hi(x, y))
//@ mul_hi_ul2 out=ulong2 in=ulong2:any,ulong2:any
BINARY(mul_hi_ul2, ulong2, ulong2, ulong2, mul_hi(x, y))
//@ mul_hi_s1 out=short in=short:any,short:any
BINARY(mul_hi_s1, short, short, short, mul_hi(x, y))
//@ rotate_u1 out=uint in=uint:any,uint:any
BINARY(rotate_u1, uint, uint, uint, rotate(x, y))
//@ rotate_i4 out=int4 in=int4:any,int4:range:-70:70 n=1024
BINARY(rotate_i4, int4, int4, int4, rotate(x, y))
//@ rotate_uc1 out=uchar in=uchar:any,uchar:any
BINARY(rotate_uc1, uchar, uchar, uchar, rotate(x, y))
//@ rotate_l1 out=long in=long:any,long:any
BINARY(rotate_l1, long, long, long, rotate(x, y))
//@ upsample_c1 out=short in=char:any,uchar:any
BINARY(upsample_c1, short, char, uchar, upsample(x, y))
//@ upsample_u2 out=ulong2 in=uint2:any,uint2:any
BINARY(upsample_u2, ulong2, uint2, uint2, upsample(x, y))
//@ upsample_s4 out=int4 in=short4:any,ushort4:any
BINARY(upsample_s4, int4, short4, ushort4, upsample(x, y))
//@ popcount_u1 out=uint in=uint:any
UNARY(popcount_u1, uint, uint, popcount(x))
//@ popcount_c16 out=char16 in=char16:any n=256
UNARY(popcount_c16, char16, char16, popcount(x))
//@ popcount_l1 out=long in=long:any
UNARY(popcount_l1, long, long, popcount(x))
/* mad24/mul24: defined only when the operands fit in 24 bits (signed for int). */
//@ mad24_i1 out=int in=int:range:-8388608:8388607,int:range:-8388608:8388607,int:any
TERNARY(mad24_i1, int, int, int, int, mad24(x, y, z))
//@ mad24_u4 out=uint4 in=uint4:range:0:16777215,uint4:range:0:16777215,uint4:any n=1024
TERNARY(mad24_u4, uint4, uint4, uint4, uint4, mad24(x, y, z))
//@ mul24_i1 out=int in=int:range:-8388608:8388607,int:range:-8388608:8388607
BINARY(mul24_i1, int, int, int, mul24(x, y))
//@ mul24_u1 out=uint in=uint:range:0:16777215,uint:range:0:16777215
BINARY(mul24_u1, uint, uint, uint, mul24(x, y))
/* More types and widths. */
//@ abs_s1 out=ushort in=short:any
UNARY(abs_s1, ushort, short, abs(x))
//@ abs_ul1 out=ulong in=ulong:any
UNARY(abs_ul1, ulong, ulong, abs(x))
//@ abs_diff_ul1 out=ulong in=ulong:any,ulong:any
BINARY(abs_diff_ul1, ulong, ulong, ulong, abs_diff(x, y))
//@ abs_diff_l1 out=ulong in=long:any,long:any
BINARY(abs_diff_l1, ulong, long, long, abs_diff(x, y))
//@ add_sat_us3 out=ushort3 in=ushort3:any,ushort3:any
BINARY(add_sat_us3, ushort3, ushort3, ushort3, add_sat(x, y))
//@ sub_sat_uc1 out=uchar in=uchar:any,uchar:any
BINARY(sub_sat_uc1, uchar, uchar, uchar, sub_sat(x, y))
//@ sub_sat_l2 out=long2 in=long2:any,long2:any
BINARY(sub_sat_l2, long2, long2, long2, sub_sat(x, y))
//@ hadd_l1 out=long in=long:any,long:any
BINARY(hadd_l1, long, long, long, hadd(x, y))
//@ hadd_c1 out=char in=char:any,char:any
BINARY(hadd_c1, char, char, char, hadd(x, y))
//@ rhadd_ul1 out=ulong in=ulong:any,ulong:any
BINARY(rhadd_ul1, ulong, ulong, ulong, rhadd(x, y))
//@ clamp_l1 out=long in=long:any,long:range:-1000:0,long:range:0:1000
TERNARY(clamp_l1, long, long, long, long, clamp(x, y, z))
//@ clamp_c16s out=char16 in=char16:any,char:range:-100:0,char:range:0:100 n=256
TERNARY(clamp_c16s, char16, char16, char, char, clamp(x, y, z))
//@ clz_uc1 out=uchar in=uchar:any
UNARY(clz_uc1, uchar, uchar, clz(x))
//@ clz_ul1 out=ulong in=ulong:any
UNARY(clz_ul1, ulong, ulong, clz(x))
//@ mad_hi_c1 out=char in=char:any,char:any,char:any
TERNARY(mad_hi_c1, char, char, char, char, mad_hi(x, y, z))
//@ mad_hi_ul1 out=ulong in=ulong:any,ulong:any,ulong:any
TERNARY(mad_hi_ul1, ulong, ulong, ulong, ulong, mad_hi(x, y, z))
//@ mad_sat_ul1 out=ulong in=ulong:any,ulong:any,ulong:any
TERNARY(mad_sat_ul1, ulong, ulong, ulong, ulong, mad_sat(x, y, z))
//@ mad_sat_uc8 out=uchar8 in=uchar8:any,uchar8:any,uchar8:any n=512
TERNARY(mad_sat_uc8, uchar8, uchar8, uchar8, uchar8, mad_sat(x, y, z))
//@ mul_hi_uc1 out=uchar in=uchar:any,uchar:any
BINARY(mul_hi_uc1, uchar, uchar, uchar, mul_hi(x, y))
//@ mul_hi_us4 out=ushort4 in=ushort4:any,ushort4:any
BINARY(mul_hi_us4, ushort4, ushort4, ushort4, mul_hi(x, y))
//@ max_l1 out=long in=long:any,long:any
BINARY(max_l1, long, long, long, max(x, y))
//@ min_s16 out=short16 in=short16:any,short16:any n=256
BINARY(min_s16, short16, short16, short16, min(x, y))
//@ rotate_s2 out=short2 in=short2:any,short2:any
BINARY(rotate_s2, short2, short2, short2, rotate(x, y))
//@ rotate_ul1 out=ulong in=ulong:any,ulong:any
BINARY(rotate_ul1, ulong, ulong, ulong, rotate(x, y))
//@ upsample_uc1 out=ushort in=uchar:any,uchar:any
BINARY(upsample_uc1, ushort, uchar, uchar, upsample(x, y))
//@ upsample_i1 out=long in=int:any,uint:any
BINARY(upsample_i1, long, int, uint, upsample(x, y))
//@ popcount_us1 out=ushort in=ushort:any
UNARY(popcount_us1, ushort, ushort, popcount(x))
//@ popcount_ul4 out=ulong4 in=ulong4:any n=1024
UNARY(popcount_ul4, ulong4, ulong4, popcount(x))

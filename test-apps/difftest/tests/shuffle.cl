/* shuffle and shuffle2 (OpenCL 1.2 6.12.12), exact; only the mask bits that
 * select a component count, so the masks are random bits too. */
//@ shuffle_f4 out=float4 in=float4:any,uint4:bits n=1024
BINARY(shuffle_f4, float4, float4, uint4, shuffle(x, y))
//@ shuffle_i8_2 out=int2 in=int8:any,uint2:range:0:7 n=512
BINARY(shuffle_i8_2, int2, int8, uint2, shuffle(x, y))
//@ shuffle_uc16 out=uchar16 in=uchar16:any,uchar16:bits n=256
BINARY(shuffle_uc16, uchar16, uchar16, uchar16, shuffle(x, y))
//@ shuffle_d2_4 out=double4 in=double2:any,ulong4:bits n=1024
BINARY(shuffle_d2_4, double4, double2, ulong4, shuffle(x, y))
//@ shuffle2_f4 out=float4 in=float4:any,float4:any,uint4:bits n=1024
TERNARY(shuffle2_f4, float4, float4, float4, uint4, shuffle2(x, y, z))
//@ shuffle2_s8_16 out=short16 in=short8:any,short8:any,ushort16:range:0:15 n=256
TERNARY(shuffle2_s8_16, short16, short8, short8, ushort16, shuffle2(x, y, z))
//@ shuffle2_c2_8 out=char8 in=char2:any,char2:any,uchar8:bits n=512
TERNARY(shuffle2_c2_8, char8, char2, char2, uchar8, shuffle2(x, y, z))

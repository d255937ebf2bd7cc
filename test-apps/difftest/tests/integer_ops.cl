/* Integer operators (OpenCL 1.2 6.3): shifts use the count modulo the width;
 * division by zero and INT_MIN / -1 are undefined, so divisors are nonzero
 * and signed dividends non-negative. */
//@ shl_i1 out=int in=int:any,int:any
BINARY(shl_i1, int, int, int, x << y)
//@ shr_i4 out=int4 in=int4:any,int4:range:0:100 n=1024
BINARY(shr_i4, int4, int4, int4, x >> y)
//@ shr_u1 out=uint in=uint:any,uint:any
BINARY(shr_u1, uint, uint, uint, x >> y)
//@ shl_l1 out=long in=long:any,long:range:0:200
BINARY(shl_l1, long, long, long, x << y)
//@ shr_l1 out=long in=long:any,long:range:0:200
BINARY(shr_l1, long, long, long, x >> y)
//@ shr_c16 out=char16 in=char16:any,char16:range:0:20 n=256
BINARY(shr_c16, char16, char16, char16, x >> y)
//@ shl_us8 out=ushort8 in=ushort8:any,ushort8:any n=512
BINARY(shl_us8, ushort8, ushort8, ushort8, x << y)
//@ div_u1 out=uint in=uint:any,uint:nz
BINARY(div_u1, uint, uint, uint, x / y)
//@ rem_u1 out=uint in=uint:any,uint:nz
BINARY(rem_u1, uint, uint, uint, x % y)
//@ div_i1 out=int in=int:pos,int:nz
BINARY(div_i1, int, int, int, x / y)
//@ rem_i1 out=int in=int:pos,int:nz
BINARY(rem_i1, int, int, int, x % y)
//@ div_ul1 out=ulong in=ulong:any,ulong:nz
BINARY(div_ul1, ulong, ulong, ulong, x / y)
//@ rem_l1 out=long in=long:pos,long:nz
BINARY(rem_l1, long, long, long, x % y)
//@ div_uc4 out=uchar4 in=uchar4:any,uchar4:nz
BINARY(div_uc4, uchar4, uchar4, uchar4, x / y)
//@ mul_l1 out=long in=long:any,long:any
BINARY(mul_l1, long, long, long, x * y)
//@ mul_u1 out=uint in=uint:any,uint:any
BINARY(mul_u1, uint, uint, uint, x * y)
//@ cmp_i4 out=int4 in=int4:any,int4:any n=1024
BINARY(cmp_i4, int4, int4, int4, (x < y) + (x == y) * 2 + (x >= y) * 4)

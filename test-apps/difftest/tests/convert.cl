/* Conversions (OpenCL 1.2 6.2.3) and reinterpretation (6.2.4), exact. Plain
 * (non-_sat) float-to-integer conversions of out-of-range values and NaN are
 * undefined, so those inputs stay in range; _sat conversions get everything
 * (NaN converts to 0).
 *
 * The ROCm device library's signed _sat conversions return INT_MIN (SHRT_MIN,
 * LONG_MIN) for NaN (they clamp with max(x, INT_MIN) first, and maxNum returns
 * the non-NaN operand); gcnsim links corrected definitions before the library
 * (sim-core/src/compiler/corrections/). The cvt_*_nan kernels check NaN inputs
 * (`any` has them) for every signed width, rounding mode and source type. */
//@ cvt_i_f_rtz out=int in=float:range:-2e9:2e9
UNARY(cvt_i_f_rtz, int, float, convert_int_rtz(x))
//@ cvt_i_f_rte out=int in=float:range:-2e9:2e9
UNARY(cvt_i_f_rte, int, float, convert_int_rte(x))
//@ cvt_i_f_rtp out=int4 in=float4:range:-1e4:1e4 n=1024
UNARY(cvt_i_f_rtp, int4, float4, convert_int4_rtp(x))
//@ cvt_i_f_rtn out=int in=float:range:-100:100
UNARY(cvt_i_f_rtn, int, float, convert_int_rtn(x))
//@ cvt_i_f_sat out=int in=float:any
UNARY(cvt_i_f_sat, int, float, convert_int_sat(x))
//@ cvt_i_f_sat_rte out=int in=float:any
UNARY(cvt_i_f_sat_rte, int, float, convert_int_sat_rte(x))
//@ cvt_i4_f_sat_rte_nan out=int4 in=float4:any n=1024
UNARY(cvt_i4_f_sat_rte_nan, int4, float4, convert_int4_sat_rte(x))
//@ cvt_c16_f_sat_rtp_nan out=char16 in=float16:any n=256
UNARY(cvt_c16_f_sat_rtp_nan, char16, float16, convert_char16_sat_rtp(x))
//@ cvt_s3_d_sat_rtz_nan out=short3 in=double3:any n=1024
UNARY(cvt_s3_d_sat_rtz_nan, short3, double3, convert_short3_sat_rtz(x))
//@ cvt_i_d_sat_nan out=int in=double:any
UNARY(cvt_i_d_sat_nan, int, double, convert_int_sat(x))
//@ cvt_l2_d_sat_rte_nan out=long2 in=double2:any
UNARY(cvt_l2_d_sat_rte_nan, long2, double2, convert_long2_sat_rte(x))
//@ cvt_u_f_sat_rtp out=uint in=float:any
UNARY(cvt_u_f_sat_rtp, uint, float, convert_uint_sat_rtp(x))
//@ cvt_uc_f_sat out=uchar16 in=float16:range:-300:300 n=256
UNARY(cvt_uc_f_sat, uchar16, float16, convert_uchar16_sat(x))
//@ cvt_s_f_sat_rtn out=short8 in=float8:any n=512
UNARY(cvt_s_f_sat_rtn, short8, float8, convert_short8_sat_rtn(x))
//@ cvt_l_f_sat out=long in=float:any
UNARY(cvt_l_f_sat, long, float, convert_long_sat(x))
//@ cvt_ul_d_sat_rte out=ulong in=double:any
UNARY(cvt_ul_d_sat_rte, ulong, double, convert_ulong_sat_rte(x))
//@ cvt_l_d_rtz out=long in=double:range:-9e18:9e18
UNARY(cvt_l_d_rtz, long, double, convert_long_rtz(x))
//@ cvt_i_d_sat_rtn out=int2 in=double2:any
UNARY(cvt_i_d_sat_rtn, int2, double2, convert_int2_sat_rtn(x))
//@ cvt_f_i out=float in=int:any
UNARY(cvt_f_i, float, int, convert_float(x))
//@ cvt_f_i_rtz out=float in=int:any
UNARY(cvt_f_i_rtz, float, int, convert_float_rtz(x))
//@ cvt_f_u_rtp out=float4 in=uint4:any n=1024
UNARY(cvt_f_u_rtp, float4, uint4, convert_float4_rtp(x))
//@ cvt_f_l_rtn out=float in=long:any
UNARY(cvt_f_l_rtn, float, long, convert_float_rtn(x))
//@ cvt_f_ul_rte out=float in=ulong:any
UNARY(cvt_f_ul_rte, float, ulong, convert_float_rte(x))
//@ cvt_f_d out=float in=double:any
UNARY(cvt_f_d, float, double, convert_float(x))
//@ cvt_f_d_rtz out=float in=double:any
UNARY(cvt_f_d_rtz, float, double, convert_float_rtz(x))
//@ cvt_f_d_rtp out=float2 in=double2:any
UNARY(cvt_f_d_rtp, float2, double2, convert_float2_rtp(x))
//@ cvt_f_d_rtn out=float in=double:any
UNARY(cvt_f_d_rtn, float, double, convert_float_rtn(x))
//@ cvt_d_f out=double in=float:any
UNARY(cvt_d_f, double, float, convert_double(x))
//@ cvt_d_l out=double in=long:any
UNARY(cvt_d_l, double, long, convert_double(x))
//@ cvt_d_ul_rtz out=double in=ulong:any
UNARY(cvt_d_ul_rtz, double, ulong, convert_double_rtz(x))
//@ cvt_c_i out=char4 in=int4:any n=1024
UNARY(cvt_c_i, char4, int4, convert_char4(x))
//@ cvt_c_i_sat out=char in=int:any
UNARY(cvt_c_i_sat, char, int, convert_char_sat(x))
//@ cvt_us_i_sat out=ushort8 in=int8:any n=512
UNARY(cvt_us_i_sat, ushort8, int8, convert_ushort8_sat(x))
//@ cvt_u_l_sat out=uint in=long:any
UNARY(cvt_u_l_sat, uint, long, convert_uint_sat(x))
//@ cvt_i_u_sat out=int in=uint:any
UNARY(cvt_i_u_sat, int, uint, convert_int_sat(x))
//@ cvt_l_uc out=long16 in=uchar16:any n=256
UNARY(cvt_l_uc, long16, uchar16, convert_long16(x))
//@ cvt_ul_c_sat out=ulong2 in=char2:any
UNARY(cvt_ul_c_sat, ulong2, char2, convert_ulong2_sat(x))
//@ as_float_u out=float in=uint:bits
UNARY(as_float_u, float, uint, as_float(x))
//@ as_uint4_f out=uint4 in=float4:any n=1024
UNARY(as_uint4_f, uint4, float4, as_uint4(x))
//@ as_char16_i4 out=char16 in=int4:any n=256
UNARY(as_char16_i4, char16, int4, as_char16(x))
//@ as_double_l out=long in=double:any
UNARY(as_double_l, long, double, as_long(x))
//@ as_float2_d out=uint2 in=double:any
UNARY(as_float2_d, uint2, double, as_uint2(as_float2(x)))

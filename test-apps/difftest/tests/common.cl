/* Common functions (OpenCL 1.2 6.12.4). clamp/max/min/step/sign are exact;
 * degrees/radians are one multiplication (compared at 2 ulp as the spec gives
 * no limit); mix and smoothstep are compared with a small tolerance (the spec
 * defines them as formulas, and mix may use mad). Results are undefined for
 * clamp with min > max and smoothstep with edge0 >= edge1, so the inputs
 * avoid those. */
//@ clamp_f1 out=float in=float:any,float:range:-100:0,float:range:0:100 cmp=ulp:0
TERNARY(clamp_f1, float, float, float, float, clamp(x, y, z))
//@ clamp_f4s out=float4 in=float4:any,float:range:-100:0,float:range:0:100 cmp=ulp:0 n=1024
TERNARY(clamp_f4s, float4, float4, float, float, clamp(x, y, z))
/* common max/min: results are undefined for infinite or NaN operands (1.2
 * 6.12.4; PoCL returns the NaN, gcnsim the other operand), so finite inputs. */
//@ max_f1 out=float in=float:range:-1e30:1e30,float:range:-1e30:1e30 cmp=ulp:0
BINARY(max_f1, float, float, float, max(x, y))
//@ min_f8 out=float8 in=float8:range:-1e30:1e30,float8:range:-1e30:1e30 cmp=ulp:0 n=512
BINARY(min_f8, float8, float8, float8, min(x, y))
//@ degrees_f1 out=float in=float:any cmp=ulp:2
UNARY(degrees_f1, float, float, degrees(x))
//@ radians_f2 out=float2 in=float2:any cmp=ulp:2
UNARY(radians_f2, float2, float2, radians(x))
//@ mix_f1 out=float in=float:range:-100:100,float:range:-100:100,float:range:0:1 cmp=rel:1e-5,abs:1e-5
TERNARY(mix_f1, float, float, float, float, mix(x, y, z))
//@ mix_f4s out=float4 in=float4:range:-100:100,float4:range:-100:100,float:range:0:1 cmp=rel:1e-5,abs:1e-5 n=1024
TERNARY(mix_f4s, float4, float4, float4, float, mix(x, y, z))
//@ step_f1 out=float in=float:any,float:any
BINARY(step_f1, float, float, float, step(x, y))
//@ step_f4s out=float4 in=float:any,float4:any n=1024
BINARY(step_f4s, float4, float, float4, step(x, y))
//@ smoothstep_f1 out=float in=float:range:-10:0,float:range:0.5:10,float:range:-20:20 cmp=rel:1e-5,abs:1e-6
TERNARY(smoothstep_f1, float, float, float, float, smoothstep(x, y, z))
//@ sign_f1 out=float in=float:any
UNARY(sign_f1, float, float, sign(x))
//@ sign_f16 out=float16 in=float16:any n=256
UNARY(sign_f16, float16, float16, sign(x))
//@ clamp_d1 out=double in=double:any,double:range:-100:0,double:range:0:100 cmp=ulp:0
TERNARY(clamp_d1, double, double, double, double, clamp(x, y, z))
//@ mix_d2 out=double2 in=double2:range:-100:100,double2:range:-100:100,double2:range:0:1 cmp=rel:1e-14,abs:1e-14
TERNARY(mix_d2, double2, double2, double2, double2, mix(x, y, z))
/* sign(NaN) is "0.0" (1.2 6.12.4) without a sign: for a negative NaN double
 * gcnsim gives -0.0 (clang-15 + ROCm compile sign to copysign(x != 0 ? 1 : 0, x),
 * v_cmp_lg + v_bfi), PoCL +0.0; ulp:0 takes both zeros as equal. */
//@ sign_d1 out=double in=double:any cmp=ulp:0
UNARY(sign_d1, double, double, sign(x))
//@ degrees_d1 out=double in=double:any cmp=ulp:2
UNARY(degrees_d1, double, double, degrees(x))

/* Geometric functions (OpenCL 1.2 6.12.5). The spec bounds them through their
 * definitions (dot and cross: sums of products, mad allowed; length, distance,
 * normalize: via sqrt), not in ulp; inputs are moderate and the tolerance is
 * relative to the magnitude. fast_ variants have "reduced accuracy". */
//@ dot_f1 out=float in=float:range:-100:100,float:range:-100:100 cmp=rel:1e-6
BINARY(dot_f1, float, float, float, dot(x, y))
//@ dot_f4 out=float in=float4:range:-100:100,float4:range:-100:100 cmp=rel:1e-5,abs:1e-3
BINARY(dot_f4, float, float4, float4, dot(x, y))
//@ dot_f4any out=float in=float4:any,float4:any cmp=rel:1e-5,abs:1e-30
BINARY(dot_f4any, float, float4, float4, dot(x, y))
//@ cross_f3 out=float3 in=float3:range:-100:100,float3:range:-100:100 cmp=rel:1e-5,abs:1e-3
BINARY(cross_f3, float3, float3, float3, cross(x, y))
//@ cross_f4 out=float4 in=float4:range:-100:100,float4:range:-100:100 cmp=rel:1e-5,abs:1e-3
BINARY(cross_f4, float4, float4, float4, cross(x, y))
//@ length_f2 out=float in=float2:range:-100:100 cmp=rel:1e-6
UNARY(length_f2, float, float2, length(x))
//@ length_f4 out=float in=float4:any cmp=rel:1e-6
UNARY(length_f4, float, float4, length(x))
//@ distance_f4 out=float in=float4:range:-1e3:1e3,float4:range:-1e3:1e3 cmp=rel:1e-6
BINARY(distance_f4, float, float4, float4, distance(x, y))
//@ normalize_f4 out=float4 in=float4:range:-100:100 cmp=rel:1e-6,abs:1e-6
UNARY(normalize_f4, float4, float4, normalize(x))
//@ normalize_f3big out=float3 in=float3:range:-1e30:1e30 cmp=rel:1e-6,abs:1e-6
UNARY(normalize_f3big, float3, float3, normalize(x))
//@ fast_length_f4 out=float in=float4:range:-100:100 cmp=rel:1e-3
UNARY(fast_length_f4, float, float4, fast_length(x))
//@ fast_distance_f2 out=float in=float2:range:-100:100,float2:range:-100:100 cmp=rel:1e-3
BINARY(fast_distance_f2, float, float2, float2, fast_distance(x, y))
//@ fast_normalize_f4 out=float4 in=float4:range:-100:100 cmp=rel:1e-3,abs:1e-3
UNARY(fast_normalize_f4, float4, float4, fast_normalize(x))
//@ dot_d4 out=double in=double4:range:-100:100,double4:range:-100:100 cmp=rel:1e-13,abs:1e-12
BINARY(dot_d4, double, double4, double4, dot(x, y))
//@ length_d3 out=double in=double3:any cmp=rel:1e-14
UNARY(length_d3, double, double3, length(x))
//@ cross_d4 out=double4 in=double4:range:-100:100,double4:range:-100:100 cmp=rel:1e-13,abs:1e-11
BINARY(cross_d4, double4, double4, double4, cross(x, y))
//@ normalize_d2 out=double2 in=double2:any cmp=rel:1e-14,abs:1e-300
UNARY(normalize_d2, double2, double2, normalize(x))

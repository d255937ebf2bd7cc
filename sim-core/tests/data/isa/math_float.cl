// Every OpenCL 1.2 math builtin on float and float4 (the ISA oracle test's float corpus).
#define U1(f) acc += f(x); acc4 += f(x4);
#define U2(f) acc += f(x, y); acc4 += f(x4, y4);
#define U3(f) acc += f(x, y, z); acc4 += f(x4, y4, z4);
__kernel void math_float(__global float *out, __global const float *in, __global float4 *out4,
                         __global const float4 *in4, __global int *iout) {
  size_t i = get_global_id(0);
  float x = in[i], y = in[i + 1], z = in[i + 2], acc = 0.0f;
  float4 x4 = in4[i], y4 = in4[i + 1], z4 = in4[i + 2], acc4 = (float4)(0.0f);
  U1(acos) U1(acosh) U1(acospi) U1(asin) U1(asinh) U1(asinpi) U1(atan) U2(atan2) U1(atanh)
  U1(atanpi) U2(atan2pi) U1(cbrt) U1(ceil) U2(copysign) U1(cos) U1(cosh) U1(cospi) U1(erfc)
  U1(erf) U1(exp) U1(exp2) U1(exp10) U1(expm1) U1(fabs) U2(fdim) U1(floor) U3(fma) U2(fmax)
  U2(fmin) U2(fmod) U2(hypot) U1(lgamma) U1(log) U1(log2) U1(log10) U1(log1p) U1(logb) U3(mad)
  U2(maxmag) U2(minmag) U2(nextafter) U2(pow) U2(powr) U2(remainder) U1(rint) U1(round)
  U1(rsqrt) U1(sin) U1(sinh) U1(sinpi) U1(sqrt) U1(tan) U1(tanh) U1(tanpi) U1(tgamma) U1(trunc)
  U1(half_cos) U2(half_divide) U1(half_exp) U1(half_exp2) U1(half_exp10) U1(half_log)
  U1(half_log2) U1(half_log10) U2(half_powr) U1(half_recip) U1(half_rsqrt) U1(half_sin)
  U1(half_sqrt) U1(half_tan) U1(native_cos) U2(native_divide) U1(native_exp) U1(native_exp2)
  U1(native_exp10) U1(native_log) U1(native_log2) U1(native_log10) U2(native_powr)
  U1(native_recip) U1(native_rsqrt) U1(native_sin) U1(native_sqrt) U1(native_tan)
  U3(clamp) U1(degrees) U2(max) U2(min) U3(mix) U1(radians) U1(sign) U3(smoothstep) U2(step)
  float ip, sc; int e; int4 e4; float4 ip4;
  acc += fract(x, &ip) + ip + frexp(y, &e) + (float)e + ldexp(x, (int)y) + modf(z, &ip) + ip;
  acc += sincos(x, &sc) + sc + remquo(x, y, &e) + (float)e + pown(x, (int)z) + rootn(y, 3);
  acc += lgamma_r(x, &e) + e + ilogb(x) + nan(7u) + pown(x, -3);
  acc4 += fract(x4, &ip4) + ip4 + frexp(y4, &e4) + convert_float4(e4) + ldexp(x4, e4);
  acc4 += sincos(x4, &ip4) + ip4 + rootn(x4, e4) + pown(y4, e4);
  iout[i] = isnan(acc) + isinf(x) + isfinite(y) + isnormal(z) + signbit(x) + isordered(x, y) +
            isunordered(x, z) + isequal(x, y) + isnotequal(x, z) + isgreater(x, y) +
            isgreaterequal(x, y) + isless(y, z) + islessequal(x, z) + islessgreater(x, y) +
            any(isless(x4, y4)) + all(isgreater(x4, z4));
  out[i] = acc + dot(x4, y4) + length(x4) + distance(x4, y4) + fast_length(y4) +
           fast_distance(x4, z4) + dot(x4.xyz, y4.xyz) + length(x4.xy);
  out4[i] = acc4 + normalize(x4) + fast_normalize(y4) + (float4)(cross(x4.xyz, y4.xyz), 1.0f) +
            cross(x4, z4) + bitselect(x4, y4, z4) + select(x4, y4, isless(x4, z4));
}

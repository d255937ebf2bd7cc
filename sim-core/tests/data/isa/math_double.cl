// OpenCL 1.2 math builtins on double and double2 (the ISA oracle test's double corpus).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define U1(f) acc += f(x); acc2 += f(x2);
#define U2(f) acc += f(x, y); acc2 += f(x2, y2);
#define U3(f) acc += f(x, y, z); acc2 += f(x2, y2, z2);
__kernel void math_double(__global double *out, __global const double *in,
                          __global double2 *out2, __global const double2 *in2) {
  size_t i = get_global_id(0);
  double x = in[i], y = in[i + 1], z = in[i + 2], acc = 0.0;
  double2 x2 = in2[i], y2 = in2[i + 1], z2 = in2[i + 2], acc2 = (double2)(0.0);
  U1(acos) U1(acosh) U1(acospi) U1(asin) U1(asinh) U1(asinpi) U1(atan) U2(atan2) U1(atanh)
  U1(atanpi) U2(atan2pi) U1(cbrt) U1(ceil) U2(copysign) U1(cos) U1(cosh) U1(cospi) U1(erfc)
  U1(erf) U1(exp) U1(exp2) U1(exp10) U1(expm1) U1(fabs) U2(fdim) U1(floor) U3(fma) U2(fmax)
  U2(fmin) U2(fmod) U2(hypot) U1(lgamma) U1(log) U1(log2) U1(log10) U1(log1p) U1(logb) U3(mad)
  U2(maxmag) U2(minmag) U2(nextafter) U2(pow) U2(powr) U2(remainder) U1(rint) U1(round)
  U1(rsqrt) U1(sin) U1(sinh) U1(sinpi) U1(sqrt) U1(tan) U1(tanh) U1(tanpi) U1(tgamma) U1(trunc)
  U3(clamp) U1(degrees) U2(max) U2(min) U3(mix) U1(radians) U1(sign) U3(smoothstep) U2(step)
  double ip; int e;
  acc += fract(x, &ip) + ip + frexp(y, &e) + (double)e + ldexp(x, (int)y) + modf(z, &ip) + ip;
  acc += sincos(x, &ip) + ip + remquo(x, y, &e) + (double)e + pown(x, (int)z) + rootn(y, 3);
  acc += ilogb(x) + nan(7ul) + x / y + (double)(float)z + (double)(long)x + (double)(ulong)y;
  acc += dot(x2, y2) + length(x2) + distance(x2, y2) + (isnan(x) ? 1.0 : 0.0);
  out[i] = acc + convert_double(convert_int_rtn(x)) + (double)convert_uint_sat(y);
  out2[i] = acc2 + normalize(x2) + x2 / y2 + convert_double2(convert_float2(z2)) +
            select(x2, y2, isless(x2, z2));
}

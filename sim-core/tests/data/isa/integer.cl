// OpenCL 1.2 integer builtins on several element types and vector widths, plus conversions.
#define IALL(T, a, b, c)                                                                      \
  (convert_##T(abs(a)) + convert_##T(abs_diff(a, b)) + add_sat(a, b) + hadd(a, b) +          \
   rhadd(a, b) + clamp(a, b, c) + clz(a) + mad_hi(a, b, c) + mad_sat(a, b, c) + max(a, b) +  \
   min(a, b) + mul_hi(a, b) + rotate(a, b) + sub_sat(a, b) + popcount(a) + a / b + a % c +   \
   (a << b) + (a >> c) + (a & b) + (a | c) + (a ^ b) + ~a + convert_##T(a < b) +             \
   convert_##T(a == c))
__kernel void integers(__global int *oi, __global const int *ii, __global uint *ou,
                       __global const uint *iu, __global long *ol, __global const long *il,
                       __global ulong *oul, __global const ulong *iul, __global short4 *os,
                       __global const short4 *is, __global uchar8 *oc, __global const uchar8 *ic,
                       __global char16 *oc16, __global const char16 *ic16, __global int4 *oi4,
                       __global const int4 *ii4, __global float *of) {
  size_t g = get_global_id(0);
  int a = ii[g], b = ii[g + 1], c = ii[g + 2];
  uint ua = iu[g], ub = iu[g + 1], uc = iu[g + 2];
  long la = il[g], lb = il[g + 1], lc = il[g + 2];
  ulong ula = iul[g], ulb = iul[g + 1], ulc = iul[g + 2];
  short4 sa = is[g], sb = is[g + 1], sc = is[g + 2];
  uchar8 ca = ic[g], cb = ic[g + 1], cc = ic[g + 2];
  char16 da = ic16[g], db = ic16[g + 1], dc = ic16[g + 2];
  int4 va = ii4[g], vb = ii4[g + 1], vc = ii4[g + 2];
  oi[g] = IALL(int, a, b, c) + mad24(a, b, c) + mul24(a, c) + upsample((short)a, (ushort)b);
  ou[g] = IALL(uint, ua, ub, uc) + mad24(ua, ub, uc) + mul24(ua, ub);
  ol[g] = IALL(long, la, lb, lc) + upsample(a, ub);
  oul[g] = IALL(ulong, ula, ulb, ulc) + upsample(ua, ub);
  os[g] = IALL(short4, sa, sb, sc);
  oc[g] = IALL(uchar8, ca, cb, cc);
  oc16[g] = IALL(char16, da, db, dc);
  oi4[g] = IALL(int4, va, vb, vc) + convert_int4_sat(convert_float4(va) * 1.5f) +
           shuffle(va, as_uint4(vb) & 3u) + shuffle2(va, vb, as_uint4(vc) & 7u);
  of[g] = convert_float(a) + convert_float(ua) + convert_float(la) + convert_float(ula) +
          convert_float_rtz(ula) + (float)convert_char_sat(a) + (float)convert_ushort_sat_rte(2.5f * a) +
          as_float(a) + (float)as_int((float)b);
}

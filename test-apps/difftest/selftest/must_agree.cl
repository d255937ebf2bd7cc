/* difftest's self-test, part 1: differences the comparison must accept.
 * ON_GCNSIM makes the two platforms compute different things on purpose. */
#ifdef __AMDGCN__
#define ON_GCNSIM 1
#else
#define ON_GCNSIM 0
#endif
/* 2 ulp apart is within ulp:1 (each side may be 1 ulp off). */
//@ within_ulp out=float in=float:range:1:2 cmp=ulp:1
UNARY(within_ulp, float, float, as_float(as_uint(x) + (get_global_id(0) == 9 ? 2 * ON_GCNSIM : 0)))
/* NaN payloads differ. */
//@ nan_payloads out=float in=float:range:1:2
UNARY(nan_payloads, float, float, as_float(ON_GCNSIM ? 0x7fc00001u : 0x7fc00000u) + 0.0f * x)
/* A denormal result flushed to zero. */
//@ flushed_result out=float in=float:range:1:2
UNARY(flushed_result, float, float, ON_GCNSIM ? 0.0f * x : as_float(0x00000123u))
/* Denormal inputs flushed before use (matched by the reference's second run). */
//@ flushed_input out=float in=float:any
UNARY(flushed_input, float, float, (ON_GCNSIM && fabs(x) < FLT_MIN ? copysign(0.0f, x) : x) * 0x1p100f)

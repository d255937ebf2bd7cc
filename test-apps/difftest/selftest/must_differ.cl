/* difftest's self-test, part 2: differences the comparison must report. */
#ifdef __AMDGCN__
#define ON_GCNSIM 1
#else
#define ON_GCNSIM 0
#endif
//@ int_off_by_one out=int in=int:any
UNARY(int_off_by_one, int, int, x + (get_global_id(0) == 5 ? ON_GCNSIM : 0))
/* 3 ulp apart is beyond ulp:1. */
//@ float_beyond_ulp out=float in=float:range:1:2 cmp=ulp:1
UNARY(float_beyond_ulp, float, float, as_float(as_uint(x) + (get_global_id(0) == 9 ? 3 * ON_GCNSIM : 0)))
//@ nan_vs_number out=float in=float:range:1:2 cmp=ulp:4
UNARY(nan_vs_number, float, float, get_global_id(0) == 7 && ON_GCNSIM ? NAN : x)
/* A normal result is no denormal, even on a flushing device. */
//@ not_flushable out=float in=float:range:1:2
UNARY(not_flushable, float, float, ON_GCNSIM ? 0.0f * x : FLT_MIN)

/* Saturating conversions of floating-point values to signed integers, for every
 * rounding mode and vector width (OpenCL C 6.4.3.3: "NaN should be converted to 0").
 *
 * The ROCm device library's versions clamp first, with max(x, T_MIN): for a NaN x that
 * is T_MIN (IEEE maxNum returns the other operand, on the GPU's v_max_f32 as in LLVM),
 * so convert_int_sat(NaN) gives INT_MIN. These definitions, linked before the device
 * library, take their place. Unsigned conversions are right there (max(NaN, 0) = 0). */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define OVL __attribute__((overloadable))

/* The scalar conversion of S to T with rounding R (ROUND), T in [TMIN, 2^(bits-1)). */
#define SAT1(T, S, R, ROUND, TMIN, TMAX, LIMIT)                                          \
    T OVL convert_##T##_sat##R(S x)                                                       \
    {                                                                                     \
        S y = ROUND(x);                                                                   \
        return isnan(x) ? (T)0 : y >= (S)LIMIT ? (T)TMAX : y < (S)TMIN ? (T)TMIN : (T)y; \
    }

#define C(T, R, i) convert_##T##_sat##R(x.s##i)
#define SATN(T, S, R)                                                                      \
    T##2 OVL convert_##T##2_sat##R(S##2 x) { return (T##2)(C(T, R, 0), C(T, R, 1)); }      \
    T##3 OVL convert_##T##3_sat##R(S##3 x)                                                 \
    {                                                                                      \
        return (T##3)(C(T, R, 0), C(T, R, 1), C(T, R, 2));                                 \
    }                                                                                      \
    T##4 OVL convert_##T##4_sat##R(S##4 x)                                                 \
    {                                                                                      \
        return (T##4)(C(T, R, 0), C(T, R, 1), C(T, R, 2), C(T, R, 3));                     \
    }                                                                                      \
    T##8 OVL convert_##T##8_sat##R(S##8 x)                                                 \
    {                                                                                      \
        return (T##8)(C(T, R, 0), C(T, R, 1), C(T, R, 2), C(T, R, 3), C(T, R, 4),          \
                      C(T, R, 5), C(T, R, 6), C(T, R, 7));                                 \
    }                                                                                      \
    T##16 OVL convert_##T##16_sat##R(S##16 x)                                              \
    {                                                                                      \
        return (T##16)(C(T, R, 0), C(T, R, 1), C(T, R, 2), C(T, R, 3), C(T, R, 4),         \
                       C(T, R, 5), C(T, R, 6), C(T, R, 7), C(T, R, 8), C(T, R, 9),         \
                       C(T, R, a), C(T, R, b), C(T, R, c), C(T, R, d), C(T, R, e),         \
                       C(T, R, f));                                                        \
    }

#define SAT(T, S, R, ROUND, TMIN, TMAX, LIMIT) \
    SAT1(T, S, R, ROUND, TMIN, TMAX, LIMIT)    \
    SATN(T, S, R)

#define ROUNDINGS(T, S, TMIN, TMAX, LIMIT)      \
    SAT(T, S, , trunc, TMIN, TMAX, LIMIT)      \
    SAT(T, S, _rtz, trunc, TMIN, TMAX, LIMIT)  \
    SAT(T, S, _rte, rint, TMIN, TMAX, LIMIT)   \
    SAT(T, S, _rtp, ceil, TMIN, TMAX, LIMIT)   \
    SAT(T, S, _rtn, floor, TMIN, TMAX, LIMIT)

#define SOURCES(T, TMIN, TMAX, LIMIT)           \
    ROUNDINGS(T, float, TMIN, TMAX, LIMIT)      \
    ROUNDINGS(T, double, TMIN, TMAX, LIMIT)

SOURCES(char, CHAR_MIN, CHAR_MAX, 0x1p7)
SOURCES(short, SHRT_MIN, SHRT_MAX, 0x1p15)
SOURCES(int, INT_MIN, INT_MAX, 0x1p31)
SOURCES(long, LONG_MIN, LONG_MAX, 0x1p63)

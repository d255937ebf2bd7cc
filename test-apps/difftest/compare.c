/*
 * difftest: comparison of one output component of the subject (gcnsim) with
 * the reference (PoCL). Rules, from a test's cmp= list (a value passes when
 * any rule holds):
 *
 *   exact    identical bits (for floats: any NaN equals any NaN)
 *   ulp:N    floats: at most 2N units in the last place apart, where N is
 *            the OpenCL 1.2 limit (Table 7.1) of the builtin — each platform
 *            may be N ulp off the exact result, in opposite directions; +0
 *            and -0 are 0 ulp apart; NaN equals NaN
 *   abs:X    |subject - reference| <= X
 *   rel:X    |subject - reference| <= X * max(|subject|, |reference|)
 *   half     16-bit values holding half floats: identical bits, or both NaN
 *            (the spec leaves NaN payloads open)
 *
 * When the subject flushes float denormals (its CL_DEVICE_SINGLE_FP_CONFIG
 * lacks CL_FP_DENORM, as the spec allows), a float result that is zero or
 * denormal on both sides passes, whatever the rule; and so does a zero where
 * the reference is within the ulp:N limit of a denormal (OpenCL 1.2 7.5.3:
 * "if the result given by (1) is a subnormal before rounding, it may be
 * flushed to zero" -- the CTS's IsFloatResultSubnormal): pow(0x1p-126f, 1.0f)
 * may be 0, and is on an R9 Nano, whose device library computes it as
 * exp(-87.33655f) = 0x1.fffffep-127 * ... and flushes.
 */
#include "difftest.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

/* An integer component widened to 64 bits (sign-extended when signed). */
static uint64_t integer_bits(const struct dt_type *type, const void *value)
{
    uint64_t u = 0;
    memcpy(&u, value, type->size);
    if (type->kind == DT_SIGNED && type->size < 8 && (u >> (type->size * 8 - 1)) & 1)
        u |= ~0ull << (type->size * 8);
    return u;
}

static double as_double(const struct dt_type *type, const void *value)
{
    if (type->kind == DT_FLOAT) {
        if (type->size == 4) {
            float f;
            memcpy(&f, value, 4);
            return f;
        }
        double d;
        memcpy(&d, value, 8);
        return d;
    }
    uint64_t u = integer_bits(type, value);
    return type->kind == DT_SIGNED ? (double)(int64_t)u : (double)u;
}

/* The float's position on a line where neighbouring floats are 1 apart and
 * both zeros are 0. */
static int64_t ordered(const struct dt_type *type, const void *value)
{
    if (type->size == 4) {
        uint32_t bits;
        memcpy(&bits, value, 4);
        int64_t mag = bits & 0x7fffffffu;
        return bits >> 31 ? -mag : mag;
    }
    uint64_t bits;
    memcpy(&bits, value, 8);
    int64_t mag = (int64_t)(bits & 0x7fffffffffffffffull);
    return bits >> 63 ? -mag : mag;
}

static int is_half_nan(const void *value)
{
    uint16_t h;
    memcpy(&h, value, 2);
    return (h & 0x7c00) == 0x7c00 && (h & 0x03ff) != 0;
}

static int rule_ok(const struct dt_rule *rule, const struct dt_type *type, const void *subject,
                   const void *reference, double ulps)
{
    double s = as_double(type, subject), r = as_double(type, reference);
    switch (rule->how) {
    case DT_EXACT:
        return memcmp(subject, reference, type->size) == 0;
    case DT_ULP:
        return type->kind == DT_FLOAT ? ulps <= 2 * rule->limit : s == r;
    case DT_ABS:
        return s == r || fabs(s - r) <= rule->limit;
    case DT_REL:
        return s == r || fabs(s - r) <= rule->limit * fmax(fabs(s), fabs(r));
    case DT_HALF:
        return memcmp(subject, reference, type->size) == 0 ||
               (type->size == 2 && is_half_nan(subject) && is_half_nan(reference));
    }
    return 0;
}

/* Whether a zero subject result is a flushed denormal that an ulp:N rule
 * allows: the reference is within 2N ulp of the denormal range. */
static int flushable_zero(const struct dt_compare *cmp, double s, double r)
{
    if (s != 0)
        return 0;
    for (unsigned i = 0; i < cmp->count; i++)
        if (cmp->rules[i].how == DT_ULP && fabs(r) - 2 * cmp->rules[i].limit * 0x1p-149 < FLT_MIN)
            return 1;
    return 0;
}

enum dt_verdict dt_component_ok(const struct dt_compare *cmp, const struct dt_type *type,
                    const void *subject, const void *reference, double *ulps)
{
    *ulps = 0;
    if (type->kind == DT_FLOAT) {
        double s = as_double(type, subject), r = as_double(type, reference);
        if (isnan(s) && isnan(r))
            return 1;
        if (isnan(s) != isnan(r))
            *ulps = INFINITY;
        else
            *ulps = fabs((double)(ordered(type, subject) - ordered(type, reference)));
        if (cmp->flush_f32 && type->size == 4 &&
            ((fabs(s) < FLT_MIN && fabs(r) < FLT_MIN) || flushable_zero(cmp, s, r)))
            return DT_FLUSHED;
    }
    for (unsigned i = 0; i < cmp->count; i++)
        if (rule_ok(&cmp->rules[i], type, subject, reference, *ulps))
            return DT_PASSED;
    return DT_DIFFERENT;
}

void dt_print_value(const struct dt_type *type, const void *value)
{
    if (type->kind == DT_FLOAT) {
        double d = as_double(type, value);
        uint64_t raw = 0;
        memcpy(&raw, value, type->size);
        printf(type->size == 4 ? "%.9g (%a, 0x%08" PRIx64 ")" : "%.17g (%a, 0x%016" PRIx64 ")", d,
               d, raw);
        return;
    }
    uint64_t u = integer_bits(type, value), raw = 0;
    memcpy(&raw, value, type->size);
    if (type->kind == DT_SIGNED)
        printf("%" PRId64 " (0x%0*" PRIx64 ")", (int64_t)u, (int)type->size * 2, raw);
    else
        printf("%" PRIu64 " (0x%0*" PRIx64 ")", u, (int)type->size * 2, raw);
}

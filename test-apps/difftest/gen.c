/*
 * difftest: input generators. A generator is named in a test's `in=` list
 * (or `init=` for the output buffer's initial contents):
 *
 *   any         edge cases of the type mixed with random values: for floats
 *               0, -0, denormals, FLT_MIN/MAX (DBL_*), +-inf, NaN, 1, pi,
 *               rounding ties, random bit patterns (NaNs among them quiet),
 *               random magnitudes; for
 *               integers 0, +-1, MIN, MAX, MIN+1, MAX-1, bit patterns, small
 *               values, random bits
 *   pos         as `any`, made non-negative (sign bit clear)
 *   nz          as `any`, with 0 replaced by 1
 *   nonan       as `any`, with NaNs replaced by infinities of the same sign
 *   bits        uniformly random bits
 *   range:L:H   uniform in [L, H] (both ends included among the values)
 *   half        half-precision bit patterns (ushort): edge cases and random
 *   index       the component's index (0, 1, 2, ... over the buffer)
 *   fill:B      every byte B
 *
 * Every value is a function of the seed and the position only, so both
 * platforms see identical buffers.
 */
#include "difftest.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const float float_edges[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, 3.0f, 1.5f, 2.5f, -2.5f, 0.1f,
    FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX, INFINITY, -INFINITY, NAN, -NAN,
    0x1p-149f, -0x1p-149f, 0x1.fffffcp-127f, -0x1p-140f, FLT_EPSILON, 1.0f + FLT_EPSILON,
    1.0f - FLT_EPSILON / 2, 0x1p23f, 0x1.000002p23f, 0x1p24f, 0.49999997f, 3.14159265f,
    1.57079633f, -1.57079633f, 6.28318531f, 88.7228394f, -87.3365479f, -103.97f, 100.0f,
    1e10f, -1e10f, 1e-10f, 65504.0f, 65520.0f, 0x1p-24f, 0x1p-25f, 2147483520.0f,
    2147483648.0f, -2147483648.0f, 4294967040.0f, 4294967296.0f,
};

static const double double_edges[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, 1.5, 2.5, -2.5, 0.1,
    DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, INFINITY, -INFINITY, NAN, -NAN,
    0x1p-1074, -0x1p-1074, 0x0.fffffffffffffp-1022, -0x1p-1050, DBL_EPSILON, 1.0 + DBL_EPSILON,
    1.0 - DBL_EPSILON / 2, 0x1p52, 0x1.0000000000001p52, 0x1p53, 0.49999999999999994,
    3.141592653589793, 1.5707963267948966, -1.5707963267948966, 709.782712893384,
    -708.3964185322641, -745.2, 100.0, 1e300, -1e300, 1e-300, FLT_MAX, 0x1p-149,
    (double)FLT_MAX * 2.0, 9223372036854774784.0, 9223372036854775808.0,
    -9223372036854775808.0, 2147483647.5, -2147483648.5, 4294967295.5,
};

static const uint16_t half_edges[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x3800,
    0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x3555, 0x4248, 0x0200,
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t rand64(struct wl_rng *rng)
{
    uint64_t hi = wl_rand_u32(rng);
    return hi << 32 | wl_rand_u32(rng);
}

/* Uniform in [0, 1). */
static double rand_unit(struct wl_rng *rng)
{
    return (double)(rand64(rng) >> 11) * 0x1p-53;
}

static void store_float(const struct dt_type *type, void *out, double value)
{
    if (type->size == 4) {
        float f = (float)value;
        memcpy(out, &f, 4);
    } else {
        memcpy(out, &value, 8);
    }
}

static void store_int(const struct dt_type *type, void *out, uint64_t value)
{
    /* Little-endian host: the low bytes are the truncated value. */
    memcpy(out, &value, type->size);
}

/* Sets the quiet bit of a NaN: OpenCL 1.2 (7.2) does not require signaling
 * NaNs to be supported, so they are no test input (gcnsim's IEEE-mode
 * v_max/v_min/v_med3 quiet them as the hardware does, and the compiled clamp
 * or convert_*_sat then returns NaN or garbage where PoCL takes them as quiet). */
static void quiet_nan(const struct dt_type *type, void *value)
{
    if (type->size == 4) {
        uint32_t bits;
        memcpy(&bits, value, 4);
        if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0)
            bits |= 0x00400000u;
        memcpy(value, &bits, 4);
    } else {
        uint64_t bits;
        memcpy(&bits, value, 8);
        if ((bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
            (bits & 0x000fffffffffffffull) != 0)
            bits |= 0x0008000000000000ull;
        memcpy(value, &bits, 8);
    }
}

/* An edge-case or random float/double for `any`. */
static void any_float(const struct dt_type *type, struct wl_rng *rng, void *out)
{
    uint32_t pick = wl_rand_u32(rng) % 8;
    if (pick < 2) {
        if (type->size == 4)
            store_float(type, out, float_edges[wl_rand_u32(rng) % COUNT(float_edges)]);
        else
            store_float(type, out, double_edges[wl_rand_u32(rng) % COUNT(double_edges)]);
    } else if (pick < 4) {
        uint64_t bits = rand64(rng);
        memcpy(out, &bits, type->size);
        quiet_nan(type, out);
    } else if (pick < 6) {
        store_float(type, out, rand_unit(rng) * 20.0 - 10.0);
    } else {
        double mag = ldexp(1.0 + rand_unit(rng), (int)(wl_rand_u32(rng) % 81) - 40);
        store_float(type, out, wl_rand_u32(rng) & 1 ? -mag : mag);
    }
}

/* An edge-case or random integer for `any`, before truncation to the type. */
static uint64_t any_int(const struct dt_type *type, struct wl_rng *rng)
{
    unsigned bits = type->size * 8;
    uint64_t top = 1ull << (bits - 1);
    uint64_t smax = top - 1, all = bits == 64 ? ~0ull : (top << 1) - 1;
    const uint64_t edges[] = {
        0, 1, all, 2, top, smax, top + 1, smax - 1, all - 1, 0x5555555555555555ull & all,
        0xaaaaaaaaaaaaaaaaull & all, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
        31, 32, 33, 63, 64, 0xffffffffull & all, 0x0f0f0f0f0f0f0f0full & all,
    };
    switch (wl_rand_u32(rng) % 4) {
    case 0:
        return edges[wl_rand_u32(rng) % COUNT(edges)];
    case 1:
        return (uint64_t)((int64_t)(wl_rand_u32(rng) % 201) - 100);
    case 2:
        return rand64(rng) >> (wl_rand_u32(rng) % 64);
    default:
        return rand64(rng);
    }
}

/* Uniform in [lo, hi]; the first two components of every 64 are the ends. */
static void range_value(const struct dt_type *type, struct wl_rng *rng, size_t k,
                        const char *lo, const char *hi, void *out)
{
    if (type->kind == DT_FLOAT) {
        double l = strtod(lo, NULL), h = strtod(hi, NULL);
        double u = k % 64 == 0 ? 0.0 : k % 64 == 1 ? 1.0 : rand_unit(rng);
        store_float(type, out, l + u * (h - l));
    } else if (type->kind == DT_SIGNED) {
        long long l = strtoll(lo, NULL, 0), h = strtoll(hi, NULL, 0);
        uint64_t span = (uint64_t)h - (uint64_t)l + 1;
        uint64_t off = k % 64 == 0 ? 0 : k % 64 == 1 ? span - 1 : rand64(rng) % span;
        store_int(type, out, (uint64_t)l + off);
    } else {
        unsigned long long l = strtoull(lo, NULL, 0), h = strtoull(hi, NULL, 0);
        uint64_t span = h - l + 1;
        uint64_t off = k % 64 == 0 ? 0 : k % 64 == 1 ? span - 1 : rand64(rng) % span;
        store_int(type, out, l + off);
    }
}

static void clear_sign(const struct dt_type *type, void *value)
{
    uint8_t *bytes = value;
    bytes[type->size - 1] &= 0x7f;
}

static double load_float(const struct dt_type *type, const void *value)
{
    if (type->size == 4) {
        float f;
        memcpy(&f, value, 4);
        return f;
    }
    double d;
    memcpy(&d, value, 8);
    return d;
}

static int is_nan(const struct dt_type *type, const void *value)
{
    return isnan(load_float(type, value));
}

static int is_zero(const struct dt_type *type, const void *value)
{
    static const uint8_t zeros[8];
    return memcmp(value, zeros, type->size) == 0;
}

int dt_generate(const struct dt_gen *gen, const struct dt_type *type, size_t count,
                uint64_t seed, void *out)
{
    char name[64];
    snprintf(name, sizeof name, "%s", gen->text);
    char *lo = NULL, *hi = NULL;
    char *colon = strchr(name, ':');
    if (colon) {
        *colon = '\0';
        lo = colon + 1;
        hi = strchr(lo, ':');
        if (hi)
            *hi++ = '\0';
    }
    size_t comps = count * dt_stored_width(type);
    uint8_t *bytes = out;

    if (strcmp(name, "fill") == 0 && lo) {
        memset(out, (int)strtoul(lo, NULL, 0), comps * type->size);
        return 1;
    }
    int any = strcmp(name, "any") == 0, pos = strcmp(name, "pos") == 0;
    int nz = strcmp(name, "nz") == 0, rbits = strcmp(name, "bits") == 0;
    int nonan = strcmp(name, "nonan") == 0;
    int range = strcmp(name, "range") == 0 && lo && hi;
    int half = strcmp(name, "half") == 0 && type->size == 2 && type->kind == DT_UNSIGNED;
    int index = strcmp(name, "index") == 0;
    if (!(any || pos || nz || nonan || rbits || range || half || index)) {
        printf("unknown generator '%s' for %s\n", gen->text, type->scalar);
        return 0;
    }
    struct wl_rng rng;
    wl_seed(&rng, seed);
    for (size_t k = 0; k < comps; k++) {
        void *value = bytes + k * type->size;
        if (range) {
            range_value(type, &rng, k, lo, hi, value);
        } else if (index) {
            if (type->kind == DT_FLOAT)
                store_float(type, value, (double)k);
            else
                store_int(type, value, k);
        } else if (half) {
            uint16_t h = wl_rand_u32(&rng) % 4 == 0 ? half_edges[wl_rand_u32(&rng) %
                                                                 COUNT(half_edges)]
                                                    : (uint16_t)wl_rand_u32(&rng);
            memcpy(value, &h, 2);
        } else if (rbits) {
            store_int(type, value, rand64(&rng));
        } else {
            if (type->kind == DT_FLOAT)
                any_float(type, &rng, value);
            else
                store_int(type, value, any_int(type, &rng));
            if (pos && type->kind != DT_UNSIGNED)
                clear_sign(type, value);
            if (nz && is_zero(type, value))
                store_int(type, value, 1);
            if (nonan && type->kind == DT_FLOAT && is_nan(type, value))
                store_float(type, value, signbit(load_float(type, value)) ? -INFINITY : INFINITY);
        }
    }
    return 1;
}

void dt_flush_denormals(const struct dt_type *type, size_t count, void *data)
{
    if (type->kind != DT_FLOAT || type->size != 4)
        return;
    uint32_t *words = data;
    for (size_t k = 0; k < count * dt_stored_width(type); k++)
        if ((words[k] & 0x7f800000u) == 0)
            words[k] &= 0x80000000u;
}

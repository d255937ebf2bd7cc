/*
 * difftest: runs the same OpenCL C kernels on gcnsim and on PoCL in one
 * process and compares the results element by element.
 *
 * Tests are data: every tests/<family>.cl file holds kernels, each preceded
 * by one description line
 *
 *   //@ <kernel> out=<type> [in=<type>:<gen>,...] [cmp=<rule>,...] [n=<items>]
 *       [global=X,Y,Z] [local=X,Y,Z] [offset=X,Y,Z] [init=<gen>]
 *
 * The kernel's arguments are one global buffer per `in` entry followed by the
 * output buffer (n elements each; n defaults to the product of `global`,
 * else 4096). Types are OpenCL scalar or vector types (float4, uchar16, ...);
 * generators and comparison rules are described in gen.c and compare.c. The
 * text of tests/prelude.h is put before every family's source.
 */
#ifndef DIFFTEST_H
#define DIFFTEST_H

#include "workload.h"

#include <stddef.h>
#include <stdint.h>

/* The kind of an OpenCL scalar type. */
enum dt_kind { DT_SIGNED, DT_UNSIGNED, DT_FLOAT };

/* An OpenCL scalar or vector type. */
struct dt_type {
    const char *scalar; /* "float", "uint", ... */
    enum dt_kind kind;
    unsigned size;  /* bytes of one component */
    unsigned width; /* components: 1, 2, 3, 4, 8, 16 */
};

/* Bytes one element of the type occupies in a buffer (3-vectors take 4). */
size_t dt_element_size(const struct dt_type *type);
/* Components one element occupies in a buffer (3 for 3-vectors is stored as 4). */
unsigned dt_stored_width(const struct dt_type *type);

/* Parses "float4" etc.; returns 0 on an unknown type. */
int dt_parse_type(const char *text, struct dt_type *type);

/* How the values of one buffer are made: see gen.c. */
struct dt_gen {
    char text[64];
};

/* Fills `count` elements of `type` at `out` as `gen` says; `seed` makes the
 * stream differ between arguments. Returns 0 (with a message) on a bad gen. */
int dt_generate(const struct dt_gen *gen, const struct dt_type *type, size_t count,
                uint64_t seed, void *out);

/* Sets float (not double) denormals in `count` elements of `type` at `data`
 * to zero of the same sign. */
void dt_flush_denormals(const struct dt_type *type, size_t count, void *data);

/* One comparison rule of a test (alternatives: a value passes if any holds). */
struct dt_rule {
    enum { DT_EXACT, DT_ULP, DT_ABS, DT_REL, DT_HALF } how;
    double limit;
};

#define DT_MAX_RULES 4

/* How the outputs of the two platforms are compared. */
struct dt_compare {
    struct dt_rule rules[DT_MAX_RULES];
    unsigned count;
    int flush_f32; /* the subject flushes float denormals (no CL_FP_DENORM) */
};

/* Parses the value of cmp= ("exact", "ulp:4", "rel:1e-3,abs:1e-6"). */
int dt_parse_compare(const char *text, struct dt_compare *cmp);

/* The outcome of comparing one component. */
enum dt_verdict {
    DT_DIFFERENT, /* no rule holds */
    DT_PASSED,    /* a rule holds */
    DT_FLUSHED,   /* both are zero or float denormals, and the subject flushes */
};

/* Whether component value `subject` is acceptable given the reference
 * `reference` (both `type->size` bytes); sets *ulps to their distance in
 * units in the last place for floats (0 for integers). */
enum dt_verdict dt_component_ok(const struct dt_compare *cmp, const struct dt_type *type,
                    const void *subject, const void *reference, double *ulps);

/* Prints one component value of the type in decimal (and hex/%a). */
void dt_print_value(const struct dt_type *type, const void *value);

#define DT_MAX_INPUTS 4

/* One kernel test: a description line of a family file. */
struct dt_test {
    char kernel[64];
    struct dt_type out;
    struct dt_gen init;
    struct dt_type in[DT_MAX_INPUTS];
    struct dt_gen gen[DT_MAX_INPUTS];
    unsigned inputs;
    struct dt_compare cmp;
    unsigned dims;
    size_t global[3], local[3], offset[3];
    int has_local, has_offset;
    size_t n; /* elements of every buffer */
    int line; /* in the family file */
};

/* Parses the description after "//@" into *test; returns 0 and prints why on
 * a malformed one. */
int dt_parse_test(const char *text, int line, struct dt_test *test);

#endif

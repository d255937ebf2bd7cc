/* prelude.h: put before every family's source by difftest. Kernels of the
 * usual shape are one macro: work-item i reads element i of each input
 * (x, y, z) and writes element i of the output the value of `expr`. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define UNARY(name, TO, TX, expr)                                    \
    kernel void name(global const TX *xs, global TO *out)            \
    {                                                                \
        size_t i = get_global_id(0);                                 \
        TX x = xs[i];                                                \
        out[i] = expr;                                               \
    }

#define BINARY(name, TO, TX, TY, expr)                                                   \
    kernel void name(global const TX *xs, global const TY *ys, global TO *out)           \
    {                                                                                    \
        size_t i = get_global_id(0);                                                     \
        TX x = xs[i];                                                                    \
        TY y = ys[i];                                                                    \
        out[i] = expr;                                                                   \
    }

#define TERNARY(name, TO, TX, TY, TZ, expr)                                              \
    kernel void name(global const TX *xs, global const TY *ys, global const TZ *zs,      \
                     global TO *out)                                                     \
    {                                                                                    \
        size_t i = get_global_id(0);                                                     \
        TX x = xs[i];                                                                    \
        TY y = ys[i];                                                                    \
        TZ z = zs[i];                                                                    \
        out[i] = expr;                                                                   \
    }

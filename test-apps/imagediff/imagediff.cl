// Kernels of imagediff: every image builtin gcnsim claims, run on gcnsim and PoCL.
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable

#define SAMPLE(name, img_t, coord_t, out_t, read)                                        \
    __kernel void name(__read_only img_t img, sampler_t s, __global const coord_t *c,    \
                       __global out_t *out)                                              \
    {                                                                                    \
        int i = get_global_id(0);                                                        \
        out[i] = read(img, s, c[i]);                                                     \
    }
SAMPLE(sample2d_f, image2d_t, float2, float4, read_imagef)
SAMPLE(sample2d_i, image2d_t, float2, int4, read_imagei)
SAMPLE(sample2d_ui, image2d_t, float2, uint4, read_imageui)
SAMPLE(sample1d_f, image1d_t, float, float4, read_imagef)
SAMPLE(sample1da_f, image1d_array_t, float2, float4, read_imagef)
SAMPLE(sample2da_f, image2d_array_t, float4, float4, read_imagef)
SAMPLE(sample3d_f, image3d_t, float4, float4, read_imagef)

// Integer coordinates through a sampler (unnormalised, nearest).
__kernel void sample2d_int_coords(__read_only image2d_t img, sampler_t s,
                                  __global const float2 *c, __global float4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, convert_int2_rtn(c[i]));
}

// Integer coordinates, no sampler: element (x, y) to out[y * width + x] (y is 0 for
// one-dimensional launches).
#define LOAD(name, img_t, out_t, read, coord)                                            \
    __kernel void name(__read_only img_t img, __global out_t *out)                       \
    {                                                                                    \
        int x = get_global_id(0), y = get_global_id(1);                                  \
        out[y * get_global_size(0) + x] = read(img, coord);                              \
    }
LOAD(load2d_f, image2d_t, float4, read_imagef, (int2)(x, y))
LOAD(load2d_i, image2d_t, int4, read_imagei, (int2)(x, y))
LOAD(load2d_ui, image2d_t, uint4, read_imageui, (int2)(x, y))

#define STORE(name, img_t, in_t, write, coord)                                          \
    __kernel void name(__write_only img_t img, __global const in_t *in)                  \
    {                                                                                    \
        int x = get_global_id(0), y = get_global_id(1);                                  \
        write(img, coord, in[y * get_global_size(0) + x]);                               \
    }
STORE(store2d_f, image2d_t, float4, write_imagef, (int2)(x, y))
STORE(store2d_i, image2d_t, int4, write_imagei, (int2)(x, y))
STORE(store2d_ui, image2d_t, uint4, write_imageui, (int2)(x, y))

__kernel void store1d_f(__write_only image1d_t img, __global const float4 *in)
{
    int x = get_global_id(0);
    write_imagef(img, x, in[x]);
}
__kernel void store1da_f(__write_only image1d_array_t img, __global const float4 *in)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(img, (int2)(x, y), in[y * get_global_size(0) + x]);
}
#define STORE3(name, img_t, in_t, write)                                                \
    __kernel void name(__write_only img_t img, __global const in_t *in)                  \
    {                                                                                    \
        int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);            \
        int i = (z * get_global_size(1) + y) * get_global_size(0) + x;                   \
        write(img, (int4)(x, y, z, 0), in[i]);                                           \
    }
STORE3(store2da_f, image2d_array_t, float4, write_imagef)
// 3D image writes (cl_khr_3d_image_writes).
STORE3(store3d_f, image3d_t, float4, write_imagef)
STORE3(store3d_i, image3d_t, int4, write_imagei)
STORE3(store3d_ui, image3d_t, uint4, write_imageui)

__kernel void query2d(__read_only image2d_t img, __global int *out)
{
    out[0] = get_image_width(img);
    out[1] = get_image_height(img);
    out[2] = get_image_channel_data_type(img);
    out[3] = get_image_channel_order(img);
    int2 dim = get_image_dim(img);
    out[4] = dim.x;
    out[5] = dim.y;
}
__kernel void query_other(__read_only image3d_t v, __read_only image2d_array_t a,
                          __read_only image1d_array_t b, __read_only image1d_t c,
                          __global int *out)
{
    out[0] = get_image_width(v);
    out[1] = get_image_height(v);
    out[2] = get_image_depth(v);
    out[3] = get_image_array_size(a);
    out[4] = get_image_height(a);
    out[5] = get_image_array_size(b);
    out[6] = get_image_width(b);
    out[7] = get_image_width(c);
}

// A read-write image (OpenCL C 2.0): every work-item reads its pixel and writes
// it back changed.
__kernel void rw2d_f(__read_write image2d_t img)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(img, p, read_imagef(img, p) * 0.5f + 0.25f);
}

// 1D image buffers: elements of a buffer, read and written with integer coordinates.
LOAD(load1db_f, image1d_buffer_t, float4, read_imagef, x)
LOAD(load1db_i, image1d_buffer_t, int4, read_imagei, x)
LOAD(load1db_ui, image1d_buffer_t, uint4, read_imageui, x)
STORE(store1db_f, image1d_buffer_t, float4, write_imagef, x)
STORE(store1db_i, image1d_buffer_t, int4, write_imagei, x)
STORE(store1db_ui, image1d_buffer_t, uint4, write_imageui, x)

// (Run on gcnsim only: PoCL lacks the queries of 1D image buffers.)
__kernel void query1db(__read_only image1d_buffer_t img, __global int *out)
{
    out[0] = get_image_width(img);
    out[1] = get_image_channel_data_type(img);
    out[2] = get_image_channel_order(img);
}

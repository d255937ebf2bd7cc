// Images and samplers: reads with and without samplers (1D, 2D, 3D, arrays), writes,
// half reads (d16), queries, and samplers declared in the kernel.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void read_2d(__read_only image2d_t img, sampler_t s, __global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * get_global_size(0) + x] = read_imagef(img, s, (float2)(x + 0.5f, y + 0.5f))
      + read_imagef(img, (int2)(x, y));
}
__kernel void read_array(__read_only image2d_array_t img, sampler_t s, __global float4 *out) {
  out[0] = read_imagef(img, s, (float4)(0.3f, 0.7f, 1.0f, 0.f));
  out[1] = read_imagef(img, (int4)(1, 2, 3, 0));
  out[2] = (float4)(get_image_array_size(img));
}
__kernel void read_3d(__read_only image3d_t img, sampler_t s, __global uint4 *out) {
  out[0] = read_imageui(img, s, (float4)(0.3f, 0.7f, 1.0f, 0.f));
  out[1] = read_imageui(img, (int4)(1, 2, 3, 0));
}
__kernel void read_1d(__read_only image1d_t img, sampler_t s, __global int4 *out) {
  out[0] = read_imagei(img, s, 0.3f) + read_imagei(img, 3);
}
__kernel void write_all(__write_only image3d_t img, __write_only image1d_array_t i1,
                        __write_only image2d_array_t i2, __write_only image2d_t i3) {
  write_imagef(img, (int4)(1, 2, 3, 0), (float4)(1.f));
  write_imagef(i1, (int2)(1, 2), (float4)(1.f));
  write_imagef(i2, (int4)(1, 2, 3, 0), (float4)(1.f));
  write_imageui(i3, (int2)(4, 5), (uint4)(7));
}
__kernel void read_half(__read_only image2d_t img, sampler_t s, __global half4 *out) {
  out[0] = read_imageh(img, s, (float2)(0.3f, 0.7f));
}
__kernel void queries(__read_only image2d_t img, __read_only image3d_t v, __global int *out) {
  out[0] = get_image_width(img);
  out[1] = get_image_height(img);
  out[2] = get_image_channel_order(img);
  out[3] = get_image_channel_data_type(img);
  out[4] = get_image_depth(v);
}
__kernel void kernel_sampler(__read_only image2d_t img, __global float4 *out) {
  const sampler_t smp = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
  out[0] = read_imagef(img, smp, (float2)(0.3f, 0.7f));
}

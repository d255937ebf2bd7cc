// Sobel edge detection on an RGBA image: each channel's gradient magnitude / 8,
// read through a sampler declared in the kernel (unnormalised coordinates,
// clamp to edge, nearest) and written as normalised 8-bit channels.
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                           CLK_FILTER_NEAREST;

__kernel void sobel(__read_only image2d_t in, __write_only image2d_t out)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= get_image_width(in) || y >= get_image_height(in))
        return;
    float4 p[3][3];
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++)
            p[j + 1][i + 1] = read_imagef(in, smp, (int2)(x + i, y + j));
    float4 gx = (p[0][2] + 2.0f * p[1][2] + p[2][2]) - (p[0][0] + 2.0f * p[1][0] + p[2][0]);
    float4 gy = (p[2][0] + 2.0f * p[2][1] + p[2][2]) - (p[0][0] + 2.0f * p[0][1] + p[0][2]);
    write_imagef(out, (int2)(x, y), sqrt(gx * gx + gy * gy) / 8.0f);
}

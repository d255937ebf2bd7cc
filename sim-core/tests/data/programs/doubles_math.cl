// Double precision and math builtins from ocml.
__kernel void math_f32(__global float *x, float a) {
    size_t i = get_global_id(0);
    float v = x[i];
    x[i] = sin(v) + cos(v) * exp(a) + pow(v, a) + sqrt(fabs(v)) + log(v + 2.0f) + native_recip(v + 1.0f);
}

__kernel void math_f64(__global double *x, double a, long n) {
    size_t i = get_global_id(0);
    if (i < n)
        x[i] = fma(x[i], a, tanh(x[i])) + cbrt(a) + rsqrt(x[i] + 1.0);
}

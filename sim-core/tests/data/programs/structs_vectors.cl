// Structs and vectors by value and through pointers; constant and restrict qualifiers.
typedef struct {
    float4 position;
    int2 cell;
    char tag;
    double weight;
} Particle;

__kernel void move(__global Particle *restrict ps, const Particle origin, float4 velocity,
                   __constant float *scale, int2 bounds, uchar mode) {
    size_t i = get_global_id(0);
    Particle p = ps[i];
    p.position += velocity * scale[0] + origin.position;
    p.cell = clamp(p.cell + (int2)(1, 1), (int2)(0, 0), bounds);
    p.tag = mode;
    p.weight *= origin.weight;
    ps[i] = p;
}

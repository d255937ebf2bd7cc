/*
 * Matrix transpose through a local-memory tile: out (cols x rows) = in^T for a
 * row-major in (rows x cols). A TILE x TILE work-group reads a tile with
 * coalesced row accesses, and after a barrier writes it transposed, again
 * along rows of the output. The extra column of the tile spreads a column's
 * elements over different LDS banks. Dimensions are multiples of TILE.
 */
#define TILE 16

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1))) void
transpose(__global const uint *in, __global uint *out, uint rows, uint cols)
{
    __local uint tile[TILE][TILE + 1];
    uint lx = get_local_id(0), ly = get_local_id(1);
    uint gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;

    tile[ly][lx] = in[(gy + ly) * cols + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(gx + ly) * rows + gy + lx] = tile[lx][ly];
}

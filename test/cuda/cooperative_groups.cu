// Cooperative groups: thread-block tiles and their reductions.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
extern "C" __global__ void tiles(const int *in, int *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    int v = in[block.thread_rank()];
    for (int o = tile.size() / 2; o > 0; o /= 2)
        v += tile.shfl_down(v, o);
    if (tile.thread_rank() == 0)
        out[block.thread_rank() / 8] = v;
    block.sync();
}

// A launcher of sycl-tla's MoE::MoEGEMM (examples/12's form) that nothing in the file calls: its template
// arguments are unbound, so --config MoEGEMMLauncher exits 2 saying the compiler instantiated it 0 times
// (tests/cli/compiled_config_xe_test.sh). Only the statements before the launch are compiled. The names the
// compiler path's exporter uses are declared as examples/12's moe_grouped_gemm.hpp and moe_gemms.hpp declare
// them (declarations only: nothing here is defined or called).
#include <cute/tensor.hpp>

using namespace cute;

namespace MoE {
template <typename T, char LayoutKind>
auto make_moe_tensor(T* ptr, int r, int c);
template <class GmemTiledCopyA, class GmemTiledCopyB, class GmemTiledCopyD, class ATensor, class BTensor,
          class DTensor, class TiledMMA>
void moe_gemm(ATensor const& A, BTensor const& B, DTensor& D,
              Coord<int, int, cute::Underscore, int> blk_coord, TiledMMA const& mma);
}  // namespace MoE

template <typename ElementA, typename ElementD>
void MoEGEMMLauncher(const ElementA* activations, ElementD* outputs) {
  auto mma = 0;
  auto kernel = [=](auto) {
    MoE::MoEGEMM<XE_LOAD_2D<16, 32, 32, 16>, void, void, 'R', 'R', 'R'>(activations, activations, nullptr,
                                                                        outputs, mma);
  };
  (void)kernel;
}

// MainloopSm90TmaGmmaRmemAWarpSpecialized (CUTLASS 4.2.0, cutlass/gemm/collective/
// sm90_mma_tma_gmma_rs_warpspecialized.hpp): the GMMA reads its A from registers. The collective swaps the
// operands when A is K-major and B MN-major and they are not both 2-byte types (SwapAB: "WGMMA is k-major
// only" for tf32, int8, fp8), reads B MN-major through a transposed smem copy when both are MN-major
// (TransposeB), and otherwise keeps them. The plan is built over the collective's internal operands
// (InternalSmemLayoutAtomA = SwapAB ? SmemLayoutAtomB : SmemLayoutAtomA, ...); each keeps its spec path.
#include "build_support.hpp"

namespace tvlab::model {

namespace {
// The same memory described from the other operand's side: A (M,K) and B (N,K) swap M and N; a layout tag
// names the contiguous mode per operand (A RowMajor and B ColumnMajor are K-major), so it flips.
std::string swapped_letter(const std::string& l) {
  return l == "M" ? "N" : l == "N" ? "M" : l;
}

std::string swapped_tag(const std::string& text) {
  std::string prefix, t = text;
  for (const char* p : {"cutlass::layout::", "layout::"})
    if (t.rfind(p, 0) == 0) {
      prefix = p;
      t = t.substr(prefix.size());
    }
  if (t == "RowMajor") return prefix + "ColumnMajor";
  if (t == "ColumnMajor") return prefix + "RowMajor";
  return swapped_letter(t);
}

OperandConfig renamed(const OperandConfig& o, const std::string& to) {
  OperandConfig r = o;
  r.name = to;
  if (r.gmem && r.gmem->layout) r.gmem->layout = swapped_tag(*r.gmem->layout);
  if (r.contiguous) r.contiguous = swapped_letter(*r.contiguous);
  return r;
}

// The contiguous mode's letter of operand X from its gmem layout (K for K-major).
std::string major_letter(const OperandConfig& o, const std::string& path) {
  if (!o.type || !o.gmem)
    throw SpecError(spec_path(path, o.type ? "gmem" : "type"),
                    "MainloopSm90TmaGmmaRmemAWarpSpecialized decides SwapAB and TransposeB from A's and B's "
                    "element types and global layouts (StrideA, StrideB): give \"type\" and \"gmem\": "
                    "{\"layout\": ...}");
  const ValueType vt = value_type_at(*o.type, spec_path(path, "type"));
  std::string letter;
  (void)gmem_operand(o.name, *o.gmem, spec_path(path, "gmem"), vt, letter);
  return letter;
}
}  // namespace

std::vector<CollectiveOperand> collective_operands(const KernelConfig& c,
                                                   std::optional<KernelShape>& kernel) {
  std::vector<CollectiveOperand> out;
  if (!kernel || !kernel->rmem_a()) {
    for (const OperandConfig& o : c.operands) out.push_back({o, "operands." + o.name});
    return out;
  }
  const OperandConfig* a = c.operand("A");
  const OperandConfig* b = c.operand("B");
  if (!a || !b)
    throw SpecError(std::string("operands.") + (a ? "B" : "A"),
                    "MainloopSm90TmaGmmaRmemAWarpSpecialized loads A and B: give both");
  const std::string la = major_letter(*a, "operands.A"), lb = major_letter(*b, "operands.B");
  const int bits_a = value_type_at(*a->type, "operands.A.type").bits;
  const int bits_b = value_type_at(*b->type, "operands.B.type").bits;
  // IsInputSizeTwoBytes = sizeof(ElementA) == 2 && sizeof(ElementB) == 2.
  const bool two_bytes = bits_a == 16 && bits_b == 16;
  const bool a_k = la == "K", b_mn = lb != "K";
  const bool swap = !two_bytes && a_k && b_mn;          // IsLayoutAkBmn
  const bool transpose_b = !two_bytes && !a_k && b_mn;  // IsLayoutAmnBmn
  if (transpose_b)
    throw SpecError("operands.B.gmem",
                    "MainloopSm90TmaGmmaRmemAWarpSpecialized with A and B both MN-major and not 2-byte types "
                    "transposes B in shared memory for the GMMA (TransposeB, make_transpose_operand_b), "
                    "which tvlab does not model");
  KernelShape& k = *kernel;
  k.swap_ab = swap;
  if (swap && k.problem) std::swap((*k.problem)[0], (*k.problem)[1]);  // the kernel swaps M and N
  if (swap && k.epilogue)
    throw SpecError(
        "epilogue",
        "with SwapAB (A K-major, B MN-major) the kernel runs the mainloop over the problem (N, M); "
        "its epilogue with this mainloop is not modelled");
  // The collective's operands: internal A first (in registers), then B; their g2s stays in place
  // (make_tma_copy_A_sm90(GmemTiledCopyA, tensor_a) loads the internal A, which is B under SwapAB).
  const OperandConfig* ia = swap ? b : a;
  out.push_back({swap ? renamed(*b, "A") : *a, swap ? "operands.B" : "operands.A"});
  out.push_back({swap ? renamed(*a, "B") : *b, swap ? "operands.A" : "operands.B"});
  if (swap && a->smem && b->smem) std::swap(out[0].config.smem->g2s, out[1].config.smem->g2s);
  // mma(): static_assert(!is_void_v<InternalSmemCopyAtomA>, "SM90 GMMA mainloops must specify a non-void
  // copy atom for smem sourced instructions.") (InternalSmemCopyAtomB's void is smem_stage's).
  if (ia->smem && !ia->smem->s2r)
    throw SpecError(
        out[0].path + ".smem.s2r",
        "SM90 GMMA mainloops must specify a non-void copy atom for smem sourced instructions: the "
        "RS GMMA reads " +
            std::string(swap ? "B (SwapAB: A K-major, B MN-major)" : "A") +
            " from registers, loaded by make_tiled_copy_A(SmemCopyAtom" + (swap ? "B" : "A") +
            ", tiled_mma); give it (the builder's is Copy_Atom<AutoVectorizingCopy, T>)");
  for (const OperandConfig& o : c.operands) {
    if (o.name == "A" || o.name == "B") continue;
    if (swap)
      throw SpecError(
          "operands." + o.name,
          "with SwapAB the collective's accumulator is the (N, M) tile of the swapped problem: copies "
          "of C and D over it are not modelled");
    out.push_back({o, "operands." + o.name});
  }
  return out;
}

}  // namespace tvlab::model

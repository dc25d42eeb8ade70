// Intel Xe DPAS: XE_DPAS_TT<M, TD, TA, TB = TA, TC = TD>, the subgroup matrix multiply-add.
//
// Shape (M, 16, K) with K = 256 / max(bits(TA), bits(TB)); 16 work-items; layouts as sycl-tla's
// MMA_Traits (see xe-atoms.md section 1):
//   A = wi_interleave<TA>((K,M):(M,1))                        row-major A, round-robin over work-items
//   B = wi_interleave<TB>((BV,16,K/BV):(16,1,16*BV)), BV = 32/bits(TB)     VNNI-packed B
//   C = (16,M):(M,1)                                          C[m][n] held by T = n, V = m
//   XE_DPAS_TT<8,float,bfloat16_t>: A (16,8):(8,1), B ((2,8),(2,8)):((16,1),(8,32)), C (16,8):(8,1)
#pragma once

#include "tvlab/core/atoms/atom.hpp"

namespace tvlab {

// wi_interleave<T>(L): element e of L's subgroup array goes to work-item e % 16 (per byte for
// sub-byte T): coalesce(L o (16,(pb, vals/pb)):(pb,(1,16*pb)), (1,1)) with pb = ceil_div(8, bits(T)).
Layout xe_wi_interleave(const Layout& l, int type_bits);
// Builds XE_DPAS_TT<m, d, a, b, c>; AtomError for M outside 1..8 or an unsupported type combination.
MmaAtom make_xe_dpas(int m, const ValueType& d, const ValueType& a, const ValueType& b, const ValueType& c);

}  // namespace tvlab

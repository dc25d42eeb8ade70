// Intel Xe legacy atoms (arch "xe-legacy"): the XE_2D_* block 2D copies and the XE_MxNxK_*_TT MMAs
// of sycl-tla's pre-re-architecture API (xe-atoms.md sections 1 and 3).
//
// The copy atoms' reference layouts are DATA, not formulas: upstream wrote each Copy_Traits by hand
// and several are inconsistent or plainly wrong (aliased bits, stride-0 threads, a wrong BlockShape).
// tvlab reproduces them exactly, quirks included, so that users can debug kernels written against
// them; each atom's `note` says what is odd about it. The table is xe-legacy-atoms.tsv (reference
// layouts in bits for K-contiguous strides), with the hardware op written as a new-API atom.
//
//   XE_2D_U16x32x32_LD_N  ref (16,(16,2,32)):(16,(1,256,512))   T i holds columns i, i+16 (block-fastest)
//   XE_8x16x16_F32BF16BF16F32_TT  A (16,8):(8,1)  B (16,16):(1,16)  C (16,8):(8,1)
#include <string>
#include <string_view>
#include <vector>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/xe_dpas.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

using Kind = Block2D::Kind;

// Quirk flags shared by several rows (their text is composed into the atom's note).
enum Flags : unsigned {
  kNone = 0,
  kBlockFastest = 1,  // multi-block, multi-row load whose values run block-fastest
  kNoVnni = 2,        // LD_V: the layout does not show the VNNI packing
  kNoNewEquiv = 4,    // the hardware op has no new-API atom (8-bit transpose)
};

struct LegacyCopy {
  const char* name;
  const char* op;  // the hardware operation, written as a new-API atom
  unsigned flags;
  const char* block_shape;  // upstream's BlockShape (rows, columns)
  const char* ref;          // reference layout in bits, K-contiguous strides
  const char* note;         // what else is odd about it ("" if nothing)
};

// xe-legacy-atoms.tsv, row by row (85 atoms).
constexpr LegacyCopy kCopies[] = {
    {"XE_2D_Packed_U16x16x32_LD_N", "XE_LOAD_2D<32,16,16>", kNone, "(16,32)",
     "(16,(16,2,16)):(32,(1,16,512))", "packed: loaded as 32-bit words, T i holds columns 2i, 2i+1"},
    {"XE_2D_Packed_U16x32x32_LD_N", "XE_LOAD_2D<32,32,16>", kNone, "(32,32)",
     "(16,(16,2,32)):(32,(1,16,512))", "packed: loaded as 32-bit words, T i holds columns 2i, 2i+1"},
    {"XE_2D_Packed_U4x1x128_LD_N", "XE_LOAD_2D<32,1,16>", kNone, "(1,128)", "(16,(4,8)):(32,(1,4))",
     "packed: loaded as 32-bit words, T i holds the 8 columns 8i..8i+7"},
    {"XE_2D_Packed_U8x16x32_LD_N", "XE_LOAD_2D<8,16,32>", kNone, "(16,32)", "(16,(8,2,16)):(16,(1,8,256))",
     "packed: T i holds columns 2i, 2i+1"},
    {"XE_2D_Packed_U8x16x64_LD_N", "XE_LOAD_2D<8,16,64,32>", kBlockFastest, "(16,64)",
     "(16,(16,2,16)):(16,(1,256,512))", "packed: T i holds columns 2i, 2i+1, 32+2i, 33+2i"},
    {"XE_2D_Packed_U8x1x32_LD_N", "XE_LOAD_2D<8,1,32>", kNone, "(1,32)", "(16,16):(16,1)",
     "packed: T i holds columns 2i, 2i+1"},
    {"XE_2D_Packed_U8x1x64_LD_N", "XE_LOAD_2D<8,1,64,32>", kNone, "(1,64)", "(16,(16,2)):(16,(1,256))",
     "packed: T i holds columns 2i, 2i+1, 32+2i, 33+2i"},
    {"XE_2D_Packed_U8x2x32_LD_N", "XE_LOAD_2D<8,2,32>", kNone, "(2,32)", "(16,(8,2,2)):(16,(1,128,256))",
     "quirk: 16-bit thread stride with single bytes 128 bits apart: T i holds columns 2i and 2i+16 (not 2i, "
     "2i+1), lanes 8..15 repeat lanes 0..7 one row down, odd columns are held by no lane and the last row's "
     "lanes 8..15 fall outside the block"},
    {"XE_2D_Packed_U8x2x64_LD_N", "XE_LOAD_2D<8,2,64,32>", kNone, "(2,64)", "(16,(16,2,2)):(16,(1,512,256))",
     "packed: T i holds columns 2i, 2i+1, 32+2i, 33+2i; values block-slowest (unlike Packed_U8x8x64 and "
     "Packed_U8x16x64, which are block-fastest)"},
    {"XE_2D_Packed_U8x32x32_LD_N", "XE_LOAD_2D<8,32,32>", kNone, "(32,32)", "(16,(8,2,32)):(16,(1,8,256))",
     "packed: T i holds columns 2i, 2i+1"},
    {"XE_2D_Packed_U8x32x64_LD_N", "XE_LOAD_2D<8,32,64,32>", kNone, "(32,64)",
     "(16,(16,32,2)):(16,(1,512,256))",
     "packed: T i holds columns 2i, 2i+1, 32+2i, 33+2i; values block-slowest (unlike Packed_U8x8x64 and "
     "Packed_U8x16x64, which are block-fastest)"},
    {"XE_2D_Packed_U8x4x32_LD_N", "XE_LOAD_2D<8,4,32>", kNone, "(4,32)", "(16,(8,2,4)):(16,(1,128,256))",
     "quirk: 16-bit thread stride with single bytes 128 bits apart: T i holds columns 2i and 2i+16 (not 2i, "
     "2i+1), lanes 8..15 repeat lanes 0..7 one row down, odd columns are held by no lane and the last row's "
     "lanes 8..15 fall outside the block"},
    {"XE_2D_Packed_U8x4x64_LD_N", "XE_LOAD_2D<8,4,64,32>", kNone, "(4,64)", "(16,(16,4,2)):(16,(1,512,256))",
     "packed: T i holds columns 2i, 2i+1, 32+2i, 33+2i; values block-slowest (unlike Packed_U8x8x64 and "
     "Packed_U8x16x64, which are block-fastest)"},
    {"XE_2D_Packed_U8x8x32_LD_N", "XE_LOAD_2D<8,8,32>", kNone, "(8,32)", "(16,(8,2,8)):(16,(1,128,256))",
     "quirk: 16-bit thread stride with single bytes 128 bits apart: T i holds columns 2i and 2i+16 (not 2i, "
     "2i+1 as the legacy documentation says), lanes 8..15 repeat lanes 0..7 one row down, odd columns are "
     "held "
     "by no lane and the last row's lanes 8..15 fall outside the block"},
    {"XE_2D_Packed_U8x8x64_LD_N", "XE_LOAD_2D<8,8,64,32>", kBlockFastest, "(8,64)",
     "(16,(16,2,8)):(16,(1,256,512))", "packed: T i holds columns 2i, 2i+1, 32+2i, 33+2i"},
    {"XE_2D_TF32x16x16_LD_N", "XE_LOAD_2D<32,16,16,8>", kNone, "(16,16)", "(16,(16,32)):(0,(512,1))",
     "quirk: thread stride 0: every work-item is described as holding the same 16 values (column 0 of rows "
     "0..15); the layout covers 512 of the block's 8192 bits"},
    {"XE_2D_TF32x16x8_LD_N", "XE_LOAD_2D<32,16,8>", kNone, "(16,8)", "((8,2),(32,8)):((32,256),(1,512))",
     "tf32 A layout: T i holds column i%8 of rows i/8, i/8+2, ..."},
    {"XE_2D_TF32x1x16_LD_N", "XE_LOAD_2D<32,1,16,8>", kNone, "(1,16)", "((8,2),(32,2)):((32,0),(1,256))",
     "quirk: thread mode (8,2):(32,0): lanes 8..15 alias lanes 0..7 (T i and T i+8 both hold columns i, "
     "i+8)"},
    {"XE_2D_TF32x1x8_LD_N", "XE_LOAD_2D<32,1,8>", kNone, "(32,16)", "((8,2),32):((32,0),1)",
     "quirk: upstream's BlockShape is (32,16) although the op loads a 1x8 block; thread mode (8,2):(32,0): "
     "lanes 8..15 alias lanes 0..7 (T i and T i+8 both hold column i)"},
    {"XE_2D_TF32x2x16_LD_N", "XE_LOAD_2D<32,2,16,8>", kNone, "(2,16)", "((8,2),(32,2)):((32,512),(1,256))",
     "tf32 A layout: T i holds columns i%8, i%8+8 of row i/8"},
    {"XE_2D_TF32x2x8_LD_N", "XE_LOAD_2D<32,2,8>", kNone, "(2,8)", "((8,2),32):((32,256),1)",
     "tf32 A layout: T i holds column i%8 of row i/8"},
    {"XE_2D_TF32x32x16_LD_N", "XE_LOAD_2D<32,32,16,8>", kNone, "(32,16)", "(16,(16,2,32)):(0,(512,8192,1))",
     "quirk: thread stride 0: every work-item is described as holding the same 32 values (column 0 of rows "
     "0..31); the layout covers 1024 of the block's 16384 bits"},
    {"XE_2D_TF32x32x8_LD_N", "XE_LOAD_2D<32,32,8>", kNone, "(32,8)", "((8,2),(32,16)):((32,256),(1,512))",
     "tf32 A layout: T i holds column i%8 of rows i/8, i/8+2, ..."},
    {"XE_2D_TF32x4x16_LD_N", "XE_LOAD_2D<32,4,16,8>", kBlockFastest, "(4,16)",
     "((8,2),(32,2,2)):((32,512),(1,256,1024))",
     "tf32 A layout: T i holds columns i%8, i%8+8 of rows i/8, i/8+2"},
    {"XE_2D_TF32x4x8_LD_N", "XE_LOAD_2D<32,4,8>", kNone, "(4,8)", "((8,2),(32,2)):((32,256),(1,512))",
     "tf32 A layout: T i holds column i%8 of rows i/8, i/8+2"},
    {"XE_2D_TF32x8x16_LD_N", "XE_LOAD_2D<32,8,16,8>", kBlockFastest, "(8,16)",
     "((8,2),(32,2,4)):((32,512),(1,256,1024))",
     "tf32 A layout: T i holds columns i%8, i%8+8 of rows i/8, i/8+2, ..."},
    {"XE_2D_TF32x8x8_LD_N", "XE_LOAD_2D<32,8,8>", kNone, "(8,8)", "((8,2),(32,4)):((32,256),(1,512))",
     "tf32 A layout: T i holds column i%8 of rows i/8, i/8+2, ..."},
    {"XE_2D_TF32x8x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,8,8>", kNone, "(8,8)",
     "((8,2),(4,32)):((256,32),(256,1))",
     "quirk: the value stride 256 repeats the thread stride 256: bits are owned by several lanes and the "
     "layout "
     "reaches 192 bits past the 8x8 block (cosize 2624 > 2048)"},
    {"XE_2D_U16x16x16_LD_N", "XE_LOAD_2D<16,16,16>", kNone, "(16,16)", "(16,(16,16)):(16,(1,256))", ""},
    {"XE_2D_U16x16x16_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,8>", kNone, "(16,16)", "(16,(16,16)):(16,(1,256))",
     "the same reference layout as XE_2D_U16x16x16_LD_N (T i holds column i); the transpose is done by a "
     "32-bit "
     "transpose load"},
    {"XE_2D_U16x16x16_LD_V", "XE_LOAD_2D_VNNI<16,16,16>", kNoVnni, "(16,16)",
     "(16,(16,2,8)):(16,(1,256,512))", ""},
    {"XE_2D_U16x16x32_LD_N", "XE_LOAD_2D<16,16,32,16>", kBlockFastest, "(16,32)",
     "(16,(16,2,16)):(16,(1,256,512))", "T i holds columns i, i+16"},
    {"XE_2D_U16x16x32_LD_V", "XE_LOAD_2D_VNNI<16,16,32,16>", kNoVnni, "(16,32)",
     "(16,(16,2,2,8)):(16,(1,512,256,1024))",
     "T i holds columns i, i+16; values ordered (row pair, block, rows)"},
    {"XE_2D_U16x16x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,4>", kNone, "(8,16)",
     "((2,8),(16,8)):((1024,16),(1,128))", "T 2c+h holds column c, rows 8h..8h+7"},
    {"XE_2D_U16x1x16_LD_N", "XE_LOAD_2D<16,1,16>", kNone, "(1,16)", "(16,(16,1)):(16,(1,256))", ""},
    {"XE_2D_U16x1x16_ST_N", "XE_STORE_2D<16,1,16>", kNone, "(1,16)", "(16,16):(16,1)", ""},
    {"XE_2D_U16x1x32_LD_N", "XE_LOAD_2D<16,1,32,16>", kNone, "(1,32)", "(16,(16,2)):(16,(1,256))",
     "T i holds columns i, i+16"},
    {"XE_2D_U16x2x16_LD_N", "XE_LOAD_2D<16,2,16>", kNone, "(2,16)", "(16,(16,2)):(16,(1,256))", ""},
    {"XE_2D_U16x2x16_ST_N", "XE_STORE_2D<16,2,16>", kNone, "(2,16)", "(16,(16,2)):(16,(1,256))", ""},
    {"XE_2D_U16x2x32_LD_N", "XE_LOAD_2D<16,2,32,16>", kBlockFastest, "(2,32)",
     "(16,(16,2,2)):(16,(1,256,512))", "T i holds columns i, i+16"},
    {"XE_2D_U16x32x16_LD_N", "XE_LOAD_2D<16,32,16>", kNone, "(32,16)", "(16,(16,32)):(16,(1,256))", ""},
    {"XE_2D_U16x32x16_LD_V", "XE_LOAD_2D_VNNI<16,32,16>", kNoVnni, "(32,16)",
     "(16,(16,2,16)):(16,(1,256,512))", ""},
    {"XE_2D_U16x32x32_LD_N", "XE_LOAD_2D<16,32,32,16>", kBlockFastest, "(32,32)",
     "(16,(16,2,32)):(16,(1,256,512))", "T i holds columns i, i+16"},
    {"XE_2D_U16x32x32_LD_V", "XE_LOAD_2D_VNNI<16,32,32,16>", kNoVnni, "(32,32)",
     "(16,(16,2,2,16)):(16,(1,512,256,1024))",
     "T i holds columns i, i+16; values ordered (row pair, block, rows)"},
    {"XE_2D_U16x4x16_LD_N", "XE_LOAD_2D<16,4,16>", kNone, "(4,16)", "(16,(16,4)):(16,(1,256))", ""},
    {"XE_2D_U16x4x16_ST_N", "XE_STORE_2D<16,4,16>", kNone, "(4,16)", "(16,(16,4)):(16,(1,256))", ""},
    {"XE_2D_U16x4x32_LD_N", "XE_LOAD_2D<16,4,32,16>", kBlockFastest, "(4,32)",
     "(16,(16,2,4)):(16,(1,256,512))", "T i holds columns i, i+16"},
    {"XE_2D_U16x8x16_LD_N", "XE_LOAD_2D<16,8,16>", kNone, "(8,16)", "(16,(16,8)):(16,(1,256))", ""},
    {"XE_2D_U16x8x16_ST_N", "XE_STORE_2D<16,8,16>", kNone, "(8,16)", "(16,(16,8)):(16,(1,256))", ""},
    {"XE_2D_U16x8x32_LD_N", "XE_LOAD_2D<16,8,32,16>", kBlockFastest, "(8,32)",
     "(16,(16,2,8)):(16,(1,256,512))", "T i holds columns i, i+16"},
    {"XE_2D_U32x16x16_LD_N", "XE_LOAD_2D<32,16,16>", kNone, "(16,16)", "(16,(32,16)):(32,(1,512))", ""},
    {"XE_2D_U32x16x2_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,2>", kNone, "(2,16)",
     "((8,2),(32,2)):((128,32),(1,64))", ""},
    {"XE_2D_U32x16x4_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,4>", kNone, "(4,16)",
     "((8,2),(32,4)):((256,32),(1,128))",
     "quirk: the value stride 128 overlaps the thread stride 256: bits are owned twice and the layout "
     "reaches "
     "128 bits past the block (cosize 2240 > 2048)"},
    {"XE_2D_U32x16x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,8>", kNone, "(8,16)",
     "((4,4),(32,8)):((1024,32),(1,256))",
     "quirk: the value stride 256 overlaps the thread stride 1024: bits are owned twice and the layout "
     "reaches "
     "512 bits past the block (cosize 4992 > 4096)"},
    {"XE_2D_U32x1x16_LD_N", "XE_LOAD_2D<32,1,16>", kNone, "(1,16)", "(16,32):(32,1)", ""},
    {"XE_2D_U32x1x16_ST_N", "XE_STORE_2D<32,1,16>", kNone, "(1,16)", "(16,32):(32,1)", ""},
    {"XE_2D_U32x2x16_LD_N", "XE_LOAD_2D<32,2,16>", kNone, "(2,16)", "(16,(32,2)):(32,(1,512))", ""},
    {"XE_2D_U32x2x16_ST_N", "XE_STORE_2D<32,2,16>", kNone, "(2,16)", "(16,(32,2)):(32,(1,512))", ""},
    {"XE_2D_U32x32x16_LD_N", "XE_LOAD_2D<32,32,16>", kNone, "(32,16)", "(16,(32,32)):(32,(1,512))", ""},
    {"XE_2D_U32x4x16_LD_N", "XE_LOAD_2D<32,4,16>", kNone, "(4,16)", "(16,(32,4)):(32,(1,512))", ""},
    {"XE_2D_U32x4x16_ST_N", "XE_STORE_2D<32,4,16>", kNone, "(4,16)", "(16,(32,4)):(32,(1,512))", ""},
    {"XE_2D_U32x8x16_LD_N", "XE_LOAD_2D<32,8,16>", kNone, "(8,16)", "(16,(32,8)):(32,(1,512))", ""},
    {"XE_2D_U32x8x16_ST_N", "XE_STORE_2D<32,8,16>", kNone, "(8,16)", "(16,(32,8)):(32,(1,512))", ""},
    {"XE_2D_U4x16x16_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,2>", kNone, "(16,16)",
     "((4,4),(4,16)):((256,4),(1,4))",
     "quirk: the values of a lane are 64 contiguous bits but the thread stride is 4 bits: lanes overlap and "
     "only "
     "304 of the block's 1024 bits are covered"},
    {"XE_2D_U4x16x64_LD_N", "XE_LOAD_2D<8,16,32>", kNone, "(16,64)", "(16,(4,4,16)):(16,(1,4,16))",
     "quirk: the values of a lane are 256 contiguous bits but the thread stride is 16 bits: lanes overlap "
     "and "
     "only the first 496 of the block's 4096 bits are covered"},
    {"XE_2D_U4x16x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,1>", kNone, "(8,16)", "((2,8),(4,8)):((256,4),(1,32))",
     ""},
    {"XE_2D_U4x32x16_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,4>", kNone, "(32,16)",
     "((4,4),(4,32)):((512,4),(1,4))",
     "quirk: the values of a lane are 128 contiguous bits but the thread stride is 4 bits: lanes overlap and "
     "only "
     "560 of the block's 2048 bits are covered"},
    {"XE_2D_U4x32x64_LD_N", "XE_LOAD_2D<8,32,32>", kNone, "(32,64)", "(16,(4,4,32)):(16,(1,4,16))",
     "quirk: the values of a lane are 512 contiguous bits but the thread stride is 16 bits: lanes overlap "
     "and "
     "only the first 752 of the block's 8192 bits are covered"},
    {"XE_2D_U8x16x16_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,4>", kNone, "(16,16)", "(16,(8,16)):(8,(1,128))", ""},
    {"XE_2D_U8x16x32_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,8>", kNone, "(32,16)",
     "(16,(8,(16,2))):(16,(1,(256,8)))",
     "T i holds columns 2i, 2i+1 of a 16x32 byte block (nested value mode)"},
    {"XE_2D_U8x16x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,2>", kNone, "(8,16)", "((2,8),(8,8)):((512,8),(1,64))",
     ""},
    {"XE_2D_U8x1x16_LD_N", "XE_LOAD_2D<8,1,16>", kNone, "(1,16)", "(16,8):(8,1)", ""},
    {"XE_2D_U8x1x16_ST_N", "XE_STORE_2D<8,1,16>", kNone, "(1,16)", "(16,8):(8,1)", ""},
    {"XE_2D_U8x1x32_LD_N", "XE_LOAD_2D<8,1,32,16>", kNone, "(1,32)", "(16,(8,2,1)):(8,(1,128,256))",
     "T i holds columns i, i+16 (a trailing size-1 row mode)"},
    {"XE_2D_U8x2x16_ST_N", "XE_STORE_2D<8,2,16>", kNone, "(2,16)", "(16,(8,2)):(8,(1,128))", ""},
    {"XE_2D_U8x2x32_ST_N", "XE_STORE_2D<16,2,16>", kNone, "(2,32)", "(16,(8,2,2)):(16,(1,128,256))",
     "quirk: stored as 16-bit elements, but with a 16-bit thread stride and single bytes 128 bits apart: T i "
     "holds columns 2i and 2i+16, lanes 8..15 repeat lanes 0..7 one row down, odd columns are held by no "
     "lane "
     "and the last row's lanes 8..15 fall outside the block"},
    {"XE_2D_U8x32x16_LD_V", "XE_LOAD_2D_VNNI<8,32,16>", kNoVnni, "(32,16)", "(16,(8,32)):(8,(1,128))", ""},
    {"XE_2D_U8x32x32_LD_N", "XE_LOAD_2D<8,32,32,16>", kBlockFastest, "(32,32)",
     "(16,(8,2,32)):(8,(1,128,256))", "T i holds columns i, i+16"},
    {"XE_2D_U8x32x32_LD_V", "XE_LOAD_2D_VNNI<8,32,32,16>", kNoVnni, "(32,32)",
     "(16,(8,32,2)):(8,(1,256,128))", "T i holds columns i, i+16; values block-slowest"},
    {"XE_2D_U8x32x4_LD_T", "XE_LOAD_2D_TRANSPOSE<8,32,4>", kNoNewEquiv, "(4,32)",
     "(16,(8,2,4)):(8,(1,32,64))",
     "quirk: the value strides 32 and 64 overlap the 8-bit thread stride: lanes overlap and only the first "
     "352 "
     "of the block's 1024 bits are covered"},
    {"XE_2D_U8x32x64_LD_V", "XE_LOAD_2D_VNNI<8,32,64,16>", kNoVnni, "(32,64)",
     "(16,(8,32,2,2)):(8,(1,512,8,256))",
     "quirk: a value mode of stride 8 (the next byte) overlaps the next lane: T i holds columns i, i+1, "
     "32+i, "
     "33+i, so bits are owned twice and columns 17..31 and 49..63 by no lane"},
    {"XE_2D_U8x32x8_LD_T", "XE_LOAD_2D_TRANSPOSE<8,32,8>", kNoNewEquiv, "(8,32)",
     "(16,(8,2,8)):(8,(1,64,128))",
     "quirk: the value strides 64 and 128 overlap the 8-bit thread stride: lanes overlap and only the first "
     "1088 of the block's 2048 bits are covered"},
    {"XE_2D_U8x4x16_ST_N", "XE_STORE_2D<8,4,16>", kNone, "(4,16)", "(16,(8,4)):(8,(1,128))", ""},
    {"XE_2D_U8x8x16_ST_N", "XE_STORE_2D<8,8,16>", kNone, "(8,16)", "(16,(8,8)):(8,(1,128))", ""},
    {"XE_2D_U8x8x32_LD_N", "XE_LOAD_2D<8,8,32,16>", kBlockFastest, "(8,32)", "(16,(8,2,8)):(8,(1,128,256))",
     "T i holds columns i, i+16"},
};

// Legacy ops that exist upstream (the copy instruction is there) but whose Copy_Traits cannot be used.
struct Unusable {
  const char* name;
  const char* why;
};
constexpr Unusable kUnusable[] = {
    {"XE_2D_U32x16x1_LD_T",
     "the op (a 32-bit transpose load of 16 rows x 1 column) exists, but its Copy_Traits specialization is "
     "commented out upstream, so Copy_Atom<XE_2D_U32x16x1_LD_T, T> does not compile"},
    {"XE_2D_U64x8x1_LD_T",
     "the op (a 64-bit transpose load of 8 rows x 1 column) exists, but its traits describe lanes 8..15 as "
     "aliases of lanes 0..7 (thread mode (8,2):(64,0)) and the re-architected legacy header drops the U64 "
     "transpose aliases: there is no usable layout"},
    {"XE_2D_U64x8x2_LD_T",
     "the op (a 64-bit transpose load of 8 rows x 2 columns) exists, but its traits give the source 64 bits "
     "per lane and the destination 128 (sizes differ), describe lanes 8..15 as aliases of lanes 0..7, and "
     "the "
     "re-architected legacy header drops the U64 transpose aliases: there is no usable layout"},
    {"XE_2D_U64x8x4_LD_T",
     "the op (a 64-bit transpose load of 8 rows x 4 columns) exists, but its traits give the source 64 bits "
     "per lane and the destination 256 (sizes differ), describe lanes 8..15 as aliases of lanes 0..7, and "
     "the "
     "re-architected legacy header drops the U64 transpose aliases: there is no usable layout"},
    {"XE_2D_U8x8x32_ST_N",
     "the op (an 8x32 byte store, two 16-byte blocks) exists, but its traits map every lane and every row to "
     "the same 16 bits (source (16,(8,16)):(0,(0,1))) and give source and destination different sizes "
     "(2048 vs 128 bits): there is no usable layout"},
};

// The width of the legacy name's DataType: XE_2D_[Packed_]<U4|U8|U16|U32|TF32|U64>x...
int name_bits(std::string_view name) {
  std::string_view s = name.substr(6);  // after "XE_2D_"
  if (s.substr(0, 7) == "Packed_") s.remove_prefix(7);
  s = s.substr(0, s.find('x'));
  if (s == "U4") return 4;
  if (s == "U8") return 8;
  if (s == "U16") return 16;
  if (s == "U32" || s == "TF32") return 32;
  if (s == "U64") return 64;
  throw AtomError("xe-legacy: name", "unknown DataType in " + std::string(name));
}

Block2D parse_op(const char* text) {
  const AtomName n = parse_atom_name(text);
  Block2D op;
  if (n.base == "XE_LOAD_2D")
    op.kind = Kind::Load;
  else if (n.base == "XE_LOAD_2D_VNNI")
    op.kind = Kind::LoadVnni;
  else if (n.base == "XE_LOAD_2D_TRANSPOSE")
    op.kind = Kind::LoadTranspose;
  else
    op.kind = Kind::Store;
  op.bits = static_cast<int>(atom_int_arg(n, 0, "Bits"));
  op.height = static_cast<int>(atom_int_arg(n, 1, "Height"));
  op.width = static_cast<int>(atom_int_arg(n, 2, "Width"));
  op.block_width = n.args.size() > 3 ? static_cast<int>(atom_int_arg(n, 3, "BlockWidth")) : op.width;
  return op;
}

std::string join(std::string a, const std::string& b) {
  if (b.empty()) return a;
  return a.empty() ? b : a + "; " + b;
}

void reject_args(const AtomName& n) {
  if (n.templated)
    throw AtomError(n.base + ": parameters",
                    n.base + " is a concrete legacy atom and takes no template arguments");
}

CopyAtom make_copy(const LegacyCopy& row) {
  CopyAtom a;
  a.name = row.name;
  a.arch = "xe-legacy";
  a.thr_id = make_layout(IntTuple(16), IntTuple(1));
  a.ref = parse_layout(row.ref);
  // Every lane passes the same coordinates: the memory side has thread stride 0 (as the new atoms).
  const Layout broadcast = make_layout({make_layout(IntTuple(16), IntTuple(0)), mode(a.ref, 1)});
  const Block2D op = parse_op(row.op);
  if (op.kind == Kind::Store)
    a.src = a.ref, a.dst = broadcast;
  else
    a.src = broadcast, a.dst = a.ref;
  // copy_bits is the width of the name's DataType, not the hardware op's element: the legacy names
  // state the width of the data moved ("U4" = 4-bit values, even where the op moves bytes or 32-bit
  // words, "Packed_U16" = 16-bit values moved as 32-bit words, TF32 = 32). The reference layouts are
  // written for that element (several U4 layouts have 4-bit strides), so value_layouts(atom, bits)
  // is valid for the element type and for any narrower width that divides it, and a wider type is
  // refused by the CopyBits % ValBits rule.
  a.copy_bits = name_bits(row.name);
  a.val_bits = a.copy_bits;
  a.block2d = op;
  if (op.kind != Kind::Store)
    a.prefetch = "XE_PREFETCH_2D<" + std::to_string(op.bits) + "," + std::to_string(op.height) + "," +
                 std::to_string(op.width) + ">";
  std::string note;
  if (row.flags & kNoNewEquiv)
    note =
        join(note, std::string("no new-API equivalent: the hardware op ") + row.op +
                       " is an 8-bit transpose, which XE_LOAD_2D_TRANSPOSE (32 or 64 bits) does not offer");
  if (row.flags & kNoVnni)
    note = join(note,
                "legacy B layout, no VNNI: the layout does not show the VNNI packing, each lane holds "
                "whole columns of the row-major block as with LD_N");
  if (row.flags & kBlockFastest)
    note = join(note,
                "multi-block load: values ordered block-fastest (the new XE_LOAD_2D orders them "
                "block-slowest)");
  a.note = join(note, row.note);
  return a;
}

// ---- MMA -------------------------------------------------------------------------------------

struct LegacyMma {
  const char* types;  // D A B C, as the name spells them
  int k;
  const char *d, *a, *b, *c;
};
constexpr LegacyMma kMmas[] = {
    {"F32BF16BF16F32", 16, "float", "bfloat16_t", "bfloat16_t", "float"},
    {"F32F16F16F32", 16, "float", "half_t", "half_t", "float"},
    {"BF16BF16BF16BF16", 16, "bfloat16_t", "bfloat16_t", "bfloat16_t", "bfloat16_t"},
    {"F16F16F16F16", 16, "half_t", "half_t", "half_t", "half_t"},
    {"S32S8S8S32", 32, "int32_t", "int8_t", "int8_t", "int32_t"},
    {"S32U8U8S32", 32, "int32_t", "uint8_t", "uint8_t", "int32_t"},
    {"F32TF32TF32F32", 8, "float", "tfloat32_t", "tfloat32_t", "float"},
};

std::string mma_name(int m, const LegacyMma& t) {
  return "XE_" + std::to_string(m) + "x16x" + std::to_string(t.k) + "_" + t.types + "_TT";
}

MmaAtom make_mma(int m, const LegacyMma& t) {
  MmaAtom atom;
  atom.name = mma_name(m, t);
  atom.arch = "xe-legacy";
  atom.m = m, atom.n = 16, atom.k = t.k;
  atom.thr_id = make_layout(IntTuple(16), IntTuple(1));
  atom.d_type = value_type(t.d), atom.a_type = value_type(t.a), atom.b_type = value_type(t.b),
  atom.c_type = value_type(t.c);
  const int a_bits = atom.a_type.bits;
  if (a_bits == 16)  // T holds k = T of every row m: A(m, T)
    atom.a = make_layout(make_shape(16, m), make_stride(m, 1));
  else if (a_bits == 8)  // T holds k = 2T, 2T+1 of every row m
    atom.a = make_layout(make_shape(16, make_shape(2, m)), make_stride(2 * m, make_stride(m, 1)));
  else  // tf32 as XE_DPAS_TT<M, float, tfloat32_t>: wi_interleave((K,M):(M,1)); M = 1 pads outside the tile
    atom.a = xe_wi_interleave(make_layout(make_shape(t.k, m), make_stride(m, 1)), a_bits);
  atom.b = make_layout(make_shape(16, t.k), make_stride(1, 16));  // no VNNI: T = n holds every k
  atom.c = make_layout(make_shape(16, m), make_stride(m, 1));
  return atom;
}

}  // namespace

void register_xe_legacy(Registry& r) {
  for (const LegacyCopy& row : kCopies) {
    AtomFamily f;
    f.arch = "xe-legacy";
    f.kind = "copy";
    f.base = row.name;
    f.signature = row.name;
    f.ranges = std::string("no parameters; hardware op ") + row.op +
               ((row.flags & kNoNewEquiv) ? " (no new-API equivalent)" : "") + "; BlockShape " +
               row.block_shape;
    const LegacyCopy* p = &row;
    f.make = [p](const AtomName& n) -> Atom {
      reject_args(n);
      return make_copy(*p);
    };
    const std::string name = row.name;
    f.instances = [name] { return std::vector<std::string>{name}; };
    r.add(std::move(f));
  }
  for (const Unusable& u : kUnusable) {
    AtomFamily f;
    f.arch = "xe-legacy";
    f.kind = "copy";
    f.base = u.name;
    f.signature = u.name;
    f.ranges = std::string("no usable Copy_Traits: ") + u.why;
    const Unusable* p = &u;
    f.make = [p](const AtomName&) -> Atom {
      throw AtomError(std::string(p->name) + ": no usable Copy_Traits", p->why);
    };
    const std::string name = u.name;
    f.instances = [name] { return std::vector<std::string>{name}; };
    r.add(std::move(f));
  }
  for (const LegacyMma& t : kMmas) {
    for (int m : {1, 2, 4, 8}) {
      AtomFamily f;
      f.arch = "xe-legacy";
      f.kind = "mma";
      f.base = mma_name(m, t);
      f.signature = f.base;
      f.ranges = "no parameters; M = " + std::to_string(m) + ", N = 16, K = " + std::to_string(t.k) +
                 "; (D,A,B,C) = (" + t.d + "," + t.a + "," + t.b + "," + t.c + "); B without VNNI";
      const LegacyMma* p = &t;
      f.make = [p, m](const AtomName& n) -> Atom {
        reject_args(n);
        return make_mma(m, *p);
      };
      const std::string name = f.base;
      f.instances = [name] { return std::vector<std::string>{name}; };
      r.add(std::move(f));
    }
  }
}

}  // namespace tvlab

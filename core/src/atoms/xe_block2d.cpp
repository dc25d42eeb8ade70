#include "tvlab/core/atoms/xe_block2d.hpp"

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab {

namespace {
using Kind = Block2D::Kind;

const char* kind_base(Kind k) {
  switch (k) {
    case Kind::Load:
      return "XE_LOAD_2D";
    case Kind::LoadVnni:
      return "XE_LOAD_2D_VNNI";
    case Kind::LoadTranspose:
      return "XE_LOAD_2D_TRANSPOSE";
    case Kind::Store:
      return "XE_STORE_2D";
    case Kind::Prefetch:
      return "XE_PREFETCH_2D";
  }
  return "";
}

bool has_block_width(Kind k) {
  return k == Kind::Load || k == Kind::LoadVnni;
}

void require(bool ok, const Block2D& op, const std::string& rule, const std::string& why) {
  if (!ok) throw AtomError(std::string(kind_base(op.kind)) + ": " + rule, block2d_name(op) + ": " + why);
}

std::string str(int v) {
  return std::to_string(v);
}
}  // namespace

std::string block2d_name(const Block2D& op) {
  std::string n =
      std::string(kind_base(op.kind)) + "<" + str(op.bits) + "," + str(op.height) + "," + str(op.width);
  if (has_block_width(op.kind) && op.block_width != op.width) n += "," + str(op.block_width);
  return n + ">";
}

Block2D block2d_prefetch(const Block2D& op) {
  return Block2D{Kind::Prefetch, op.bits, op.height, op.width, op.width};
}

void validate_block2d(const Block2D& op) {
  const int b = op.bits, h = op.height, w = op.width, bw = op.block_width;
  require(b == 8 || b == 16 || b == 32 || b == 64, op, "Bits in {8,16,32,64}", "Bits = " + str(b));
  require(h >= 1 && h <= 32, op, "1 <= Height <= 32", "Height = " + str(h));
  require(w >= 1, op, "Width >= 1", "Width = " + str(w));
  require(b * w <= 512, op, "Bits*Width <= 512",
          "a row of " + str(b * w) + " bits exceeds 64 bytes; Width <= " + str(512 / b) + " for " + str(b) +
              "-bit");
  require(bw >= 1 && w % bw == 0, op, "Width % BlockWidth == 0",
          "BlockWidth = " + str(bw) + " does not divide Width = " + str(w));
  const int count = w / bw;
  require(count == 1 || count == 2 || count == 4, op, "block count in {1,2,4}",
          "Width/BlockWidth = " + str(count));
  require(b * count <= 64, op, "Bits*count <= 64",
          "block count " + str(count) + " with " + str(b) + "-bit elements; count <= " + str(64 / b));
  switch (op.kind) {
    case Kind::LoadVnni:
      require(b == 8 || b == 16, op, "VNNI Bits in {8,16}", "Bits = " + str(b));
      require(h % (32 / b) == 0, op, "VNNI Height % (32/Bits) == 0",
              "Height = " + str(h) + " is not a multiple of " + str(32 / b));
      break;
    case Kind::LoadTranspose:
      require(b == 32 || b == 64, op, "TRANSPOSE Bits in {32,64}", "Bits = " + str(b));
      require(w <= 8, op, "TRANSPOSE Width <= 8", "Width = " + str(w));
      if (b == 64) {
        require(h == 8, op, "64-bit TRANSPOSE Height == 8", "Height = " + str(h));
        require(w < 4, op, "64-bit TRANSPOSE Width < 4", "Width = " + str(w));
      }
      require(count == 1, op, "TRANSPOSE block count 1", "count = " + str(count));
      break;
    case Kind::Store:
      require(h <= 8, op, "STORE Height <= 8", "Height = " + str(h));
      require(count == 1, op, "STORE block count 1", "count = " + str(count));
      break;
    case Kind::Prefetch:
      require(count == 1, op, "PREFETCH block count 1", "count = " + str(count));
      break;
    case Kind::Load:
      break;
  }
}

Layout block2d_register_order(const Block2D& op) {
  const int64_t h = op.height, w = op.width, bw = op.block_width;
  switch (op.kind) {
    case Kind::Load:
      return make_layout(make_shape(bw, h, w / bw), make_stride(1, w, bw));
    case Kind::LoadVnni: {
      const int64_t bv = 32 / op.bits;
      return make_layout(make_shape(bv, bw, h / bv, w / bw), make_stride(w, 1, w * bv, bw));
    }
    case Kind::LoadTranspose:
      return make_layout(make_shape(h, w), make_stride(w, 1));
    case Kind::Store:
    case Kind::Prefetch:
      return make_layout(make_shape(w, h), make_stride(1, w));
  }
  return Layout();
}

Layout xe_interleaved_layout(const Layout& in, int copy_bits, int val_bits) {
  const int64_t vec_bits = std::max(val_bits, 8);
  const int64_t r = copy_bits / vec_bits;
  const Layout expanded = logical_product(make_layout(IntTuple(r), IntTuple(1)), Tiler(in));
  const int64_t n = size(expanded);
  const Layout tv = composition(expanded, make_layout(make_shape(16, ceil_div(n, 16)), make_stride(1, 16)));
  return coalesce(blocked_product(make_layout(make_shape(1, vec_bits)), tv), make_shape(1, 1));
}

CopyAtom make_xe_block2d(const Block2D& op, int val_bits) {
  validate_block2d(op);
  if (val_bits <= 0 || op.bits % val_bits != 0)
    throw AtomError(std::string(kind_base(op.kind)) + ": CopyBits % ValBits == 0",
                    block2d_name(op) + ": a " + str(val_bits) + "-bit value type does not divide the " +
                        str(op.bits) + "-bit copy element");
  CopyAtom a;
  a.name = block2d_name(op);
  a.arch = "xe";
  a.thr_id = make_layout(IntTuple(16), IntTuple(1));
  a.copy_bits = op.bits;
  a.val_bits = val_bits;
  a.block2d = op;
  Layout result;
  try {
    result = xe_interleaved_layout(block2d_register_order(op), op.bits, val_bits);
  } catch (const LayoutError& e) {
    // sycl-tla fails the same static divisibility check when instantiating these traits.
    throw AtomError(std::string(kind_base(op.kind)) + ": work-item interleaving",
                    block2d_name(op) +
                        ": its registers cannot be dealt round-robin to 16 work-items as a layout (" +
                        e.what() + ")");
  }
  const Layout broadcast = make_layout({make_layout(IntTuple(16), IntTuple(0)), mode(result, 1)});
  a.ref = result;
  if (op.kind == Kind::Store) {
    a.src = result, a.dst = broadcast;
  } else {
    a.src = broadcast, a.dst = result;
  }
  if (op.kind != Kind::Store && op.kind != Kind::Prefetch) a.prefetch = block2d_name(block2d_prefetch(op));
  return a;
}

void register_xe_block2d(Registry& r) {
  struct Spec {
    Kind kind;
    const char* signature;
    const char* ranges;
  };
  const Spec specs[] = {
      {Kind::Load, "XE_LOAD_2D<Bits, Height, Width, BlockWidth = Width>",
       "Bits in {8,16,32,64}; 1 <= Height <= 32; Bits*Width <= 512; count = Width/BlockWidth in {1,2,4}, "
       "Bits*count <= 64"},
      {Kind::LoadVnni, "XE_LOAD_2D_VNNI<Bits, Height, Width, BlockWidth = Width>",
       "Bits in {8,16}; 1 <= Height <= 32, Height % (32/Bits) == 0; Bits*Width <= 512; count = "
       "Width/BlockWidth "
       "in {1,2,4}, Bits*count <= 64"},
      {Kind::LoadTranspose, "XE_LOAD_2D_TRANSPOSE<Bits, Height, Width>",
       "Bits in {32,64}; 1 <= Height <= 32; Width <= 8; 64-bit: Height == 8 and Width < 4"},
      {Kind::Store, "XE_STORE_2D<Bits, Height, Width>",
       "Bits in {8,16,32,64}; 1 <= Height <= 8; Bits*Width <= 512"},
      {Kind::Prefetch, "XE_PREFETCH_2D<Bits, Height, Width>",
       "Bits in {8,16,32,64}; 1 <= Height <= 32; Bits*Width <= 512"},
  };
  for (const Spec& s : specs) {
    AtomFamily f;
    f.arch = "xe";
    f.kind = "copy";
    f.base = kind_base(s.kind);
    f.signature = s.signature;
    f.ranges = s.ranges;
    const Kind kind = s.kind;
    f.make = [kind](const AtomName& n) -> Atom {
      const std::size_t max_args = has_block_width(kind) ? 4 : 3;
      if (n.args.size() < 3 || n.args.size() > max_args)
        throw AtomError(
            std::string(kind_base(kind)) + ": parameters",
            std::string("expected ") +
                (has_block_width(kind) ? "<Bits, Height, Width[, BlockWidth]>" : "<Bits, Height, Width>") +
                ", got " + std::to_string(n.args.size()) + " template arguments");
      auto arg = [&](std::size_t i, const char* what) {
        const int64_t v = atom_int_arg(n, i, what);
        if (v < -(1 << 20) || v > (1 << 20))
          throw AtomError(std::string(kind_base(kind)) + ": " + what, n.args[i] + " is out of range");
        return static_cast<int>(v);
      };
      Block2D op{kind, arg(0, "Bits"), arg(1, "Height"), arg(2, "Width"), 0};
      op.block_width = n.args.size() > 3 ? arg(3, "BlockWidth") : op.width;
      return make_xe_block2d(op, op.bits);
    };
    f.instances = [] { return std::vector<std::string>{}; };
    r.add(std::move(f));
  }
}

}  // namespace tvlab

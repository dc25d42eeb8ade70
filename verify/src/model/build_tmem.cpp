// "tmem": an SM100 UMMA's accumulator in tensor memory and the epilogue's TMEM copies (docs/spec.md). Without
// the key a UMMA TiledMMA still gets its accumulator where it builds (plan prints it).
#include "build_support.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab::model {

namespace {
// "tmem.epilogue_tile": CUTLASS's EpilogueTile, a tiler of 2 modes (M, N), each an integer (Shape<_M,_N>) or
// a layout (the SM100 builder's (64:1, (N/2,2):(1,CtaN/2)) for a 2-CTA M = 128 MMA): [M, N] mode by mode (an
// integer or a layout, CuTe's spellings too), or the whole tiler as one text, "(64,(16,2):(1,64))" or CuTe's
// print "(_64:_1,(_16,_2):(_1,_64))". A tuple of integers as a mode would be a nested tiler, which CuTe
// applies to the accumulator's sub-modes one by one: refused rather than read as the compact layout.
Tiler parse_epilogue_tile(const TilerConfig& v, const std::string& path) {
  const std::string want = "a positive integer or a layout such as \"(16,2):(1,64)\"";
  const auto check_mode = [&](const Tiler& t, const std::string& p) {
    if (t.is_integer() && t.integer() <= 0) throw SpecError(p, "expected " + want);
    if (t.is_tuple() || t.is_underscore())
      throw SpecError(p, to_string(t) +
                             (t.is_tuple() ? " is a tuple: as a mode of a tiler CuTe applies it to the "
                                             "accumulator's sub-modes one by one, which tvlab does not "
                                             "model; "
                                           : " keeps the whole mode, which tvlab does not model here; ") +
                             "give " + want);
  };
  if (const auto* given = std::get_if<std::vector<Notation>>(&v)) {
    if (given->size() != 2) throw SpecError(path, "expected [M, N]: 2 modes, each " + want);
    Tiler::Modes modes;
    for (std::size_t i = 0; i < 2; ++i) {
      const std::string p = spec_index(path, i);
      const Notation& x = (*given)[i];
      if (const auto* n = std::get_if<int64_t>(&x)) {
        if (*n <= 0 || *n > (int64_t(1) << 48)) throw SpecError(p, "expected " + want);
        modes.emplace_back(*n);
        continue;
      }
      const std::string& text = std::get<std::string>(x);
      const Tiler t = at(p, [&]() -> Tiler {
        const Expr e = parse_expr(text);
        if (is_integer_tuple(e)) return Tiler::from_shape(parse_int_tuple(text));
        return Tiler(parse_layout(x, p));
      });
      check_mode(t, p);
      modes.push_back(t);
    }
    return Tiler(modes);
  }
  const std::string& text = std::get<std::string>(v);
  const Tiler t = at(path, [&]() -> Tiler {
    if (is_integer_tuple(parse_expr(text))) return Tiler::from_shape(parse_int_tuple(text));
    Value x = evaluate(text);
    if (auto* tt = std::get_if<Tiler>(&x)) return *tt;
    if (auto* it = std::get_if<IntTuple>(&x)) return Tiler::from_shape(*it);
    throw SpecError(path,
                    "expected a tiler of 2 modes (M, N) such as (64,(16,2):(1,64)), got " + to_string(x));
  });
  if (!t.is_tuple() || t.rank() != 2)
    throw SpecError(path,
                    "expected a tiler of 2 modes (M, N) such as (64,(16,2):(1,64)), got " + to_string(t));
  for (int i = 0; i < 2; ++i) check_mode(t.modes()[static_cast<std::size_t>(i)], path);
  return t;
}

std::optional<std::array<int64_t, 2>> pair_of(const std::optional<std::vector<int64_t>>& v,
                                              const std::string& path) {
  if (!v) return std::nullopt;
  check_ints(*v, path, 1, 2);
  if (v->size() != 2) throw SpecError(path, "expected [M, N], 2 positive integers");
  return std::array<int64_t, 2>{(*v)[0], (*v)[1]};
}
}  // namespace

void build_tmem(Plan& plan, const std::optional<TmemConfig>& t) {
  if (!plan.mma || !is_umma(plan.mma->atom)) {
    if (t)
      throw SpecError(
          "tmem", "tensor memory holds the accumulator of an SM100 UMMA: give \"mma\" an SM100_MMA_* atom");
    return;
  }
  const TiledMMA& m = *plan.mma;
  if (m.num_threads() != size(m.atom.thr_id)) {
    if (t)
      throw SpecError("tmem", "tvlab models the accumulator of a TiledMMA of one UMMA atom (no atom_layout)");
    return;
  }
  std::array<int64_t, 2> tile{m.tile_mnk[0], m.tile_mnk[1]};
  std::string tile_path = "mma";
  if (plan.kernel) {
    tile = {plan.kernel->cta_tile[0], plan.kernel->cta_tile[1]};
    tile_path = "cta_tile";
  }
  if (t) {
    if (auto tt = pair_of(t->tile, "tmem.tile")) {
      tile = *tt;
      tile_path = "tmem.tile";
    }
  }
  try {
    plan.tmem_acc = tmem_accumulator(m.atom, tile[0], tile[1]);
  } catch (const AtomError& e) {
    if (t) throw SpecError(tile_path, e.what());
    return;  // e.g. a CTA tile past 512 columns: no accumulator to show, and none was asked for
  }
  if (!t) return;
  if (!t->copy) {
    for (auto [key, given] : {std::pair{"epilogue_tile", t->epilogue_tile.has_value()},
                              {"threads", t->threads.has_value()},
                              {"first_thread", t->first_thread.has_value()}})
      if (given)
        throw SpecError(spec_path("tmem", key), "describes the epilogue's TMEM copies: give \"copy\" too");
    return;
  }
  const std::string cp = "tmem.copy";
  const CopyAtom atom = copy_atom_at(*t->copy, cp);
  std::optional<Tiler> epi;
  if (t->epilogue_tile) epi = parse_epilogue_tile(*t->epilogue_tile, "tmem.epilogue_tile");
  int64_t threads = 128, first = 0;
  for (auto [key, given, out] :
       {std::tuple{"threads", &t->threads, &threads}, std::tuple{"first_thread", &t->first_thread, &first}})
    if (*given) {
      if (**given < 0 || **given > 1024)
        throw SpecError(spec_path("tmem", key), "expected an integer in [0, 1024]");
      *out = **given;
    }
  if (threads == 0 || threads % 32 != 0)
    throw SpecError("tmem.threads", "expected whole warps: a multiple of 32, at most 1024");
  if (first % 32 != 0 || first + threads > 1024)
    throw SpecError("tmem.first_thread",
                    "expected the first thread of a warp (a multiple of 32), with "
                    "first_thread + threads at most 1024");
  plan.tmem = at(epi ? "tmem.epilogue_tile" : cp, [&] {
    return epi ? make_tmem_epilogue(*plan.tmem_acc, atom, *epi, threads, first)
               : make_tmem_epilogue(*plan.tmem_acc, atom, 0, 0, threads, first);
  });
}

}  // namespace tvlab::model

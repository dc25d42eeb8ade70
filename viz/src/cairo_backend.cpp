#include <cairo-pdf.h>
#include <cairo.h>

#include <array>
#include <cstring>
#include <memory>

#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/dynamic_library.hpp"
#include "tvlab/viz/painter.hpp"

namespace tvlab::viz {

namespace {

// Cairo's functions, loaded from libcairo.so.2 on the first PNG or PDF (see dynamic_library.hpp).
// TVLAB_CAIRO_LIBRARY names another file to load instead.
#define TVLAB_CAIRO_FUNCTIONS(X)                                                                             \
  X(cairo_create)                                                                                            \
  X(cairo_destroy) X(cairo_fill) X(cairo_fill_preserve) X(cairo_image_surface_create) X(cairo_line_to)       \
      X(cairo_move_to) X(cairo_paint) X(cairo_pdf_surface_create_for_stream)                                 \
          X(cairo_pdf_surface_set_metadata) X(cairo_rectangle) X(cairo_scale) X(cairo_select_font_face)      \
              X(cairo_set_font_size) X(cairo_set_line_width) X(cairo_set_source_rgb) X(cairo_show_text)      \
                  X(cairo_status_to_string) X(cairo_stroke) X(cairo_surface_destroy) X(cairo_surface_finish) \
                      X(cairo_surface_status) X(cairo_surface_write_to_png_stream) X(cairo_text_extents)

struct CairoApi {
#define TVLAB_CAIRO_MEMBER(f) decltype(&::f) f = nullptr;
  TVLAB_CAIRO_FUNCTIONS(TVLAB_CAIRO_MEMBER)
#undef TVLAB_CAIRO_MEMBER
};

const CairoApi& cairo_api() {
  static const CairoApi api = [] {
    std::string why;
    const auto lib = DynamicLibrary::open("TVLAB_CAIRO_LIBRARY", {"libcairo.so.2", "libcairo.so"}, &why);
    if (!lib)
      throw VizError("PNG and PDF output need the Cairo library, which did not load (" + why +
                     "); Debian: apt-get install libcairo2");
    CairoApi a;
#define TVLAB_CAIRO_LOAD(f)                               \
  a.f = reinterpret_cast<decltype(a.f)>(lib->symbol(#f)); \
  if (!a.f) throw VizError(lib->name() + " lacks " #f ": PNG and PDF output need Cairo 1.16 or later");
    TVLAB_CAIRO_FUNCTIONS(TVLAB_CAIRO_LOAD)
#undef TVLAB_CAIRO_LOAD
    return a;
  }();
  return api;
}

class CairoPainter : public Painter {
 public:
  explicit CairoPainter(cairo_t* cr) : api(cairo_api()), cr_(cr) {}
  void begin(const Scene&, const Metrics& m) override {
    api.cairo_set_source_rgb(cr_, 1, 1, 1);
    api.cairo_paint(cr_);
    api.cairo_select_font_face(cr_, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    (void)m;
  }
  void fill(double x, double y, double w, double h, Rgb c, bool border) override {
    set(c);
    api.cairo_rectangle(cr_, x, y, w, h);
    if (border) {
      api.cairo_fill_preserve(cr_);
      set({110, 110, 110});
      api.cairo_set_line_width(cr_, 0.5);
      api.cairo_stroke(cr_);
    } else {
      api.cairo_fill(cr_);
    }
  }
  void frame(double x, double y, double w, double h, Rgb c, double width) override {
    set(c);
    api.cairo_set_line_width(cr_, width);
    api.cairo_rectangle(cr_, x, y, w, h);
    api.cairo_stroke(cr_);
  }
  void line(double x0, double y0, double x1, double y1, Rgb c, double width) override {
    set(c);
    api.cairo_set_line_width(cr_, width);
    api.cairo_move_to(cr_, x0, y0);
    api.cairo_line_to(cr_, x1, y1);
    api.cairo_stroke(cr_);
  }
  void text(double x, double y, const std::string& s, double size, Rgb c, Anchor a, bool bold) override {
    if (bold != bold_) {
      api.cairo_select_font_face(cr_, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL,
                                 bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
      bold_ = bold;
    }
    if (size != size_) api.cairo_set_font_size(cr_, size), size_ = size;
    double w = 0;
    if (a != Anchor::Left) {
      cairo_text_extents_t e;
      api.cairo_text_extents(cr_, s.c_str(), &e);
      w = e.x_advance;
    }
    set(c);
    api.cairo_move_to(cr_, a == Anchor::Left ? x : a == Anchor::Center ? x - w / 2 : x - w, y + 0.36 * size);
    api.cairo_show_text(cr_, s.c_str());
  }
  void end() override {}

 private:
  void set(Rgb c) { api.cairo_set_source_rgb(cr_, c.r / 255.0, c.g / 255.0, c.b / 255.0); }
  const CairoApi& api;
  cairo_t* cr_;
  bool bold_ = false;
  double size_ = -1;
};

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

uint32_t crc32(const unsigned char* p, std::size_t n) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

void put_be32(std::string& out, uint32_t v) {
  for (int i = 3; i >= 0; --i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// Inserts a tEXt chunk ("Comment", the provenance) after the PNG's IHDR chunk.
std::string with_comment(const std::string& png, const std::string& comment) {
  constexpr std::size_t kAfterIhdr = 8 + 8 + 13 + 4;
  if (png.size() < kAfterIhdr) return png;
  std::string body = "tEXtComment";
  body += '\0';
  for (char c : comment)
    body +=
        (c == '\n' || (static_cast<unsigned char>(c) >= 32 && static_cast<unsigned char>(c) < 127)) ? c : '?';
  std::string chunk;
  put_be32(chunk, static_cast<uint32_t>(body.size() - 4));
  chunk += body;
  put_be32(chunk, crc32(reinterpret_cast<const unsigned char*>(body.data()), body.size()));
  return png.substr(0, kAfterIhdr) + chunk + png.substr(kAfterIhdr);
}

std::string joined(const Scene& s) {
  std::string t;
  for (const std::string& p : s.provenance) t += (t.empty() ? "" : "\n") + p;
  return t;
}

}  // namespace

std::string to_png(const Scene& s) {
  return to_png_sized(s, kMaxRasterPx);
}

std::string to_png_sized(const Scene& s, int max_px) {
  const CairoApi& api = cairo_api();
  const Metrics m = compute_metrics(s, max_px);
  std::unique_ptr<cairo_surface_t, decltype(api.cairo_surface_destroy)> surface(
      api.cairo_image_surface_create(CAIRO_FORMAT_RGB24, m.width, m.height), api.cairo_surface_destroy);
  if (api.cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    throw VizError(std::string("cairo cannot make a ") + std::to_string(m.width) + "x" +
                   std::to_string(m.height) +
                   " image: " + api.cairo_status_to_string(api.cairo_surface_status(surface.get())));
  cairo_t* cr = api.cairo_create(surface.get());
  CairoPainter p(cr);
  paint(s, m, p);
  api.cairo_destroy(cr);
  std::string png;
  const cairo_status_t st = api.cairo_surface_write_to_png_stream(surface.get(), append, &png);
  if (st != CAIRO_STATUS_SUCCESS) throw VizError(std::string("cairo PNG: ") + api.cairo_status_to_string(st));
  return with_comment(png, joined(s));
}

std::string to_pdf(const Scene& s) {
  const CairoApi& api = cairo_api();
  const Metrics m = compute_metrics(s, kMaxVectorPx);
  std::string pdf;
  // One pixel of the shared geometry is 0.75pt, as in the TikZ backend.
  cairo_surface_t* surface =
      api.cairo_pdf_surface_create_for_stream(append, &pdf, m.width * 0.75, m.height * 0.75);
  api.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE,
                                     s.title.empty() ? "tvlab" : s.title[0].c_str());
  api.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, joined(s).c_str());
  api.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "tvlab render");
  cairo_t* cr = api.cairo_create(surface);
  api.cairo_scale(cr, 0.75, 0.75);
  CairoPainter p(cr);
  paint(s, m, p);
  api.cairo_destroy(cr);
  api.cairo_surface_finish(surface);
  const cairo_status_t st = api.cairo_surface_status(surface);
  api.cairo_surface_destroy(surface);
  if (st != CAIRO_STATUS_SUCCESS) throw VizError(std::string("cairo PDF: ") + api.cairo_status_to_string(st));
  return pdf;
}

}  // namespace tvlab::viz

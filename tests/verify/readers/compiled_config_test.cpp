// The compiler as front end: the namespace NAME is exported from, the choice of reader (what auto reads with
// the text reader, the errors of --reader), and, where a compiler with CUTLASS is found, a compile: the spec
// it exports equals the text reader's configuration, through the JSON reader.
#include "tvlab/verify/readers/compiled_config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "../verify_test_support.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"
#include "tvlab/verify/report/plan_format.hpp"

namespace tvlab {
namespace {

using V = std::vector<std::string>;

TEST(CompiledConfig, DeclaringNamespace) {
  const std::string text =
      "namespace cutlass { namespace gemm { namespace device {\n"
      "template <class T> struct DefaultGemmConfigurationToCutlass3Types;\n"
      "struct Inner { using Nested = int; };\n"
      "}}}\n"
      "namespace a::b { using CollectiveMainloop = int; }\n"
      "namespace { struct Anon {}; }\n"
      "using Global = int;\n"
      "void f() { using Local = int; }\n";
  EXPECT_EQ(declaring_namespace(text, "DefaultGemmConfigurationToCutlass3Types<half_t>::CollectiveMainloop"),
            (V{"cutlass", "gemm", "device"}));
  EXPECT_EQ(declaring_namespace(text, "typename Inner::Nested"), (V{"cutlass", "gemm", "device"}));
  EXPECT_EQ(declaring_namespace(text, "CollectiveMainloop"), (V{"a", "b"}));
  EXPECT_EQ(declaring_namespace(text, "Anon"), (V{""}));
  EXPECT_EQ(declaring_namespace(text, "Global"), V{});
  EXPECT_EQ(declaring_namespace(text, "Local"), std::nullopt);   // inside a function: not a namespace's
  EXPECT_EQ(declaring_namespace(text, "Nested"), std::nullopt);  // a member: not at namespace scope
  EXPECT_EQ(declaring_namespace(text, "cute::Layout<cute::_4>"), std::nullopt);  // not declared here
  EXPECT_EQ(declaring_namespace(text, "::Global"), std::nullopt);
  EXPECT_EQ(declaring_namespace("namespace x { unbalanced (", "y"), std::nullopt);
  // Declared in a namespace and at global scope: the global one, whichever comes first.
  EXPECT_EQ(declaring_namespace("namespace n { using M = int; }\nusing M = long;", "M"), V{});
  EXPECT_EQ(declaring_namespace("using M = long;\nnamespace n { using M = int; }", "M"), V{});
}

std::string error_of(const ReaderChoice& c, const std::string& file, const std::string& text,
                     const std::string& config, const std::vector<CppBinding>& bind = {}) {
  std::string note;
  try {
    choose_reader(c, file, text, config, bind, note);
  } catch (const SpecError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(CompiledConfig, AutoReadsWhatTheTextReaderReads) {
  const std::string cpp = test::read_data("cpp/cutlass_sm80_f16_tn.hpp");
  std::string note;
  ReaderChoice c;
  EXPECT_FALSE(choose_reader(c, "f.hpp", cpp, "sm80_f16_tn::CollectiveMainloop", {}, note));
  EXPECT_EQ(note, "");  // the text path as before: nothing said
  EXPECT_FALSE(choose_reader(c, "f.hpp", cpp, "", {}, note));
  c.told = true;
  EXPECT_FALSE(choose_reader(c, "f.hpp", cpp, "CollectiveMainloop", {}, note));
  EXPECT_EQ(note, "tvlab: CollectiveMainloop read by the text reader");
  c.reader = "text";
  EXPECT_FALSE(choose_reader(c, "f.hpp", cpp, "no_such_config", {}, note));  // text never compiles
  // JSON is never compiled.
  c.reader = "auto";
  EXPECT_FALSE(
      choose_reader(c, "s.json", test::read_data("specs/cutlass_sm80_f16_tn_128x128x32.json"), "", {}, note));
}

// A builder's alias at global scope and a CollectiveMma alias of the same last name in a namespace: auto
// reads the namespace's by its qualified name with the text reader, and leaves the global one to the
// compiler.
TEST(CompiledConfig, AGlobalNameIsNotANamespacesConfiguration) {
  const std::string text =
      test::read_data("cpp/cutlass_sm80_f16_tn.hpp") +
      "\nusing CollectiveMainloop = cutlass::gemm::collective::CollectiveBuilder<>::CollectiveOp;\n";
  ReaderChoice c;
  c.include_dirs = {"/nonexistent"};
  std::string note;
  EXPECT_FALSE(choose_reader(c, "f.hpp", text, "sm80_f16_tn::CollectiveMainloop", {}, note));
  // f.hpp is no file: the compiler path is out, and the text reader reads what it reads (as before).
  EXPECT_FALSE(choose_reader(c, "f.hpp", text, "CollectiveMainloop", {}, note));
  c.reader = "compiler";
  EXPECT_NE(
      error_of(c, "f.hpp", text, "CollectiveMainloop").find("f.hpp is not a file the program can #include"),
      std::string::npos);
}

// Aliases inside function bodies (detail/cpp_locals.hpp): a bare name two functions declare is refused with
// the flag of each, in the order of the file, before any compiler is looked for; a function template's alias
// is refused; the local data file's main() CollectiveMma, which the text reader reads, stays the text
// reader's.
TEST(CompiledConfig, LocalAliases) {
  const std::string text = test::read_data("cpp/locals/sm90_local_aliases.cu");
  ReaderChoice c;
  c.include_dirs = {"/nonexistent"};
  EXPECT_EQ(
      error_of(c, "f.cu", text, "CollectiveMainloop"),
      "--config CollectiveMainloop names 2 configurations of f.cu: --config 'TEST::CollectiveMainloop' (line "
      "19), --config 'TEST#2::CollectiveMainloop' (line 35); give one of them");
  c.reader = "compiler";
  EXPECT_NE(error_of(c, "f.cu", text, "CollectiveMainloop").find("names 2 configurations"),
            std::string::npos);
  // One name: past the choice, to the compiler (f.cu is no file the program can include).
  EXPECT_NE(
      error_of(c, "f.cu", text, "TEST#1::CollectiveMainloop").find("f.cu is not a file the program can"),
      std::string::npos);
  c.reader = "auto";
  std::string note;
  EXPECT_FALSE(
      choose_reader(c, "f.cu", text, "Mainloop", {}, note));  // main::Mainloop, read by the text reader
  const std::string tmpl = "template <class T> void run() {\n  using M = T;\n}\n";
  EXPECT_EQ(error_of(c, "f.cpp", tmpl, "M"),
            "--config M: run::M (line 2) is declared in the function template run, whose template parameters "
            "nothing binds: the compiler path reads the local aliases of functions that are not templates");
  // --reader text is the text reader's, whatever the name.
  c.reader = "text";
  EXPECT_FALSE(choose_reader(c, "f.cu", text, "CollectiveMainloop", {}, note));
}

TEST(CompiledConfig, ReaderErrors) {
  const std::string cpp = test::read_data("cpp/cutlass_sm80_f16_tn.hpp");
  ReaderChoice c;
  c.reader = "bogus";
  EXPECT_EQ(error_of(c, "f.hpp", cpp, ""), "--reader bogus: expected auto, text or compiler");
  c.reader = "compiler";
  EXPECT_NE(error_of(c, "f.hpp", cpp, "").find("--reader compiler needs --config NAME"), std::string::npos);
  EXPECT_NE(error_of(c, "f.hpp", cpp, "X", {{"A.alignment", "8"}}).find("--bind is read by the text reader"),
            std::string::npos);
  EXPECT_NE(error_of(c, "s.json", "{}", "X").find("is not C++"), std::string::npos);
}

TEST(CompiledConfig, CompileTimeoutFromTheEnvironment) {
  ::setenv("TVLAB_COMPILE_TIMEOUT", "2.5", 1);
  EXPECT_EQ(compile_timeout_s(), 2.5);
  ::setenv("TVLAB_COMPILE_TIMEOUT", "x", 1);
  EXPECT_EQ(compile_timeout_s(), 120);
  ::unsetenv("TVLAB_COMPILE_TIMEOUT");
  EXPECT_EQ(compile_timeout_s(), 120);
}

// The cross-check of two independent readers: CuTe compiled (tvlab/export.hpp) and tvlab's text reader.
TEST(CompiledConfig, CompiledSpecEqualsTheTextReaders) {
  std::string why;
  const auto tc = find_toolchain({}, why);
  if (!tc) GTEST_SKIP() << why;
  const std::string file = std::string(TVLAB_TEST_DATA) + "/cpp/cutlass_sm90_tf32_tma_gmma.hpp";
  const std::string text = test::read_data("cpp/cutlass_sm90_tf32_tma_gmma.hpp");
  const std::filesystem::path cache =
      std::filesystem::temp_directory_path() / ("tvlab_cc_" + std::to_string(::getpid()));
  ::setenv("XDG_CACHE_HOME", cache.string().c_str(), 1);
  const std::string name = "sm90_tf32_tn_128x128x32_cluster2::CollectiveMainloop";
  const CompiledConfig c = compile_config(file, text, name, *tc);
  EXPECT_FALSE(c.cached);
  EXPECT_EQ(plan_to_json(build_plan(read_json_spec(c.json))).dump(),
            plan_to_json(load_plan(text, name, "x.hpp")).dump());
  const CompiledConfig again = compile_config(file, text, name, *tc);
  EXPECT_TRUE(again.cached);
  EXPECT_EQ(again.json, c.json);
  std::filesystem::remove_all(cache);
}

}  // namespace
}  // namespace tvlab

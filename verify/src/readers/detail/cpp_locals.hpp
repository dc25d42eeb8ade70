// Internal to the readers: type aliases declared inside a function body (main(), a gtest TEST() body), which
// no program can name from outside, and the copy of a file the compiler path compiles to export them
// (compiled_config.cpp; docs/spec.md, "Local aliases").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tvlab::detail {

// A `using NAME = ...;` or `typedef ... NAME;` inside a function body.
struct LocalAlias {
  std::string full;       // the reader's name: its function's scope and its own (TEST#2::CollectiveMainloop)
  std::string name;       // CollectiveMainloop
  std::string function;   // the function's scope (TEST#2, main, ns::run)
  int line = 0, col = 0;  // the alias's name
  int end_line = 0, end_col = 0;  // its ';'
  bool configuration = false;     // a mainloop CollectiveBuilder<...>::CollectiveOp or a CollectiveMma<...>
  bool in_template = false;       // in a function template (its parameters unbound: not read)
  bool top_level = false;         // directly in the function's body, not in a nested block
};

// The local aliases of a text, in the order of the file. CppConfigError where the text does not lex or its
// brackets do not match (the reader's errors).
std::vector<LocalAlias> local_aliases(std::string_view text);

// Whether `config` (--config) names `a`: its reader's name, that name's tail (CollectiveMainloop), or the
// first gtest TEST's spelled TEST#1 (the reader names it TEST, its second TEST#2).
bool names_local(const LocalAlias& a, const std::string& config);

// The text the compiler path compiles in the file's place to export the local aliases `fulls` (each one of
// local_aliases(text)): the file's text with, after each alias's ';', a statement that hands the alias to the
// exporter (`(void)&::tvlab_local::hook<NAME, I>::registered;`, I its index in `fulls`); the rest of each
// such function's body left out (blanked: what follows a declaration does not change its type) where the
// alias is at its top level; every gtest TEST() that holds none of them left out whole, and one that does
// turned into a plain function (`void tvlab_test_I()`), so that no test harness is compiled or registered.
// Lines keep their numbers and preprocessor lines stay (a `#line 1 "FILE"` first maps errors to the file).
// CppConfigError as local_aliases; SpecError where a name is not one of them.
std::string local_export_copy(std::string_view text, const std::vector<std::string>& fulls,
                              const std::string& file_name);

// The byte offset of each line's start (line 1 at index 1).
std::vector<std::size_t> line_starts(std::string_view text);

// [from, to) of `text` blanked: every character but newlines a space, preprocessor lines (and their
// continuations) kept as they are, comments and literals followed so that a '#' inside them is not one.
void blank_keeping_directives(std::string& text, std::size_t from, std::size_t to);

}  // namespace tvlab::detail

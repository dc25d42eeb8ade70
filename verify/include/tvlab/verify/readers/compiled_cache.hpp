// The compiler path's cache (compiled_config.hpp): each compiled configuration's JSON spec, under the
// SHA-256 of everything that made it (the file's text, the name, the compiler and its version, the flags, the
// include directories, the exporter's text), in ${XDG_CACHE_HOME:-~/.cache}/tvlab/compiled/<hash>.json.
// Written atomically (a temporary file renamed into place): never a half-written entry. An entry the JSON
// reader refuses is a miss (the caller recompiles and overwrites it).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tvlab {

// SHA-256 (FIPS 180-4) of the bytes, as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

// The cache's directory: $XDG_CACHE_HOME/tvlab/compiled, else $HOME/.cache/tvlab/compiled ("" when neither is
// set).
std::string compiled_cache_dir();

// The entry of `key` (a sha256_hex), if present and readable.
std::optional<std::string> cache_get(const std::string& dir, const std::string& key);
// Stores `text` as the entry of `key`, atomically; false (nothing left behind) when it cannot be written.
bool cache_put(const std::string& dir, const std::string& key, const std::string& text);
// Removes the entry of `key` (a corrupt one).
void cache_drop(const std::string& dir, const std::string& key);

// Writes `text` to `path` atomically (its directories made): false, nothing left behind, on failure.
bool write_atomically(const std::string& path, const std::string& text);

}  // namespace tvlab

// File input and output for the commands: bounded reads (a path or - for stdin) and atomic writes
// (a temporary file in the same directory, renamed into place: never a half-written output).
#pragma once

#include <cstddef>
#include <string>

namespace tvlab::cli {

// Reads all of `path` (or stdin for "-") into text; false (after reporting why) if unreadable or
// larger than max_bytes.
bool read_input(const std::string& path, std::string& text, const char* what,
                std::size_t max_bytes = 16u << 20);
// Writes text to path atomically; false (after reporting why) on any failure, leaving nothing behind.
bool write_file_atomic(const std::string& path, const std::string& text);

}  // namespace tvlab::cli

// A search's result (search/search.hpp) for people and programs: the table `tvlab search` prints and its
// --json.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tvlab/verify/search/search.hpp"

namespace tvlab {

std::string search_to_text(const SearchResult& res);
// The report as JSON; each row's "spec" is config_to_json of its config (writers/spec_json.hpp).
nlohmann::ordered_json search_to_json(const SearchResult& res);

}  // namespace tvlab

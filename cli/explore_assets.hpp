// The explore page's hand-written parts (cli/explore/page.html, page.css, page.js), embedded at build
// time by cli/explore/embed.cmake. page.html holds the placeholders @TITLE@, @CSS@, @DATA@ and @JS@.
#pragma once

namespace tvlab::cli {

extern const char* const kExploreHtml;
extern const char* const kExploreCss;
extern const char* const kExploreJs;

}  // namespace tvlab::cli

// The compiler path's cache: SHA-256 (FIPS 180-4's vectors, and sha256sum over every length around the
// block boundaries), atomic writes (no temporary file left, a write that cannot happen leaves nothing),
// entries by key, the cache directory from XDG_CACHE_HOME / HOME.
#include "tvlab/verify/readers/compiled_cache.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace tvlab {
namespace {
namespace fs = std::filesystem;

TEST(CompiledCache, Sha256Vectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Every length from 0 to 130 bytes (the padding's three cases: room for the length in the last block, not,
// exactly a block), bytes 0..255 included, against the system's sha256sum.
TEST(CompiledCache, Sha256EqualsSha256sum) {
  if (std::system("command -v sha256sum >/dev/null 2>&1") != 0) GTEST_SKIP() << "no sha256sum";
  const fs::path dir = fs::temp_directory_path() / ("tvlab_sha_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (int n = 0; n <= 130; ++n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += static_cast<char>((i * 37 + n) & 0xff);
    const fs::path in = dir / "in", out = dir / "out";
    std::ofstream(in, std::ios::binary) << s;
    ASSERT_EQ(std::system(("sha256sum " + in.string() + " > " + out.string()).c_str()), 0);
    std::string want;
    std::ifstream(out) >> want;
    EXPECT_EQ(sha256_hex(s), want) << "length " << n;
  }
  fs::remove_all(dir);
}

TEST(CompiledCache, EntriesAreWrittenWholeAndReadBack) {
  const fs::path dir = fs::temp_directory_path() / ("tvlab_cache_" + std::to_string(::getpid())) / "a" / "b";
  const std::string d = dir.string(), key = sha256_hex("key");
  EXPECT_FALSE(cache_get(d, key));
  ASSERT_TRUE(cache_put(d, key, "{\"x\": 1}"));  // the directories are made
  ASSERT_TRUE(cache_get(d, key));
  EXPECT_EQ(*cache_get(d, key), "{\"x\": 1}");
  ASSERT_TRUE(cache_put(d, key, "{}"));  // replaced
  EXPECT_EQ(*cache_get(d, key), "{}");
  for (const auto& e : fs::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string(), key + ".json") << "left behind: " << e.path();
  cache_drop(d, key);
  EXPECT_FALSE(cache_get(d, key));
  EXPECT_FALSE(cache_put("", key, "{}"));  // no cache directory: nothing written
  // A path that cannot be a directory (under a regular file): false, nothing left.
  const fs::path file = dir / "plain";
  std::ofstream(file) << "x";
  EXPECT_FALSE(write_atomically((file / "sub" / "e.json").string(), "{}"));
  fs::remove_all(dir.parent_path().parent_path());
}

TEST(CompiledCache, DirectoryFromTheEnvironment) {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const std::string saved = xdg ? xdg : "";
  ::setenv("XDG_CACHE_HOME", "/x/cache", 1);
  EXPECT_EQ(compiled_cache_dir(), "/x/cache/tvlab/compiled");
  ::unsetenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  if (home && *home) {
    EXPECT_EQ(compiled_cache_dir(), std::string(home) + "/.cache/tvlab/compiled");
  }
  if (xdg) ::setenv("XDG_CACHE_HOME", saved.c_str(), 1);
}

}  // namespace
}  // namespace tvlab

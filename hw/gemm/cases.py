"""The cases the GEMM harness measures (issue 32's Done-when): SM80 MainloopSm80CpAsync<3>, 128 threads,
f16 / bf16 / tf32 at 128x128x32 in the four layouts, int8 TN at 128x128x64. Shared by gen.py, merge.py and the
ctest (tests/hw/gemm_ranking_test.py)."""


def q(t):
    """t as a name at global scope"""
    return t if t in ("int8_t", "float", "int32_t") else "cutlass::" + t


class Case:
    def __init__(self, types, layout, k):
        self.types, self.layout, self.k = types, layout, k
        short = {"half_t": "f16", "bfloat16_t": "bf16", "tfloat32_t": "tf32", "int8_t": "int8"}[types]
        self.name = "%s_%s" % (short, layout)
        self.tile = "128x128x%d" % k
        self.element_c = "int32_t" if types == "int8_t" else "float"
        tags = {"T": "cutlass::layout::RowMajor", "N": "cutlass::layout::ColumnMajor"}
        la, lb = tags[layout[0]], tags[layout[1]]
        acc = self.element_c
        self.default_header = "default_bf16.hpp" if types == "bfloat16_t" else "default_gemm_configuration.hpp"
        self.default_config = ("DefaultGemmConfigurationToCutlass3Types<cutlass::arch::OpClassTensorOp, cutlass::arch::Sm80, "
                               "%s, %s, %s, %s, %s, cutlass::layout::RowMajor, %s>" % (q(types), la, q(types), lb, acc, acc))
        if types == "bfloat16_t":
            self.default_note = ("CUTLASS 4.2.0 has no bf16 SM80 DefaultGemmConfigurationToCutlass3Types: its f16 "
                                 "one with half_t -> bfloat16_t and the MMA atom F32BF16BF16F32 (gen.py bf16_default): "
                                 + self.default_config)
        else:
            self.default_note = "CUTLASS 4.2.0 default_gemm_configuration.hpp, unmodified: " + self.default_config

    def search_args(self):
        return ["search", "sm80", "--types", self.types, "--layout", self.layout, "--tile", self.tile,
                "--threads", "128"]


CASES = ([Case(t, l, 32) for t in ("half_t", "bfloat16_t", "tfloat32_t") for l in ("TN", "NT", "NN", "TT")] +
         [Case("int8_t", "TN", 64)])

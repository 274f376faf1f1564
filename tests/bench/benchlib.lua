-- benchlib: the shared shape of a Lua benchmark's rows. A row prints for a person and, when
-- make bench sets VOLLEY_BENCH_TSV, is also appended there as
-- "<bench>\t<operation>\t<vm>\t<binding ns>\t<reference ns>", so run.sh can print the
-- Lua 5.4 / LuaJIT ratios after both runs. Figures only, never a verdict.
--
-- Smoke mode (VOLLEY_BENCH_SMOKE=1, what ctest's bench.* tests set): every bench runs a few
-- iterations of each measure (`M.n`), so a bench that no longer runs fails `make test`; its
-- figures mean nothing then and no time is ever asserted.
local M = {}

--- Whether the bench runs in smoke mode (VOLLEY_BENCH_SMOKE=1).
M.SMOKE = os.getenv("VOLLEY_BENCH_SMOKE") == "1"

--- How many iterations of a measure to run: n, or in smoke mode a thousandth of it (at least
-- 16, as the benches keep results in 16 slots, or n when smaller; at most `smoke` when given).
-- @tparam integer n
-- @tparam[opt] integer smoke the most in smoke mode
-- @treturn integer
function M.n(n, smoke)
  if not M.SMOKE then return n end
  local k = math.max(math.min(n, 16), math.floor(n / 1000))
  if smoke and k > smoke then k = smoke end
  return k
end

--- Prints the header of a bench's table; the two timed columns default to the C binding and
-- the plain-Lua reference.
function M.header(vm, measured, reference, ratio)
  print(string.format("%-10s %-26s %12s %14s %9s", vm, "operation", measured or "C binding ns",
    reference or "reference ns", ratio or "C/ref"))
end

--- Prints one row and records it. ref_ns may be nil (no plain-Lua reference).
function M.row(bench, vm, op, c_ns, ref_ns)
  if ref_ns then
    print(string.format("%-10s %-26s %12.1f %14.1f %9.3f", vm, op, c_ns, ref_ns, c_ns / ref_ns))
  else
    print(string.format("%-10s %-26s %12.1f %14s %9s", vm, op, c_ns, "-", "-"))
  end
  local path = os.getenv("VOLLEY_BENCH_TSV")
  if path and path ~= "" then
    local f = assert(io.open(path, "a"))
    f:write(string.format("%s\t%s\t%s\t%.1f\t%s\n", bench, op, vm, c_ns,
      ref_ns and string.format("%.1f", ref_ns) or "-"))
    f:close()
  end
end

return M

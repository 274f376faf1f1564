-- benchlib: the shared shape of a Lua benchmark's rows. A row prints for a person and, when
-- make bench sets VOLLEY_BENCH_TSV, is also appended there as
-- "<bench>\t<operation>\t<vm>\t<binding ns>\t<reference ns>", so run.sh can print the
-- Lua 5.4 / LuaJIT ratios after both runs. Figures only, never a verdict.
local M = {}

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

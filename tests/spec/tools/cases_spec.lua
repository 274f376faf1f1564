-- The rule-case checker tests/tools/cases.lua (docs/cases.md) on the four digests: Rough &
-- Ready's inventory reported as tests/tools/rr_cases.lua reported it (every case it checked
-- still checked, its headings and [INFO] rows left out), a checked row that loses its test a
-- failure, and every row of the three systems not yet written pending with the issue that
-- delivers it or left out with why.
local cases = dofile("tests/tools/cases.lua")

local function digest(name)
  local f = assert(io.open(cases.NOTES .. "/" .. name, "r"))
  local text = f:read("*a")
  f:close()
  return text
end

local function report(system, root)
  local conf = assert(cases.config(cases.DATA .. "/" .. system .. ".ini"))
  return cases.report(conf, digest(conf.digest), root)
end

local function status_of(rep)
  local out = {}
  for _, r in ipairs(rep) do out[r.row.id] = cases.line(r):sub(#r.row.id + 2) end
  return out
end

describe("the rule-case checker", function()
  describe("on Rough & Ready", function()
    local rep, counts, problems = report("rough_and_ready")
    local st = status_of(rep)

    it("reports every row as before: 168 checked (Resaca's rows with issue 39, its variable "
      .. "and hidden deployments' with issue 40, Rio Sacramento's special rules, set-up, entry "
      .. "and terrain with 41), none pending, 23 left out, none missing",
      function()
      assert.are.same({}, problems)
      assert.are.same({ rows = 191, checked = 168, pending = 0, ["left out"] = 23, missing = 0 },
                      counts)
    end)

    it("checks the cases rr_cases.lua checked: 2.x, 3.x-8.0, fire, shock, charges, squares, "
      .. "wagons, Palo Alto and their errata", function()
      for _, c in ipairs({ "2.1", "2.3", "2.5", "3.0", "4.1a", "4.1c", "4.28", "5.34", "5.45",
                           "6.2", "6.25", "6.39", "6.46", "6.47", "6.76", "6.84", "7.0a", "7.0e",
                           "8.0a", "8.0d", "E1", "E3", "E4", "E5", "E8", "E10", "E13", "E18",
                           "E19", "PA-Setup", "PA-Reinf", "PA 3.0", "PA 5.18", "PA 6.42",
                           "PA-Opt1", "PA-Opt2", "PA 8.0", "PA-Bal", "PA-TEC" }) do
        assert.are.equal("checked", st[c], c)
      end
    end)

    it("leaves out the headings and [INFO] rows with their reasons, and El Brazito's errata",
      function()
      for _, c in ipairs({ "1.0", "2.4", "3.23-Ex", "6.0", "6.5", "E14", "E16" }) do
        assert.truthy(st[c]:match("^left out: .+"), c)
      end
    end)

    it("names the issue of each later battle's row, by its title up to the colon", function()
      -- Resaca's special rules are cited by its rules.lua and their goldens (issue 39)
      -- and its historical set-up and resaca costs by the battle's data and specs
      for _, c in ipairs({ "RP 4.25", "RP 4.29", "RP 5.16", "RP 6.53", "RP 6.82", "RP 6.9",
                           "RP 8.0", "RP-Bal", "RP-Hist", "E17", "RP-Hid1", "RP-Hid2",
                           "RP-Hid3", "RP-Var1", "RP-Var2" }) do
        assert.are.equal("checked", st[c], c)
      end
      -- Rio Sacramento's terrain: its rules.lua, movement.ini and rio_terrain_spec (issue 41)
      for _, c in ipairs({ "RS 5.15", "RS 5.16", "RS 5.17", "RS 6.14/6.38" }) do
        assert.are.equal("checked", st[c], c)
      end
      -- cited already by the chaparral and line-of-sight procedures and their specs
      assert.are.equal("checked", st["RP 5.15"])
      assert.are.equal("checked", st["RS 6.17"])
      -- Rio Sacramento's special rules: its rules.lua and their goldens (issue 41)
      for _, c in ipairs({ "RS-MexDep", "RS-USEntry", "RS 3.1", "RS 4.0", "RS 6.12", "RS 6.14a",
                           "RS 6.22", "RS 6.54", "RS 6.55", "RS 6.9", "RS 8.0", "RS-Bal" }) do
        assert.are.equal("checked", st[c], c)
      end
    end)

    it("fails when a row it checks loses its test", function()
      local root = os.tmpname()
      os.remove(root)
      local copy = { { "tests/spec/systems", "tests/spec" }, { "tests/spec/scenarios", "tests/spec" },
                     { "tests/shell", "tests" }, { "scripts/systems/rough_and_ready", "scripts/systems" },
                     { "charts/rough_and_ready", "charts" }, { "scenarios/rough-and-ready", "scenarios" } }
      for _, c in ipairs(copy) do
        os.execute("mkdir -p '" .. root .. "/" .. c[2] .. "' && cp -r " .. c[1] .. " '" .. root .. "/"
          .. c[2] .. "/'")
      end
      assert.truthy(io.open(root .. "/scripts/systems/rough_and_ready/rules.ini", "r"))
      assert.truthy(os.remove(root .. "/tests/spec/systems/rough_and_ready/errata_spec.lua"))
      local rep2, counts2 = report("rough_and_ready", root .. "/")
      os.execute("rm -rf '" .. root .. "'")
      local st2 = status_of(rep2)
      assert.are.equal("no test", st2.E18)            -- E18's spec was errata_spec.lua
      assert.is_true(counts2.missing > 0)
      assert.are.equal(counts2.missing, counts.checked - counts2.checked)
    end)

    it("prints a line per row and the counts, and exits 0", function()
      local lines, status = cases.run("rough_and_ready")
      assert.are.equal(0, status)
      assert.are.equal(192, #lines)
      assert.are.equal("1.0 left out: [INFO] the introduction: no mechanic", lines[1])
      assert.are.equal("rough_and_ready: 191 rows, 168 checked, 0 pending, 23 left out, "
        .. "0 missing", lines[#lines])
      -- the digest named by its path, by its name or by the system's id
      local by_path = cases.run(cases.NOTES .. "/rough_and_ready.md")
      assert.are.same(lines, by_path)
    end)
  end)

  describe("on the systems not written yet", function()
    local want = {
      battle_of_buena_vista = { rows = 186, issues = 4 },   -- II (issue 44) delivered its rows
      gbacw = { rows = 600, issues = 11 },         -- GBACW I's rows all checked (issue 57)
      spi_gbacw = { rows = 542, issues = 6 },   -- SPI GBACW I delivered (issue 50)
    }
    for _, system in ipairs({ "battle_of_buena_vista", "gbacw", "spi_gbacw" }) do
      it(system .. ": every row pending with an issue or left out with why", function()
        local rep, counts, problems = report(system)
        assert.are.same({}, problems)
        assert.are.equal(want[system].rows, counts.rows)
        assert.are.equal(0, counts.missing)
        local titles, n = {}, 0
        for _, r in ipairs(rep) do
          if r.status == "pending" and not titles[r.text] then
            titles[r.text] = true
            n = n + 1
          end
          assert.truthy(r.status == "pending" or r.status == "left out"
                        or r.status == "checked", r.row.id)
        end
        assert.are.equal(want[system].issues, n)   -- every issue of the series delivers rows
        local _, status = cases.run(system)
        assert.are.equal(0, status)
      end)
    end

    it("reads each digest's layout: ids as the issues name the cases", function()
      local st = status_of((report("spi_gbacw")))
      assert.are.equal("pending SPI GBACW II", st["ADD 5.2"])     -- [5.2 Add.]
      assert.are.equal("pending SPI GBACW VI", st["JC 30.2"])     -- [30.2]
      assert.are.equal("pending SPI GBACW VII", st["JC 34.1"])    -- The Crossroads
      for _, h in ipairs({ "JC 35.2", "JC 36.2", "JC 36.5", "JC 36.6", "JC 36.9" }) do
        assert.truthy(st[h]:match("^left out: "), h)
      end
      st = status_of((report("gbacw")))
      assert.are.equal("pending GBACW VI", st["6.14"])            -- inside GBACW III's 6.0-6.18
      assert.are.equal("pending GBACW VIII", st["12.6"])          -- inside GBACW V's 12.0-12.82
      assert.are.equal("pending GBACW IX", st["13.51"])           -- 13.2-13.53
      assert.are.equal("pending GBACW VIII", st["11.84"])         -- the book's (11.84)
      assert.are.equal("pending Gringo! II", st["MO-10.8 / 11.42"])
      assert.are.equal("pending Gringo! I", st["BV.STORM"])
      st = status_of((report("battle_of_buena_vista")))
      assert.are.equal("checked", st["5.2-A1"])                   -- issue 44
      assert.are.equal("pending Battle of Buena Vista III", st["E-R4"])
      assert.are.equal("pending Battle of Buena Vista IV", st["E-7.5d"])
      assert.are.equal("pending Battle of Buena Vista V", st["10.3.2"])
    end)
  end)

  describe("its vocabulary", function()
    it("parses case ids: battle codes, errata, digest-only labels", function()
      assert.are.same({ code = "PA", num = "6.42", tail = "" }, cases.id("PA 6.42"))
      assert.are.same({ num = "6.31", tail = "" }, cases.id("6.31"))
      assert.are.same({ num = "4.1", tail = "a" }, cases.id("4.1a"))
      assert.are.same({ code = "E", num = "10", tail = "" }, cases.id("E10"))
      assert.are.same({ code = "E", num = "2.3", tail = "a" }, cases.id("E-2.3a"))
      assert.are.same({ code = "A", num = "24", tail = "" }, cases.id("A24"))
      assert.are.same({ code = "PA", tail = "Setup" }, cases.id("PA-Setup"))
      assert.are.same({ tail = "TN" }, cases.id("TN"))
      assert.are.same({ num = "10.3.1", tail = "" }, cases.id("10.3.1"))
    end)

    it("reads ranges as citations do, families and ids", function()
      local function takes(sel, id) return cases.takes(cases.selector(sel), { id = id, case = id }) end
      assert.is_true(takes("6.31-6.39", "6.35"))
      assert.is_false(takes("6.31-6.39", "6.4"))
      assert.is_true(takes("6.31-6.39", "6.39"))
      assert.is_true(takes("13.0-13.1", "13.15"))       -- the last one's own cases
      assert.is_false(takes("13.0-13.1", "13.2"))
      assert.is_true(takes("8.1-9.7", "9.2.1"))
      assert.is_true(takes("E1-E19", "E10"))
      assert.is_false(takes("E1-E19", "E20"))
      assert.is_true(takes("E-5.2-7.5", "E-7.1e"))
      assert.is_false(takes("E-5.2-7.5", "7.1"))        -- another code
      assert.is_true(takes("PA 3.0-8.0", "PA 6.42"))
      assert.is_false(takes("PA 3.0-8.0", "RP 6.42"))
      assert.is_true(takes("RP*", "RP-Hid1"))
      assert.is_true(takes("E-R*", "E-R4"))
      assert.is_true(takes("5.2-A1", "5.2-A1"))         -- an id, not a range to A1
      assert.is_false(takes("5.2-A1", "5.3"))
    end)

    it("names a digest's row as its system does", function()
      local rr = { paragraphs = true, codes = {} }
      assert.are.same({ "PA 3.0", "PA 3.0" }, { cases.normal(rr, "PA [3.0]") })
      assert.are.same({ "4.1a", "4.1" }, { cases.normal(rr, "4.1a") })
      assert.are.same({ "RS 3.1", "RS 3.1" }, { cases.normal(rr, "RS (3.1)") })
      local spi = { codes = { { lo = 19, hi = 36, code = "JC" } }, addendum = "ADD" }
      assert.are.same({ "JC 30.2", "JC 30.2" }, { cases.normal(spi, "[30.2]") })
      assert.are.same({ "9.16", "9.16" }, { cases.normal(spi, "[9.16]") })
      assert.are.same({ "ADD 11.23", "ADD 11.23" }, { cases.normal(spi, "[11.23 Add.]") })
    end)

    it("counts a case cited on its own, never inside a range; a citation over comment lines",
      function()
      local set = cases.cited("rough_and_ready", "[rough_and_ready 3.11-3.23] "
        .. "[rough_and_ready PA 3.0] [rough_and_ready 3.22, E15] [rough_and_ready RS 5.15, 5.17] "
        .. "[rough_and_ready 5.x] [gbacw 2.5]")
      assert.are.same({ ["3.22"] = true, E15 = true, ["PA 3.0"] = true, ["RS 5.15"] = true,
                        ["RS 5.17"] = true }, set)
      assert.are.same({ ["5.34"] = true, E12 = true },
        cases.cited("rough_and_ready", "-- [rough_and_ready 5.11-5.15,\n-- 5.34, E12]"))
      assert.are.same({ ["2.5"] = true }, cases.cited("gbacw", "[gbacw 2.5] [rough_and_ready 2.5]"))
    end)
  end)

  describe("its data files", function()
    local function with_ini(text, fn)
      local path = os.tmpname()
      local f = assert(io.open(path, "w"))
      f:write(text)
      f:close()
      local ok, err = pcall(fn, path)
      os.remove(path)
      assert(ok, err)
    end
    local head = "[digest]\nsystem = rough_and_ready\nfile = rough_and_ready.md\n"
      .. "sections = 3.1 3.2 3.3 3.4 3.6\nparagraphs = yes\n[issues]\nLater = 1\n"

    it("are checked against the digest: a line that takes no row is an error", function()
      with_ini(head .. "[left out]\n9.99 = nothing\n[pending]\nLater = RP*, RS*, ZZ*\n",
        function(path)
        local conf = assert(cases.config(path))
        local _, counts, problems = cases.report(conf, digest("rough_and_ready.md"))
        assert.are.same({ path .. ":9: 9.99 is no row of the digest",
                          path .. ":11: ZZ* is no row of the digest" }, problems)
        assert.is_true(counts.missing > 0)             -- the headings are no longer left out
      end)
    end)

    it("say which issue: a title not in [issues] is refused with its line", function()
      with_ini(head .. "[pending]\nRough & Ready XX = RP*\n", function(path)
        local conf, err = cases.config(path)
        assert.is_nil(conf)
        assert.are.equal(path .. ":9: `Rough & Ready XX` is not in [issues]", err)
      end)
    end)

    it("name their line when they break the form", function()
      with_ini(head .. "[pending]\nno equals sign here\n", function(path)
        local conf, err = cases.config(path)
        assert.is_nil(conf)
        assert.are.equal(path .. ":9: not `key = value` in a section", err)
      end)
    end)

    it("take an inline comment as libinih does, and refuse a system id that is no plain name",
      function()
      with_ini(head:gsub("file = rough_and_ready.md", "file = rough_and_ready.md  ; the digest"),
        function(path)
        assert.are.equal("rough_and_ready.md", assert(cases.config(path)).digest)
      end)
      with_ini(head:gsub("system = rough_and_ready", "system = x'; rm -rf y"), function(path)
        local conf, err = cases.config(path)
        assert.is_nil(conf)
        assert.are.equal(path .. ": [digest] `system` and `file` must be plain names", err)
      end)
    end)

    it("cover the four digests, and an unknown one is refused", function()
      for _, system in ipairs(cases.SYSTEMS) do assert.truthy(cases.find(system)) end
      assert.truthy(cases.find("gringo"))
      assert.truthy(cases.find("../shared/notes/jackson.md"))
      local lines, status = cases.run("nowhere")
      assert.are.equal(1, status)
      assert.are.same({ "cases: no data file in tests/tools/cases reads nowhere" }, lines)
    end)
  end)
end)

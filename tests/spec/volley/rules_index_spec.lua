-- volley.rules_index: `rules <case>` at the prompt (docs/shell.md "The prompt"), the rules.ini
-- summaries (docs/formats.md "rules.ini") and the checker tests/tools/rules_cited.lua: every
-- case that scripts/ and scenarios/ cite has a summary.
local index = require "volley.rules_index"
local cited = dofile("tests/tools/rules_cited.lua")

local RR_INI = "scripts/systems/rough_and_ready/rules.ini"

local function words(s)
  local out = {}
  for w in s:gmatch("%S+") do out[#out + 1] = w end
  return out
end

local function lookup(system, line) return index.lookup(system, words(line)) end

-- The summary rules.ini holds for a case (so the lookups are pinned to the file's text).
local function summary(case)
  for _, e in ipairs(index.read(RR_INI)) do
    if e.case == case then return e.summary end
  end
  error("no case " .. case)
end

describe("rules <case>", function()
  it("finds a series case, its summary and the procedures citing it in lists and ranges", function()
    local lines = assert(lookup("rough_and_ready", "3.22"))
    assert.are.equal("[rough_and_ready 3.22] independents activate hex by hex with the 3.11 roll; "
      .. "one roll covers all independents in a hex (E15)", lines[1])
    assert.are.equal(2, #lines)
    -- `[rough_and_ready 3.22, E15]` in command.lua, `3.11-3.23` in points.lua (a range)
    assert.is_truthy(lines[2]:match("^implemented at scripts/systems/rough_and_ready/"))
    assert.is_truthy(lines[2]:match(" scripts/systems/rough_and_ready/command%.lua:%d+"))
    assert.is_truthy(lines[2]:match(" scripts/systems/rough_and_ready/points%.lua:%d+"))
  end)

  it("finds a battle case, numbered or named in several words, in any letter case", function()
    local lines = assert(lookup("rough_and_ready", "PA 3.0"))
    assert.are.equal("[rough_and_ready PA 3.0] Canales and his Rancheros activate only by a roll, "
      .. "never by a free activation", lines[1])
    assert.is_truthy(lines[2]:match("scenarios/rough%-and%-ready/palo%-alto/rules%.lua:%d+"))
    lines = assert(lookup("rough_and_ready", "pa   initial deployment"))
    assert.are.equal("[rough_and_ready PA Initial Deployment] " .. summary("PA Initial Deployment"),
      lines[1])
    assert.is_truthy(lines[2]:match("scenarios/rough%-and%-ready/palo%-alto/oob%.ini:%d+"))
  end)

  it("finds an errata id", function()
    local lines = assert(lookup("rough_and_ready", "E15"))
    assert.are.same({ "[rough_and_ready E15] all independents of a hex activate on one roll "
      .. "(3.22)" }, { lines[1] })
    assert.is_truthy(lines[2]:match("scripts/systems/rough_and_ready/activation%.lua:%d+"))
    lines = assert(lookup("rough_and_ready", "E14"))
    assert.are.same({ "[rough_and_ready E14] " .. summary("E14"), "cited in no script" }, lines)
  end)

  it("shows another name of a case with the case's summary and both names' citations", function()
    local lines = assert(lookup("rough_and_ready", "PA Victory"))
    assert.are.equal("[rough_and_ready PA Victory] = [rough_and_ready PA 8.0] " .. summary("PA 8.0"),
      lines[1])
    local by_number = assert(lookup("rough_and_ready", "PA 8.0"))
    assert.are.equal(lines[2], by_number[2])
    assert.is_truthy(lines[2]:match("scenarios/rough%-and%-ready/palo%-alto/rules%.lua:%d+"))
  end)

  it("takes another system than the game's, and a citation as printed", function()
    local lines = assert(lookup("demo", "rough_and_ready 3.11"))
    assert.are.equal("[rough_and_ready 3.11] " .. summary("3.11"), lines[1])
    lines = assert(lookup("rough_and_ready", "demo 6.1"))
    assert.are.same({ "[demo 6.1] a side with no unit on the map loses at once (end of turn)",
                      "implemented at scripts/systems/demo/victory.lua:2" }, {
      lines[1], lines[2]:match("^implemented at scripts/systems/demo/victory%.lua:2") })
    lines = assert(lookup("demo", "[rough_and_ready PA 6.42]"))
    assert.are.equal("[rough_and_ready PA 6.42] " .. summary("PA 6.42"), lines[1])
  end)

  it("refuses an unknown case, listing the cases of the same prefix", function()
    assert.are.same({ nil, "no case [rough_and_ready 3.99] in the summaries "
      .. "(scripts/systems/rough_and_ready/rules.ini) or the scripts; nearest: 3.0, 3.1, 3.11, "
      .. "3.12, 3.13, 3.2, 3.21, 3.22, 3.23" }, { lookup("rough_and_ready", "3.99") })
    assert.are.same({ nil, "no case [rough_and_ready RP 4.3] in the summaries "
      .. "(scripts/systems/rough_and_ready/rules.ini) or the scripts; nearest: RP 4.0, RP 4.25, "
      .. "RP 4.29" }, { lookup("demo", "rough_and_ready RP 4.3") })
    assert.are.same({ nil, "no case [rough_and_ready PA 9.9] in the summaries "
      .. "(scripts/systems/rough_and_ready/rules.ini) or the scripts; nearest: "
      .. "PA Initial Deployment, PA Reinforcements, PA 3.0, PA 5.0, PA 5.16, PA 5.18, PA 6.0, "
      .. "PA 6.17, PA 6.25, PA 6.42, PA Optional Rules, PA Mexican Ammunition Problems, and 7 more" },
      { lookup("rough_and_ready", "PA 9.9") })
    -- nothing shares even a first character: the refusal alone
    assert.are.same({ nil, "no case [demo 9.9] in the summaries (scripts/systems/demo/rules.ini) "
      .. "or the scripts" }, { lookup("demo", "9.9") })
    assert.are.same({ nil, "rules demo <case>: which case? (rules demo 2.1)" },
      { lookup("rough_and_ready", "demo") })
  end)

  it("never takes a path for a system", function()
    assert.are.same({ nil, "no case [demo ../demo 4.2] in the summaries "
      .. "(scripts/systems/demo/rules.ini) or the scripts" }, { lookup("demo", "../demo 4.2") })
  end)
end)

describe("rules_index.parse", function()
  local function cases(body)
    local out = {}
    for _, e in ipairs(index.parse(body)) do
      out[#out + 1] = e.system .. " " .. (e.case or e.section and (e.section .. ".x")
        or (e.from .. "-" .. e.to))
    end
    return out
  end

  it("reads lists, ranges, sections, notes, battle codes and further systems", function()
    assert.are.same({ "rough_and_ready 3.11", "rough_and_ready 3.22-3.23", "rough_and_ready 4.1" },
      cases("rough_and_ready 3.11, 3.22-3.23, 4.1"))
    assert.are.same({ "rough_and_ready RS 5.15", "rough_and_ready RS 5.17", "gbacw MO 7.14" },
      cases("rough_and_ready RS 5.15, 5.17; gbacw MO 7.14"))
    assert.are.same({ "rough_and_ready PA Initial Deployment", "rough_and_ready RP Initial Deployment",
                      "gbacw BV" }, cases("rough_and_ready PA, RP Initial Deployment; gbacw BV"))
    assert.are.same({ "rough_and_ready PA 6.42", "rough_and_ready E11" },
      cases("rough_and_ready PA 6.42, E11"))
    assert.are.same({ "rough_and_ready 6.25" }, cases("rough_and_ready 6.25 design note"))
    assert.are.same({ "rough_and_ready 5.x" }, cases("rough_and_ready 5.x"))
    assert.are.same({ "rough_and_ready RP" }, cases("rough_and_ready RP"))
    assert.are.same({}, cases("demo <case>"))
    assert.are.same({}, cases('rough_and_ready " .. cases .. "'))
  end)

  it("counts a case inside a range, with the last case's own cases", function()
    local function covers(body, case)
      for _, e in ipairs(index.parse(body)) do
        if index.covers(e, case) then return true end
      end
      return false
    end
    assert.is_true(covers("x 3.0-3.23", "3.22"))
    assert.is_true(covers("x 3.0-3.23", "3.1"))
    assert.is_false(covers("x 3.0-3.23", "4.1"))
    assert.is_true(covers("x 6.1-6.2", "6.25"))
    assert.is_false(covers("x 6.1-6.2", "6.3"))
    assert.is_true(covers("x 5.x", "5.27"))
    assert.is_false(covers("x 5.x", "6.1"))
    assert.is_true(covers("x E1-E5", "E3"))
    assert.is_false(covers("x E1-E5", "E15"))
    assert.is_true(covers("x RS 5.15, 5.17", "rs 5.17"))
    assert.is_false(covers("x RS 5.15, 5.17", "5.17"))
  end)
end)

describe("the summaries", function()
  it("cover every case that scripts/ and scenarios/ cite, in well-formed rules.ini files", function()
    assert.are.same({}, cited.check())
  end)

  it("cover the cases Rough & Ready's hook catalogue builds its citations from", function()
    local keys = {}
    for _, e in ipairs(index.read(RR_INI)) do keys[e.case] = true end
    local missing = {}
    for _, point in ipairs(require "systems.rough_and_ready.points") do
      local body = point.when:match("%[([^%]]*)%]$")
      for _, c in ipairs(index.parse(body)) do
        local gap = cited.missing(keys, {}, c)
        if gap then missing[#missing + 1] = point.name .. ": " .. gap end
      end
    end
    assert.are.same({}, missing)
  end)

  it("hold every case of the rulebook's series rules, errata and battles", function()
    local keys = {}
    for _, e in ipairs(index.read(RR_INI)) do keys[e.case] = true end
    for _, case in ipairs({ "1.0", "2.21", "3.11", "4.28", "5.45", "6.39", "6.47", "6.76", "6.84",
                            "7.0", "8.0", "E1", "E19", "PA 6.25", "RP 6.9", "RS 6.55",
                            "RP Spotting Hidden Units", "RS Mexican Deployment" }) do
      assert.is_true(keys[case], case)
    end
  end)

  it("are told apart from a file with form errors and uncited cases", function()
    assert.are.same({
      "tests/data/rules_index/scripts/systems/fake/rules.ini:4: ' ;' starts a comment: libinih "
        .. "cuts the summary",
      "tests/data/rules_index/scripts/systems/fake/rules.ini:8: key 'a key much longer than "
        .. "forty-nine bytes, which inih cuts' over 49 bytes",
      "tests/data/rules_index/scripts/systems/fake/rules.ini:9: key 'odds 1:2' holds ':'",
      "tests/data/rules_index/scripts/systems/fake/rules.ini:10: duplicate key '1.1' (first at "
        .. "line 3)",
      "tests/data/rules_index/scripts/systems/fake/rules.ini:7: 'XY Lost' is another name of "
        .. "'XY 9.9', which is no case with a summary",
      "tests/data/rules_index/scenarios/fake-game/rules.lua:2: [fake XY 2.1] has no summary in "
        .. "tests/data/rules_index/scripts/systems/fake/rules.ini",
      "tests/data/rules_index/scenarios/fake-game/rules.lua:2: [fake 1.3] has no summary in "
        .. "tests/data/rules_index/scripts/systems/fake/rules.ini",
      "tests/data/rules_index/scenarios/fake-game/rules.lua:2: [fake 2.x] has no summary in "
        .. "tests/data/rules_index/scripts/systems/fake/rules.ini",
      "tests/data/rules_index/scenarios/fake-game/rules.lua:3: [fake E4] has no summary in "
        .. "tests/data/rules_index/scripts/systems/fake/rules.ini",
    }, cited.check({ "tests/data/rules_index/scenarios" }, "tests/data/rules_index"))
  end)
end)

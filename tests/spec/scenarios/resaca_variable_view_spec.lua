-- Resaca de la Palma's variable deployment in the Mexican view (issue #40 point 1;
-- docs/scenarios/resaca-de-la-palma.md "Variable deployment"): the US writes down its entry
-- hex in secret before the Mexicans set up [rough_and_ready RP US Entry Determination], and
-- nothing the Mexican player sees tells it before the army arrives -- `volley play --as MEX`
-- (its transcript with `log`, `show` and `lua game.vars`, and `--json` with every request,
-- answer and view_hash) is the same line for line with 4126 and with 4408 until the reveal,
-- and `volley export --as MEX` of a save taken during the Mexican set-up writes `?` for the
-- answer. Driven through the real program, the US answer typed as a person's.
local ID = "rough-and-ready/resaca-de-la-palma/variable"

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

local function run(cmd)
  local p = assert(io.popen("build/volley " .. cmd .. " 2>&1"))
  local out = p:read("a")
  p:close()
  return out
end

-- `volley play` of the variant with the commands `lines` as the script (both sides'
-- answers, the US's first), then `args`.
local function play(args, lines)
  local script = os.tmpname()
  write(script, table.concat(lines, "\n") .. "\n")
  local out = run("play " .. ID .. " --seed 3 --script " .. script .. " " .. args)
  os.remove(script)
  return out
end

local function lines_of(text)
  local out = {}
  for l in text:gmatch("[^\n]+") do out[#out + 1] = l end
  return out
end

-- The lines before the first that contains `mark`, and whether there was one.
local function before(list, mark)
  local out = {}
  for _, l in ipairs(list) do
    if l:find(mark, 1, true) then return out, true end
    out[#out + 1] = l
  end
  return out, false
end

-- The Mexican player's commands: queries at the first Mexican request, the set-up by default.
local MEX = { "log", "show 4408", "show 4126", "show 3US-1", "lua game.vars", "default all" }

local played = {}
local function as_mex(entry, json)
  local key = entry .. (json and " json" or "")
  if not played[key] then
    local cmds = { entry }
    for _, c in ipairs(MEX) do cmds[#cmds + 1] = c end
    played[key] = lines_of(play("--as MEX" .. (json and " --json" or ""), cmds))
  end
  return played[key]
end

describe("[rough_and_ready RP US Entry Determination] in the Mexican view", function()
  it("the transcript (log, show, lua game.vars) is the same with either entry until the "
    .. "army arrives", function()
    local a, found_a = before(as_mex("4126"), "reveals entry_army")
    local b, found_b = before(as_mex("4408"), "reveals entry_army")
    assert.is_true(found_a and found_b)
    assert.is_true(#a > 40)
    assert.are.same(a, b)
    local text = table.concat(a, "\n")
    assert.truthy(text:find("\nUS> ?\n2. MEX place: set up Arista", 1, true))
    assert.truthy(text:find("\nhex 4408: Clear, elevation 1; no units\n", 1, true))
    assert.truthy(text:find("\nMEX> lua game.vars\n{}\n", 1, true))     -- no US secret
    for _, l in ipairs(a) do
      if l ~= "MEX> show 4408" and not l:find("^hex 4408: ") and not l:find("^1%. US entry") then
        assert.is_nil(l:find("4408", 1, true), l)
      end
      assert.is_nil(l:find("entry_army", 1, true), l)
    end
  end)

  it("the JSON lines, view_hash included, are the same with either entry until the reveal",
    function()
    local a, found_a = before(as_mex("4126", true), "reveals entry_army")
    local b, found_b = before(as_mex("4408", true), "reveals entry_army")
    assert.is_true(found_a and found_b)
    assert.is_true(#a > 40)
    assert.are.same(a, b)
    local hashes = 0
    for _, l in ipairs(a) do
      if l:find('"view_hash"', 1, true) then hashes = hashes + 1 end
      assert.is_nil(l:find("state_hash", 1, true))
      -- a request's options and track name both hexes; `show 4408` shows it empty
      if not l:find('"event":"request"', 1, true) and not l:find("^hex 4408: ")
        and not l:find("show 4408", 1, true) then
        assert.is_nil(l:find("4408", 1, true), l)
      end
    end
    assert.is_true(hashes > 0)
    assert.truthy(table.concat(a, "\n"):find('"answer":"?"', 1, true))
  end)

  it("reveals the entry when the army arrives, to the Mexicans too", function()
    local out = table.concat(as_mex("4408"), "\n")
    assert.truthy(out:find("US reveals entry_army: 4408 (the reinforcement arrives "
      .. "[rough_and_ready RP Variable Deployment])", 1, true))
    assert.truthy(out:find("US army (3US-1 ", 1, true))
    assert.truthy(out:find(") arrives at 4408 [rough_and_ready RP Variable Deployment]", 1, true))
  end)

  it("an export for the Mexicans writes ? for the entry until the army arrives", function()
    local save = os.tmpname()
    play("--as MEX --save " .. save, { "4408", "5105" })     -- the entry, then Arista only
    local mex = run("export " .. save .. " --as MEX")
    assert.truthy(mex:find("\nanswer US entry ?\n", 1, true))
    assert.is_nil(mex:find("4408", 1, true))
    assert.is_nil(mex:find("entry_army", 1, true))
    local us = run("export " .. save .. " --as US")
    assert.truthy(us:find('\nanswer US entry "4408"\n', 1, true))
    assert.truthy(us:find('\nvar secrets.US.entry_army "4408"\n', 1, true))
    -- the whole set-up and the arrival: the answer shown to all
    play("--as MEX --save " .. save, { "4408", "default all" })
    mex = run("export " .. save .. " --as MEX")
    assert.truthy(mex:find('\nanswer US entry "4408"\n', 1, true))
    assert.truthy(mex:find('\nvar revealed.US.entry_army "4408"\n', 1, true))
    assert.truthy(mex:find("\nunit 3US-1 hex 4408 ", 1, true))
    os.remove(save)
  end)
end)

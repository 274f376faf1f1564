-- volley.cli: the one table of the command line and its parser (docs/shell.md "The command
-- line"); volley.cli_pages: the manual page and the bash completion made from it.
local cli = require "volley.cli"
local pages = require "volley.cli_pages"

-- Runs cli.parse with io.stderr and io.stdout caught: options | nil, status, err, out.
local function parse(name, args)
  local err, out = {}, {}
  local real_err, real_out = io.stderr, io.stdout
  local function sink(t)
    return { write = function(self, ...)
      for _, s in ipairs({ ... }) do t[#t + 1] = s end
      return self
    end }
  end
  io.stderr, io.stdout = sink(err), sink(out)   -- luacheck: ignore
  local ok, o, status = pcall(cli.parse, name, args)
  io.stderr, io.stdout = real_err, real_out     -- luacheck: ignore
  assert(ok, o)
  return o, status, table.concat(err), table.concat(out)
end

describe("volley.cli.parse", function()
  it("takes --flag value and --flag=value alike, and repeatable flags as lists", function()
    local a = parse("play", { "x", "--seed", "3", "--bot", "A=random", "--mod", "m.lua" })
    local b = parse("play", { "x", "--seed=3", "--bot=A=random", "--mod=m.lua" })
    for _, o in ipairs({ a, b }) do
      assert.same({ "x" }, o.args)
      assert.equal("3", o.seed)
      assert.same({ "A=random" }, o.bot)
      assert.same({ "m.lua" }, o.mod)
      assert.same({}, o.option)
    end
  end)

  it("gives the next word to a flag whatever it is, and -- ends the flags", function()
    local o = parse("play", { "--script", "-", "--seed", "-1", "--", "--json" })
    assert.equal("-", o.script)
    assert.equal("-1", o.seed)
    assert.same({ "--json" }, o.args)
    assert.is_nil(o.json)
  end)

  it("names the nearest flags of a mistyped one, exit 2 with the usage", function()
    local o, status, err = parse("play", { "x", "--sed", "3" })
    assert.is_nil(o)
    assert.equal(2, status)
    assert.equal("volley play: unknown option '--sed' (did you mean --seed?)",
      err:match("^[^\n]*"))
    assert.truthy(err:find("\nusage: volley play <id|path>", 1, true))
    local _
    _, _, err = parse("sim", { "x", "--ma", "3" })
    assert.truthy(err:find("(did you mean --max-decisions?)", 1, true))
    _, _, err = parse("render", { "x", "--frobnicate" })
    assert.equal("volley render: unknown option '--frobnicate'", err:match("^[^\n]*"))
  end)

  it("refuses a flag given twice, a value missing or empty, a value for a switch", function()
    local cases = {
      { "play", { "x", "--json", "--json" }, "volley play: --json given twice" },
      { "play", { "x", "--mod" }, "volley play: --mod takes a Lua file" },
      { "play", { "x", "--mod=" }, "volley play: --mod takes a Lua file" },
      { "render", { "x", "--svg" }, "volley render: --svg needs a value" },
      { "play", { "x", "--json=1" }, "volley play: --json takes no value" },
      { "export", { "s", "--as", "" }, "volley export: --as takes a side" },
      { "play", { "x", "--bad\1" }, "volley play: unknown option '--bad?'" },
    }
    for _, c in ipairs(cases) do
      local o, status, err = parse(c[1], c[2])
      assert.is_nil(o)
      assert.equal(2, status)
      assert.equal(c[3], err:match("^[^\n]*"))
    end
  end)

  it("prints the help on stdout for -h and --help, exit 0", function()
    for _, h in ipairs({ "-h", "--help" }) do
      local o, status, err, out = parse("sim", { h })
      assert.is_nil(o)
      assert.equal(0, status)
      assert.equal("", err)
      assert.equal(cli.help("sim"), out)
    end
  end)

  it("takes an alias for its flag", function()
    assert.equal("never", parse("render", { "m", "--color", "never" }).colour)
  end)
end)

describe("volley.cli help, page and completion", function()
  it("lists every flag of every command in its help, with the exit status", function()
    for _, c in ipairs(cli.COMMANDS) do
      local help = cli.help(c.name)
      assert.truthy(help:find("^usage: volley " .. c.name), c.name)
      assert.truthy(help:find("\nExit status: ", 1, true), c.name)
      for _, r in ipairs(cli.rows(c)) do
        assert.truthy(help:find("\n  " .. cli.label(r), 1, true), c.name .. " " .. r[1])
      end
    end
  end)

  it("puts every command, flag and prompt command in the manual page", function()
    local prompt = { { "move", "move <unit> <hex>", "a move" }, { "quit", "quit", "leave" } }
    local man = pages.man("9.9.9", prompt)
    assert.truthy(man:find('^%.TH VOLLEY 1 "" "volley 9%.9%.9"'))
    for _, c in ipairs(cli.COMMANDS) do
      assert.truthy(man:find('\n.SS "volley ' .. c.name, 1, true), c.name)
      for _, r in ipairs(c.options) do
        assert.truthy(man:find("\\fB" .. r[1]:gsub("%-", "\\-") .. "\\fR", 1, true), r[1])
      end
    end
    assert.truthy(man:find("\n.SH PROMPT COMMANDS\n", 1, true))
    assert.truthy(man:find("\n\\fBmove <unit> <hex>\\fR\na move\n", 1, true))
  end)

  it("gives the completion every command, flag and bot", function()
    local bash = pages.bash({ "first", "random" }, "a/b")
    assert.truthy(bash:find("\ncomplete %-F _volley volley\n"))
    assert.truthy(bash:find("_volley_bots='first random'", 1, true))
    for _, c in ipairs(cli.COMMANDS) do
      local line = bash:match("\n    " .. c.name .. "%) echo '([^']*)' ;;")
      assert.truthy(line, c.name)
      for _, r in ipairs(cli.rows(c)) do
        assert.truthy((" " .. line .. " "):find(" " .. r[1] .. " ", 1, true), r[1])
      end
    end
  end)
end)

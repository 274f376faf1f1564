--- The manual page volley(1) and the bash completion, made from the command line's table
-- (`volley.cli`, the same rows `--help` prints) and the prompt's (`volley.commands.HELP`,
-- what `help` prints there). shell/cli_pages.lua writes them at build time; they are
-- installed with the program (docs/shell.md "The command line").
-- @module volley.cli_pages

local cli = require "volley.cli"

local M = {}

-- {====================================================================================
-- volley(1)
-- =====================================================================================

-- Text as roff reads it: backslashes and dashes escaped, a line never starting with a
-- control character.
local function roff(s)
  s = s:gsub("\\", "\\e"):gsub("%-", "\\-")
  return (s:gsub("^([.'])", "\\&%1"):gsub("\n([.'])", "\n\\&%1"))
end

-- A paragraph of the table's text (lines wrapped for a terminal) as roff: the lines that
-- begin with two spaces (a format, an example) kept as they are, the others filled.
local function paragraph(text)
  local out = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^  ") then
      out[#out + 1] = ".nf\n" .. roff(line) .. "\n.fi"
    elseif line ~= "" then
      out[#out + 1] = roff(line)
    else
      out[#out + 1] = ".PP"
    end
  end
  return table.concat(out, "\n")
end

-- An option's label in bold, its metavar in italics.
local function label(r)
  local l = "\\fB" .. roff(r[1]) .. "\\fR"
  if r.alias then l = "\\fB" .. roff(r.alias) .. "\\fR, " .. l end
  if r[2] then l = l .. " \\fI" .. roff(r[2]) .. "\\fR" end
  return l
end

--- The manual page volley(1), in roff.
-- @tparam string version the program's version
-- @tparam {table,...} prompt the prompt's help rows `{word, usage, help}` (volley.commands.HELP)
-- @treturn string
function M.man(version, prompt)
  local out = {
    '.TH VOLLEY 1 "" "volley ' .. roff(version) .. '" "User Commands"',
    ".SH NAME",
    "volley \\- a rules engine for hex\\-and\\-counter historical wargames",
    ".SH SYNOPSIS",
    ".nf",
  }
  for line in cli.PROGRAM.usage:gsub("^usage: ", "       "):gmatch("([^\n]*)\n") do
    if line ~= "" then out[#out + 1] = roff(line:sub(8)) end
  end
  for _, c in ipairs(cli.COMMANDS) do
    local usage = "volley " .. c.usage
    for line in (usage .. "\n"):gmatch("([^\n]*)\n") do
      out[#out + 1] = roff((line:gsub("^%s+volley ", "volley "):gsub("^%s+", "    ")))
    end
  end
  out[#out + 1] = ".fi"
  out[#out + 1] = ".SH DESCRIPTION"
  out[#out + 1] = paragraph(cli.PROGRAM.text)
  out[#out + 1] = ".PP"
  out[#out + 1] = "Every command takes \\fB\\-\\-help\\fR (\\fB\\-h\\fR). A flag's value is given "
    .. "as \\fB\\-\\-flag\\fR \\fIvalue\\fR or \\fB\\-\\-flag=\\fR\\fIvalue\\fR; \\fB\\-\\-\\fR "
    .. "ends the flags."
  out[#out + 1] = ".SH COMMANDS"
  for _, c in ipairs(cli.COMMANDS) do
    out[#out + 1] = '.SS "volley ' .. roff(c.usage:match("^[^\n]*")) .. '"'
    out[#out + 1] = paragraph(c.text)
    for _, r in ipairs(c.options) do
      out[#out + 1] = ".TP"
      out[#out + 1] = label(r)
      out[#out + 1] = roff(r[3])
    end
    if c.notes then
      out[#out + 1] = ".PP"
      out[#out + 1] = paragraph(c.notes)
    end
    out[#out + 1] = ".PP"
    out[#out + 1] = "Exit status: " .. roff((c.exit:gsub("\n", " ")))
  end
  out[#out + 1] = ".SH PROMPT COMMANDS"
  out[#out + 1] = "At the prompt (\\fBvolley\\fR with no command, or \\fBvolley play\\fR "
    .. "without \\fB\\-\\-script\\fR for a side without a bot), and in a script, a line is one "
    .. "of these (\\fBhelp\\fR \\fIcommand\\fR there says the same):"
  for _, h in ipairs(prompt) do
    out[#out + 1] = ".TP"
    out[#out + 1] = "\\fB" .. roff(h[2]) .. "\\fR"
    out[#out + 1] = roff(h[3])
  end
  out[#out + 1] = ".SH EXIT STATUS"
  out[#out + 1] = roff(cli.PROGRAM.exit)
  out[#out + 1] = ".SH ENVIRONMENT"
  for _, e in ipairs({
    { "VOLLEY_PATH", "the data roots (scripts/, scenarios/, charts/), colon-separated, looked "
      .. "in before share/volley beside the program" },
    { "XDG_STATE_HOME", "where the autosaves live: $XDG_STATE_HOME/volley/ (default "
      .. "~/.local/state/volley/)" },
    { "NO_COLOR", "when set and not empty, render \\-\\-text and the prompt's map draw "
      .. "without colour (unless \\-\\-colour always)" },
    { "COLUMNS", "the terminal's width for the maps, when stdout is not a terminal" },
  }) do
    out[#out + 1] = ".TP"
    out[#out + 1] = "\\fB" .. e[1] .. "\\fR"
    out[#out + 1] = (e[2]:gsub("\\%-", "\0"):gsub("%-", "\\-"):gsub("%z", "\\-"))
  end
  out[#out + 1] = ".SH SEE ALSO"
  out[#out + 1] = "docs/shell.md, docs/sim.md, docs/save.md and docs/json.md of volley's "
    .. "documentation."
  return table.concat(out, "\n") .. "\n"
end

-- }====================================================================================

-- {====================================================================================
-- The bash completion
-- =====================================================================================

-- The completion kind of a value row: its `complete`, a list as `words:a b c`, or `value`
-- (a value bash has no words for).
local function kind(r)
  local k = r.complete
  if type(k) == "table" then return "words:" .. table.concat(k, " ") end
  return k or "value"
end

-- A word as a bash single-quoted string.
local function sq(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

--- The bash completion script for volley: subcommands, each one's flags, and the values
-- `complete` names (scenario ids from `volley list`, option names from `volley options`,
-- bot names, system ids, files).
-- @tparam {string,...} bots the bot names (volley.bots.NAMES)
-- @tparam string default the scenario the prompt plays (volley.play.DEFAULT_SCENARIO)
-- @treturn string
function M.bash(bots, default)
  local names, flags, values, operands = {}, {}, {}, {}
  for _, c in ipairs(cli.COMMANDS) do
    names[#names + 1] = c.name
    local fl = {}
    for _, r in ipairs(cli.rows(c)) do
      fl[#fl + 1] = r[1]
      if r.alias and not r.alias:match("^%-%a$") then fl[#fl + 1] = r.alias end
      if r[2] then
        for _, f in ipairs({ r[1], r.alias }) do
          values[#values + 1] = "    " .. sq(c.name .. " " .. f) .. ") echo " .. sq(kind(r))
            .. " ;;"
        end
      end
    end
    flags[#flags + 1] = "    " .. c.name .. ") echo " .. sq(table.concat(fl, " ")) .. " ;;"
    operands[#operands + 1] = "    " .. c.name .. ") echo " .. sq(c.operand or "") .. " ;;"
  end
  return (([==[
# bash completion for volley(1) -- made from scripts/volley/cli.lua by shell/cli_pages.lua;
# do not edit. Completes the subcommands, their flags, and the values: scenario ids (volley
# list), option names (volley options <id>), bot names, system ids and files.

_volley_commands=@COMMANDS@
_volley_bots=@BOTS@

# The flags of a command.
_volley_flags() {
  case $1 in
@FLAGS@
  esac
}

# What a flag's value is: file, dir, scenario, option, bot, bots, system, words:..., value
# (no words for it), or "" (a switch, or no flag of the command).
_volley_value() {
  case "$1 $2" in
@VALUES@
    *) echo "" ;;
  esac
}

# What a command's operands are: scenario, map, file, system, or "".
_volley_operand() {
  case $1 in
@OPERANDS@
  esac
}

# The words for a kind of value; $1 the kind, $2 the word so far, $3 the program, $4 the
# scenario named on the line.
_volley_words() {
  local k=$1 cur=$2 prog=$3 sc=$4
  case $k in
    file) compgen -f -- "$cur" ;;
    dir) compgen -d -- "$cur" ;;
    scenario|map)
      compgen -W "$("$prog" list 2>/dev/null | cut -d' ' -f1)" -- "$cur"
      compgen -d -- "$cur"
      [ "$k" = map ] && compgen -f -X '!*.ini' -- "$cur" ;;
    option)
      [ -n "$sc" ] && compgen -W "$("$prog" options "$sc" 2>/dev/null | cut -d' ' -f1)" -- "$cur" ;;
    bot)
      case $cur in
        *=*) compgen -P "${cur%%=*}=" -W "$_volley_bots" -- "${cur#*=}" ;;
      esac ;;
    bots)
      case $cur in
        *,*) compgen -P "${cur%,*}," -W "$_volley_bots" -- "${cur##*,}" ;;
        *) compgen -W "$_volley_bots" -- "$cur" ;;
      esac ;;
    system)
      compgen -W "$("$prog" hooks _ 2>&1 | sed -n 's/.*(known: \(.*\))$/\1/p' | tr -d ',')" \
        -- "$cur" ;;
    words:*) compgen -W "${k#words:}" -- "$cur" ;;
  esac
}

_volley() {
  local line=${COMP_LINE:0:$COMP_POINT} cur cmd prev kind sc="" flag i n
  local -a words
  read -r -a words <<< "$line"
  case $line in *[[:space:]]) words+=("") ;; esac
  n=${#words[@]}
  [ "$n" -ge 2 ] || return 0
  cur=${words[n-1]}
  prev=${words[n-2]}
  cmd=${words[1]}
  if [ "$n" -eq 2 ]; then
    case $cur in
      -*) mapfile -t COMPREPLY < <(compgen -W "--help --version $(_volley_flags play)" -- "$cur") ;;
      *) mapfile -t COMPREPLY < <(compgen -W "$_volley_commands" -- "$cur") ;;
    esac
    return 0
  fi
  # the scenario named on the line: the first operand, not a flag's value; volley --seed 3
  # ...: the prompt, which takes play's flags and plays the default scenario
  case $cmd in
    -*) cmd=play; sc=@DEFAULT@ ;;
    *)
      for ((i = 2; i < n - 1; i++)); do
        case ${words[i]} in
          --*=*) ;;
          -*) [ -z "$(_volley_value "$cmd" "${words[i]}")" ] || i=$((i + 1)) ;;
          *) sc=${words[i]}; break ;;
        esac
      done ;;
  esac
  local -a found
  if [[ $cur == --*=* ]]; then
    flag=${cur%%=*}
    kind=$(_volley_value "$cmd" "$flag")
    mapfile -t found < <(_volley_words "$kind" "${cur#*=}" "${words[0]}" "$sc")
    found=("${found[@]/#/$flag=}")
  elif kind=$(_volley_value "$cmd" "$prev") && [ -n "$kind" ] && [[ $prev == -* ]]; then
    mapfile -t found < <(_volley_words "$kind" "$cur" "${words[0]}" "$sc")
  elif [[ $cur == -* ]]; then
    mapfile -t found < <(compgen -W "$(_volley_flags "$cmd")" -- "$cur")
  else
    mapfile -t found < <(_volley_words "$(_volley_operand "$cmd")" "$cur" "${words[0]}" "$sc")
  fi
  # bash splits the word at = and : (COMP_WORDBREAKS): give it what follows them
  local cut=${cur%"${cur##*[=:]}"}
  if [ -n "$cut" ] && [[ $COMP_WORDBREAKS == *"${cut: -1}"* ]]; then
    found=("${found[@]#"$cut"}")
  fi
  COMPREPLY=("${found[@]}")
}

complete -F _volley volley
]==]):gsub("@(%u+)@", {
    COMMANDS = sq(table.concat(names, " ")),
    BOTS = sq(table.concat(bots, " ")),
    DEFAULT = sq(default),
    FLAGS = table.concat(flags, "\n"),
    VALUES = table.concat(values, "\n"),
    OPERANDS = table.concat(operands, "\n"),
  }))
end

-- }====================================================================================

return M

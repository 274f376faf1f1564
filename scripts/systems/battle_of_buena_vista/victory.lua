--- Battle of Buena Vista's victory [battle_of_buena_vista 4.3a] [battle_of_buena_vista
-- 4.3b]: at the end of turn 12, or when the rain comes [battle_of_buena_vista 5.5], the
-- Mexican VP less the American VP give the level (charts/battle_of_buena_vista/victory.ini);
-- each capture of Saltillo or of the American supply train moves it a level toward Mexico,
-- three such moves at most, and each capture of the Mexican train a level toward the
-- Americans.
--
-- What it reads, which the later issues write: `game.vars.losses` = `{US = n, MEX = n}`, the
-- steps each side has lost in combat, its Loss Track count [battle_of_buena_vista 4.1]
-- (issue 46): a side's VP are the steps the other lost (the digest's A3); and
-- `game.vars.captures` = `{saltillo = n, us_train = n, mex_train = n}` (issues 46 and 48).
-- @module systems.battle_of_buena_vista.victory

local M = {}

local function cite(case) return "[battle_of_buena_vista " .. case .. "]" end

-- The victory levels from the best for Mexico down, by the top of each band of 4.3
-- [battle_of_buena_vista 4.3a]; the names are the chart's.
M.BANDS = { 30, 11, 0, -1, -11, -21 }

--- The most levels Saltillo and the American train move the result [battle_of_buena_vista
-- 4.3b].
M.CAP = 3

--- A supply train is captured: an enemy unit alone with it [battle_of_buena_vista 8.6a]
-- (the movement calls it when a unit enters a hex where a train stands alone). The American
-- train counts toward Mexico, the Mexican toward the Americans [battle_of_buena_vista 4.3b];
-- a train is captured once (it is then removed).
function M.train_captured(game, train, unit)
  local side = game:unit_info(train).side
  local key = side == "US" and "us_train" or "mex_train"
  local cap = game.vars.captures or {}
  cap[key] = (cap[key] or 0) + 1
  game.vars.captures = cap
  assert(game.store:place(train, "eliminated"))
  game:log(string.format("%s captures %s: the victory level moves one toward %s %s %s", unit,
    train, side == "US" and "Mexico" or "the Americans", cite("8.6a"), cite("4.3b")))
end

--- The victory points: `mex, us` (each side's, the steps the other lost).
function M.points(game)
  local losses = game.vars.losses or {}
  return losses.US or 0, losses.MEX or 0
end

local function level_at(game, d)
  local found = game:charts():lookup("victory_level", { roll = d })
  return found.cell, found.result
end

--- The level of a game: the chart's level for Mexican VP - American VP, then the shifts
-- [battle_of_buena_vista 4.3a] [battle_of_buena_vista 4.3b].
-- @treturn table `{d =, mex =, us =, read = <the level read>, level = <after the shifts>,
--   winner = "MEX" | "US", toward_mex =, toward_us =}`
function M.level(game)
  local mex, us = M.points(game)
  local d = mex - us
  local read = level_at(game, d)
  local idx = 1
  for i, top in ipairs(M.BANDS) do
    if level_at(game, top) == read then idx = i end
  end
  local cap = game.vars.captures or {}
  local toward_mex = math.min(M.CAP, (cap.saltillo or 0) + (cap.us_train or 0))
  local toward_us = cap.mex_train or 0
  local final = math.max(1, math.min(#M.BANDS, idx - toward_mex + toward_us))
  local name, result = level_at(game, M.BANDS[final])
  return { d = d, mex = mex, us = us, read = read, level = name, winner = result.winner,
           toward_mex = toward_mex, toward_us = toward_us }
end

--- The end of the game: the level judged and logged, `vars.winner` (the side the level
-- favours: a tie is a Mexican marginal victory, the chart's 0 to 10, the digest's A4),
-- `vars.reason` and `vars.level` set [battle_of_buena_vista 4.3a] [battle_of_buena_vista
-- 4.3b] [battle_of_buena_vista 5.1].
function M.judge(game, reason)
  local r = M.level(game)
  local shifts = ""
  if r.toward_mex > 0 or r.toward_us > 0 then
    shifts = string.format(", moved %d toward Mexico (Saltillo and the American train, at "
      .. "most %d) and %d toward the Americans (the Mexican train): %s", r.toward_mex, M.CAP,
      r.toward_us, r.level)
  end
  game:log(string.format("%s: Mexican VP %d - American VP %d = %d: %s%s %s", reason, r.mex,
    r.us, r.d, r.read, shifts, cite("4.3a") .. (shifts ~= "" and (" " .. cite("4.3b")) or "")))
  game.vars.winner = r.winner
  game.vars.reason = reason
  game.vars.level = r.level
  return r
end

return M

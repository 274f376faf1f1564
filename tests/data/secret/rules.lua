-- tests/data/secret/rules.lua: the secrets of the side-secrets scenario (docs/runtime.md
-- "Secrets"). Before play B chooses its posture and where its reinforcement (B4) will
-- enter, each a secret request (only B and the referee see the answer); A keeps a face-down
-- marker, a secret value B never sees. At the start of turn 2 B's posture is revealed; the
-- entry hex is revealed when B4 arrives (volley.schedule.arrive reads the secret
-- `entry_road`).
-- luacheck: read globals volley

volley.on("game.start", function(ctx)
  local g = ctx.game
  local posture = g.ask("B", { kind = "posture", prompt = "B's posture, in secret",
                               options = { "hold", "advance" }, rule = "[secret 1]",
                               secret = true })
  g.log("B's posture is " .. posture .. " [secret 1]", "B")
  g.ask("B", { kind = "entry", prompt = "where B4 will enter on turn 2, in secret",
               options = { "1204", "1206" }, rule = "[secret 3]", secret = "entry_road" })
  g.set_secret("A", "marker", "feint")                      -- [secret 2] face down
  g.log("A's face-down marker is a feint [secret 2]", "A")
end)

volley.on("turn.start", function(ctx)
  if ctx.turn == 2 then
    ctx.game.reveal("B", "posture", "turn 2 [secret 1]")
  end
end)

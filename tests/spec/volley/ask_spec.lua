-- volley.ask: requests, legal answers, refusals, and the driver (DESIGN.md principle 4).
local ask = require "volley.ask"

local function request(extra)
  local r = { kind = "activate", prompt = "Which command activates?",
              options = { "Arista", "Torrejon" }, rule = "[rough_and_ready 3.11]" }
  for k, v in pairs(extra or {}) do r[k] = v end
  return r
end

describe("volley.ask", function()
  describe("check_request()", function()
    it("refuses unknown keys by name", function()
      assert.has_error(function() ask.check_request(request{ question = "x" }) end,
        "unknown request key 'question' (known: at, canonical, compound, count, default, "
        .. "enumerate, explain, free, has, kind, options, prompt, rule, secret, tell, validate, "
        .. "warn)")
    end)
    it("refuses a request with neither options nor enumerate", function()
      local r = request()
      r.options = nil
      assert.has_error(function() ask.check_request(r) end,
        "request 'activate' has neither options nor enumerate")
    end)
    it("refuses a request without its rule", function()
      local r = request()
      r.rule = nil
      assert.has_error(function() ask.check_request(r) end, "request without a 'rule' string")
    end)
  end)

  describe("check()", function()
    it("accepts a legal answer as its canonical value", function()
      assert.are.same({ true, "Torrejon" }, { ask.check(request(), "Torrejon") })
    end)
    it("refuses an illegal answer citing the rule", function()
      assert.are.same({ false, "'Ampudia' is not a legal answer to activate (legal: Arista, "
                        .. "Torrejon) [rough_and_ready 3.11]" },
        { ask.check(request(), "Ampudia") })
    end)
    it("says why an answer is not legal when the request explains it, citing the reason's "
      .. "own case of the system if it has one", function()
        local r = request{ explain = function(a)
          if a == "Ampudia" then return "Ampudia is not on the map [rough_and_ready 4.2]" end
          if a == "Mejia" then return "Mejia commands no units" end
          return nil
        end }
        assert.are.same({ false, "'Ampudia' is not a legal answer to activate: Ampudia is not "
          .. "on the map (legal: Arista, Torrejon) [rough_and_ready 4.2]" },
          { ask.check(r, "Ampudia") })
        assert.are.same({ false, "'Mejia' is not a legal answer to activate: Mejia commands no "
          .. "units (legal: Arista, Torrejon) [rough_and_ready 3.11]" },
          { ask.check(r, "Mejia") })
        assert.are.same({ false, "'Vega' is not a legal answer to activate (legal: Arista, "
          .. "Torrejon) [rough_and_ready 3.11]" }, { ask.check(r, "Vega") })
        -- a run of the system's citations at the end goes last whole; another system's stays
        r.explain = function(a)
          if a == "Vega" then
            return "Vega is hidden by 4L-1 [rough_and_ready PA 6.17] [rough_and_ready RP 6.17]"
          end
          return "Vega is far [gbacw 10.2] [rough_and_ready 6.11]"
        end
        assert.are.same({ false, "'Vega' is not a legal answer to activate: Vega is hidden by "
          .. "4L-1 (legal: Arista, Torrejon) [rough_and_ready PA 6.17] [rough_and_ready RP "
          .. "6.17]" }, { ask.check(r, "Vega") })
        assert.are.same({ false, "'Ampudia' is not a legal answer to activate: Vega is far "
          .. "[gbacw 10.2] (legal: Arista, Torrejon) [rough_and_ready 6.11]" },
          { ask.check(r, "Ampudia") })
        -- it never accepts: a legal answer is legal whatever it says
        r.explain = function() return "no" end
        assert.are.same({ true, "Arista" }, { ask.check(r, "Arista") })
      end)

    it("asks explain when validate refuses without a reason; cuts a long reason", function()
      local r = request{ validate = function() return false end,
                         explain = function(a) return a == "long" and string.rep("x", 400)
                           or ("no " .. a) end }
      assert.are.same({ false, "'Vega' is not a legal answer to activate: no Vega (legal: "
        .. "Arista, Torrejon) [rough_and_ready 3.11]" }, { ask.check(r, "Vega") })
      local _, why = ask.check(r, "long")
      assert.are.equal("'long' is not a legal answer to activate: " .. string.rep("x", 300)
        .. "... (legal: Arista, Torrejon) [rough_and_ready 3.11]", why)
      -- validate's own reason wins
      r.validate = function() return false, "Vega is dead" end
      assert.are.same({ false, "Vega is dead [rough_and_ready 3.11]" }, { ask.check(r, "Vega") })
    end)

    it("refuses to ask while a request's validate or explain runs", function()
      local r = request{ explain = function()
        return ask.ask("US", request())     -- a nested request would be journalled as this one
      end }
      assert.has_error(function() ask.check(r, "Vega") end, "volley.ask: a request's validate "
        .. "or explain only checks an answer; it may not ask")
      assert.is_false(ask.checking())
    end)

    it("takes enumerate() in place of options", function()
      local r = request{ enumerate = function() return { "3123", "3224" } end }
      r.options = nil
      assert.are.same({ "3123", "3224" }, ask.legal(r))
      assert.is_true((ask.check(r, "3224")))
    end)
    it("lets validate accept a typed answer and word a refusal", function()
      local r = request{ validate = function(a)
        if a == "Arista" or a == "none" then return true end
        return false, "no such command"
      end }
      assert.are.same({ true, "none" }, { ask.check(r, "none") })
      assert.are.same({ false, "no such command [rough_and_ready 3.11]" }, { ask.check(r, "x") })
    end)
    it("keeps a refusal's own citation of the request's system alone", function()
      local r = request{ validate = function(a)
        if a == "5.12" then return false, "3017 -> 2516: not adjacent [rough_and_ready 5.12]" end
        return false, "a rule of another system [demo 4.2]"
      end }
      assert.are.same({ false, "3017 -> 2516: not adjacent [rough_and_ready 5.12]" },
        { ask.check(r, "5.12") })
      assert.are.same({ false, "a rule of another system [demo 4.2] [rough_and_ready 3.11]" },
        { ask.check(r, "x") })
    end)
    it("refuses options that are not strings, integers or booleans", function()
      assert.has_error(function() ask.legal(request{ options = { {} } }) end,
        "request 'activate': option #1 is a table (string, integer or boolean expected)")
    end)
  end)

  describe("ask() under drive()", function()
    it("asks again after an illegal answer, telling why", function()
      local seen = {}
      local co = coroutine.create(function()
        return "activated " .. ask.ask("MEX", request())
      end)
      local answers = { "Ampudia", "Arista" }
      local result = ask.drive(co, function(side, req, refusal)
        seen[#seen + 1] = { side, req.kind, refusal or "-" }
        return table.remove(answers, 1)
      end)
      assert.are.equal("activated Arista", result)
      assert.are.same({ { "MEX", "activate", "-" },
        { "MEX", "activate", "'Ampudia' is not a legal answer to activate (legal: Arista, "
          .. "Torrejon) [rough_and_ready 3.11]" } },
        seen)
    end)

    it("asks both sides within one step", function()
      local co = coroutine.create(function()
        local fire = ask.ask("US", request{ kind = "fire", options = { "fire", "pass" } })
        local reaction = ask.ask("MEX", request{ kind = "react", options = { "return-fire", "none" } })
        return fire .. "/" .. reaction
      end)
      local result = ask.drive(co, function(side) return side == "US" and "fire" or "return-fire" end)
      assert.are.equal("fire/return-fire", result)
    end)

    it("refuses a bare yield that is not an ask", function()
      local co = coroutine.create(function() coroutine.yield("forged answer") end)
      assert.has_error(function() ask.drive(co, function() return "x" end) end,
        "a script yielded outside ask")
    end)
  end)
end)

--- The battle's special rules: none written yet. The exclusive rules this battle plays arrive
-- with the issues of the series (SPI GBACW II-VI); the battle's data (set-up, schedule,
-- victory values, parameters) are its scenario.ini. [spi_gbacw JC 20.5]
-- luacheck: read globals volley
local _ = volley

--- Option `opportunity-fire` [spi_gbacw JC 21.5]: the non-phasing player's artillery may fire
-- at an enemy unit as it enters a hex. Declared here so `volley options` lists it; its script
-- arrives with fire combat (SPI GBACW III): switched on, it does nothing yet.
-- luacheck: read globals volley
local _ = volley

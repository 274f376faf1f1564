-- tests/data/mods/evil_io.lua -- a hostile mod: tries to reach the file system at load.
io.open("/tmp/volley-evil", "w"):write("pwned")

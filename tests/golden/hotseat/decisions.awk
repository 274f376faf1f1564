# The decisions of a game's journal (a save's `answer` lines), a line each, with the kind it is
# counted as after a tab (issue 37 point 4; docs/shell.md "One line per decision"). With
# form=long: each answer a line, as a request a line is answered. With form=short: what one
# line per decision types: a side's set-up hexes, and its facings, twelve a line; an activation
# with the guns its leader takes along (`belknap A2US-2 A2US-1 done`); a move with its facing
# (`move 3US-2 3318 SW/NW`); `fire U HEX` (shots one after another: `fire A 1916, B 1917`);
# any other answer as given. The free Leadership bonus's `yes` is written `default` and
# counted as `leadership yes`: a person is not asked it (counted apart by the tests).
# Used by tests/shell/compound_measure_pa.sh (the measure) and tests/shell/hotseat_golden.sh
# (the golden transcripts: a typed line for each decision).
function value(line,   a, b, c) { a = index(line, "\""); b = a
  while ((c = index(substr(line, b + 1), "\"")) > 0) b += c
  return substr(line, a + 1, b - a - 1) }
/^answer / { n++; side[n] = $2; kind[n] = $3; val[n] = value($0) }
function out(text, what) { print text "\t" what }
END {
  i = 1
  while (i <= n) {
    v = val[i]; k = kind[i]; split(v, w, " ")
    if (form == "long") {
      if (k == "leadership" && v == "yes") out("default", "leadership yes")
      else out(v, k)
      i++; continue }
    # the set-up: the hexes, then the facings, of a side, twelve a line
    if (!begun && (k == "place" || k == "face")) {
      line = v; j = i + 1
      while (j <= n && j - i < 12 && kind[j] == k && side[j] == side[i]) {
        line = line " " val[j]; j++ }
      out(line, "set-up " k "s"); i = j; continue }
    if (k == "activate" || k == "free_activation") begun = 1
    # an activation and the guns its leader takes along (the Leadership between: free)
    if ((k == "activate" || k == "free_activation") && v != "pass") {
      j = i + 1; lead = ""
      if (j <= n && kind[j] == "leadership" && side[j] == side[i]) { lead = val[j]; j++ }
      guns = ""
      while (j <= n && kind[j] == "artillery" && side[j] == side[i]) { guns = guns " " val[j]; j++ }
      out(v guns, k (guns != "" ? " + guns" : ""))
      if (lead == "yes") out("default", "leadership yes")
      else if (lead != "") out(lead, "leadership no")
      i = j; continue }
    # a move and its facing
    if (k == "move" && w[2] != "" && w[1] !~ /^(face|charge|square|unsquare)$/) {
      if (i < n && kind[i + 1] == "face" && side[i + 1] == side[i]) {
        out("move " v " " val[i + 1], "move + face"); i += 2; continue }
      out("move " v, "move"); i++; continue }
    # fire or shock and its answer; shots one after another in one line
    if (k == "move" && (v == "fire" || v == "shock") && i < n && kind[i + 1] == v \
        && val[i + 1] != "done") {
      line = v " " val[i + 1]; j = i + 2
      while (j + 1 <= n && kind[j] == "move" && val[j] == v && kind[j + 1] == v \
             && val[j + 1] != "done" && side[j] == side[i] && side[j + 1] == side[i]) {
        line = line ", " val[j + 1]; j += 2 }
      out(line, v " U HEX"); i = j; continue }
    out(v, k (k == "move" ? " " w[1] : "")); i++
  }
}

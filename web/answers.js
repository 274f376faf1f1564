// answers.js -- the pending request's legal answers read for pointing: each answer's words
// sorted into units (ids the view sees, joined by + for units acting together), hexes (labels
// on the board), a facing (a vertex or hexside word of the map's layout) and other words.

const VERTEX = {
  'flat-top': ['N/NE', 'NE/SE', 'SE/S', 'S/SW', 'SW/NW', 'NW/N'],
  'pointy-top': ['NE/E', 'E/SE', 'SE/SW', 'SW/W', 'W/NW', 'NW/NE'],
};
const SIDE = {
  'flat-top': ['N', 'NE', 'SE', 'S', 'SW', 'NW'],
  'pointy-top': ['NE', 'E', 'SE', 'SW', 'W', 'NW'],
};
const ALIAS = {
  'flat-top': { E: 'NE/SE', W: 'SW/NW' },
  'pointy-top': { N: 'NW/NE', S: 'SE/SW' },
};

/** The six vertex words and the six hexside words of a layout, vertex k first as hex.md numbers
 * them (vertex k is where hexsides k and k + 1 meet). */
export function words(layout) {
  const l = VERTEX[layout] ? layout : 'flat-top';
  return { vertices: VERTEX[l], sides: SIDE[l], alias: ALIAS[l] };
}

/** The canonical facing word of w on a layout, or null when w is no facing. */
export function facingWord(layout, w) {
  const { vertices, sides, alias } = words(layout);
  const up = String(w).toUpperCase();
  if (alias[up] && !sides.includes(up)) return alias[up];
  if (vertices.includes(up) || sides.includes(up)) return up;
  return null;
}

/**
 * Reads every option of a request.
 * @param {Array} options the legal answers (strings, numbers, booleans)
 * @param {{hexes: Set<string>, units: Map<string, object>, layout: string}} ctx
 * @returns {Array<{text: string, index: number, words: string[], units: string[],
 *   hexes: string[], facing: ?string, keyword: ?string}>}
 */
export function readOptions(options, ctx) {
  return (options || []).map((o, index) => {
    const text = String(o);
    const ws = text.trim().split(/\s+/).filter((w) => w !== '');
    const r = { text, index, words: ws, units: [], hexes: [], facing: null, keyword: null };
    for (const w of ws) {
      const parts = w.split('+');
      if (parts.every((p) => ctx.units.has(p))) {
        r.units.push(...parts);
      } else if (ctx.hexes.has(w)) {
        r.hexes.push(w);
      } else if (r.facing === null && facingWord(ctx.layout, w)) {
        r.facing = facingWord(ctx.layout, w);
      } else if (r.keyword === null) {
        r.keyword = w.toLowerCase();
      }
    }
    return r;
  });
}

/** What an answer does to a hex it names, for the colour of its target mark. */
export function targetKind(kind, opt) {
  const k = (opt.keyword || kind || '').toLowerCase();
  if (/fire/.test(k)) return 'fire';
  if (/shock|charge|allocate/.test(k)) return 'shock';
  if (k === 'move' || k === 'retreat' || k === 'withdraw' || k === 'charge_move' || k === 'place'
      || (opt.keyword === null && opt.units.length > 0)) return kind === 'fire' ? 'fire'
    : kind === 'shock' ? 'shock' : 'move';
  return 'other';
}

/** The options of a unit: those naming it, alone or among units joined by +. */
export function ofUnit(opts, unit) {
  return opts.filter((o) => o.units.includes(unit));
}

/** Groups options for the answers list: by their first unit, else their keyword. */
export function groups(opts) {
  const out = new Map();
  for (const o of opts) {
    const key = o.units.length ? o.units[0] : (o.words.length > 1 ? o.words[0] : '');
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(o);
  }
  return out;
}

// Scores hands with the npm package hk-mahjong (3.2.0) for the differential test
// of the hk-common ruleset (tests/test_pocket_hk_mahjong.py).
//
//   npm install --prefix /tmp/hkm hk-mahjong@3.2.0
//   python scripts/hk_mahjong_hands.py 3500 17 \
//     | NODE_PATH=/tmp/hkm/node_modules node scripts/hk_mahjong_sample.js \
//     > tests/data/hk_mahjong_sample.json
//
// Reads the lines of scripts/hk_mahjong_hands.py on standard input and writes
// {"package": "hk-mahjong@3.2.0", "hands": [[line, fan], ...]}, fan a number or
// "limit" (hk-mahjong's infinity). hk-mahjong counts one reading; a hand is paid
// by its best, so every winning arrangement it finds is counted and the most
// paid is kept.
"use strict";

const { Tile, Meld, Hand, ExplorerOfWinningPermutations, FaanCalculator } =
  require("hk-mahjong");

const SUITS = { m: "character", p: "dot", s: "bamboo" };
// mpsz honors 1-7: East South West North, white green red; hk-mahjong's
// honor values: 1-4 the winds, 5 red, 6 green, 7 white.
const HONOR = [0, 1, 2, 3, 4, 7, 6, 5];
const WINDS = { E: "east", S: "south", W: "west", N: "north" };
const SEASONS = ["spring", "summer", "autumn", "winter"];
const FLOWERS = ["plum", "lily", "chrysanthemum", "bamboo"];

function tile(n, suit) {
  return suit === "z"
    ? new Tile({ suit: "honor", value: HONOR[n] })
    : new Tile({ suit: SUITS[suit], value: n });
}

function parseGroup(text) {
  const tiles = [];
  let digits = [];
  for (const ch of text) {
    if (/[0-9]/.test(ch)) digits.push(Number(ch));
    else if ("mpsz".includes(ch)) {
      for (const n of digits) tiles.push(tile(n, ch));
      digits = [];
    }
  }
  return tiles;
}

function parseTiles(text) {
  const concealed = [];
  const melds = [];
  let open = false;
  for (const part of text.split(/([\[\]()])/)) {
    if (part === "[" || part === "(") open = part === "[" ? "open" : "closed";
    else if (part === "]" || part === ")") open = false;
    else if (open) melds.push({ tiles: parseGroup(part), opened: open === "open" });
    else concealed.push(...parseGroup(part));
  }
  return { concealed, melds };
}

function config(opts, melds) {
  const [seat, round, ...flags] = opts;
  const has = (f) => flags.includes(f);
  const numbers = (letter) => {
    const token = flags.find((f) => f[0] === letter && /^[fs][1-4]+$/.test(f));
    return token ? token.slice(1).split("").map(Number) : [];
  };
  const extraTiles = {};
  SEASONS.forEach((name, i) => { extraTiles[name] = numbers("s").includes(i + 1); });
  FLOWERS.forEach((name, i) => { extraTiles[name] = numbers("f").includes(i + 1); });
  return {
    selfPick: has("t"),
    fullyConcealedHand: melds.every((m) => !m.opened),
    robbingKong: has("rk"),
    winByLastCatch: has("lt"),
    winByKong: has("kr"),
    heavenlyHand: has("hv"),
    earthlyHand: has("ea"),
    seatWind: WINDS[seat],
    roundWind: WINDS[round],
    extraTiles,
    eightImmortalsCrossingTheSea: true,
    enableBonusFaanDueToZeroExtraTile: true,
  };
}

function fanOf(line) {
  const [text, optText] = line.split("|");
  const { concealed, melds } = parseTiles(text);
  const cfg = config(optText.trim().split(/\s+/), melds);
  const hand = new Hand({ tiles: concealed, melds: melds.map((m) => new Meld(m.tiles)) });
  const whole = FaanCalculator.calculate(hand, cfg);  // eight bonus tiles: before any reading
  if (whole.value === "∞") return "limit";
  let best = null;
  for (const reading of new ExplorerOfWinningPermutations(hand).getWinningPermutations()) {
    const value = FaanCalculator.calculate(reading, cfg).value;
    if (value === "∞") return "limit";
    best = best === null ? value : Math.max(best, value);
  }
  return best;
}

const lines = require("fs").readFileSync(0, "utf8").split("\n").filter((l) => l.trim());
const hands = lines.map((line) => [line, fanOf(line)]);
process.stdout.write('{"package": "hk-mahjong@3.2.0", "hands": [\n' +
  hands.map((h) => JSON.stringify(h)).join(",\n") + "\n]}\n");

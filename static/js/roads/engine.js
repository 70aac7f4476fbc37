// The scoreboard roads computed on the device: the same board as the Python engine's
// scoreboard() (baccarat/roads/scoreboard.py, rules in docs/roads.md), so the tracker draws
// every road with no network. Both engines are held to tests/data/road_vectors.json and to
// random shoes compared mark by mark (tests/e2e/test_roads_engine.py).
// Plain script, no build step: window.BaccaratRoads.board(hands).
(function () {
  "use strict";

  var ROWS = 6;
  var BANKER = "B", PLAYER = "P", TIE = "T";
  var RED = "red", BLUE = "blue";
  // The derived roads and how many columns back each one looks (k), in the engine's order.
  var DERIVED_ROADS = { big_eye_boy: 1, small_road: 2, cockroach_pig: 3 };
  var DERIVED_KEYS = ["big_eye_boy", "small_road", "cockroach_pig"];

  function asHand(hand, index) {
    var outcome = typeof hand === "string" ? hand : hand && hand.outcome;
    outcome = String(outcome || "").toUpperCase();
    if (outcome !== BANKER && outcome !== PLAYER && outcome !== TIE) {
      throw new Error("hand " + (index + 1) + ": " + JSON.stringify(outcome) +
        " is not an outcome; use B, P or T");
    }
    var point = hand && typeof hand === "object" && hand.point !== undefined ? hand.point : null;
    return {
      outcome: outcome,
      banker_pair: !!(hand && hand.banker_pair),
      player_pair: !!(hand && hand.player_pair),
      natural: !!(hand && hand.natural),
      point: point === null ? null : Number(point),
    };
  }

  // Big-Road placement with the dragon tail (place_streaks): for each streak, the [col, row]
  // of each of its beads. A streak goes down until the cell below is past the last row or
  // taken, then turns right along its row; each new streak starts at the top of the column
  // after the previous streak's start (further right if an earlier tail already holds it).
  function placeStreaks(lengths, rows) {
    rows = rows || ROWS;
    var taken = new Set();
    var key = function (col, row) { return col * 64 + row; };
    var placed = [];
    var start = -1;
    lengths.forEach(function (length) {
      start += 1;
      while (taken.has(key(start, 0))) {
        start += 1;
      }
      var col = start, row = 0;
      var cells = [[col, row]];
      taken.add(key(col, row));
      var turned = false;
      for (var step = 0; step < length - 1; step++) {
        if (!turned && row + 1 < rows && !taken.has(key(col, row + 1))) {
          row += 1;
        } else {
          turned = true;
          col += 1;
          while (taken.has(key(col, row))) {
            col += 1;
          }
        }
        cells.push([col, row]);
        taken.add(key(col, row));
      }
      placed.push(cells);
    });
    return placed;
  }

  // The mark `road` adds for the bead at 1-based (column, row) of the Big Road, `lengths`
  // the logical columns' lengths up to and including that bead; null before the road's
  // starting point (derived_mark).
  function derivedMark(road, lengths, column, row, hand) {
    var k = DERIVED_ROADS[road];
    if (column < k + 1 || (column === k + 1 && row < 2)) {
      return null;
    }
    if (row === 1) {
      // Rule 1: the column that just finished against the one k further back.
      var finished = column - 1, reference = column - 1 - k;
      var a = lengths[finished - 1], b = lengths[reference - 1];
      return {
        road: road, color: a === b ? RED : BLUE, rule: 1, column: column, row: row,
        compared: [[finished, a], [reference, b]], hand: hand,
      };
    }
    // Rule 2: red if column c-k reaches this row, or stopped more than one row above.
    var ref = column - k;
    var length = lengths[ref - 1];
    return {
      road: road, color: length === row - 1 ? BLUE : RED, rule: 2, column: column, row: row,
      compared: [[ref, length]], hand: hand,
    };
  }

  function derivedRoad(road, marks) {
    var streaks = [];
    marks.forEach(function (mark, index) {
      var last = streaks[streaks.length - 1];
      if (last && marks[last[last.length - 1]].color === mark.color) {
        last.push(index);
      } else {
        streaks.push([index]);
      }
    });
    var placed = placeStreaks(streaks.map(function (s) { return s.length; }));
    var cells = [];
    var width = 0;
    streaks.forEach(function (streak, column) {
      streak.forEach(function (index, depth) {
        var at = placed[column][depth];
        cells.push({
          col: at[0], row: at[1], color: marks[index].color, mark: index,
          column: column, depth: depth,
        });
        width = Math.max(width, at[0] + 1);
      });
    });
    return { key: road, k: DERIVED_ROADS[road], marks: marks, cells: cells, width: width };
  }

  // The mark each derived road would add if the next hand were `outcome` (_ask).
  function ask(lengths, last, outcome) {
    var marks = {};
    DERIVED_KEYS.forEach(function (road) { marks[road] = null; });
    if (last === null) {
      return marks;
    }
    var trial, column, row;
    if (outcome === last) {
      trial = lengths.slice(0, -1).concat([lengths[lengths.length - 1] + 1]);
      column = trial.length;
      row = trial[trial.length - 1];
    } else {
      trial = lengths.concat([1]);
      column = trial.length;
      row = 1;
    }
    DERIVED_KEYS.forEach(function (road) {
      marks[road] = derivedMark(road, trial, column, row, null);
    });
    return marks;
  }

  function count(hands, test) {
    return hands.reduce(function (n, hand) { return n + (test(hand) ? 1 : 0); }, 0);
  }

  // Every road, mark and count for a shoe's hands in dealing order (scoreboard): hands are
  // [{outcome: "B"|"P"|"T", player_pair, banker_pair, natural, point}] or letters.
  function board(hands) {
    var results = Array.prototype.map.call(hands || [], asHand);
    var beadPlate = results.map(function (h, i) {
      return {
        col: Math.floor(i / ROWS), row: i % ROWS, hand: i, outcome: h.outcome,
        banker_pair: h.banker_pair, player_pair: h.player_pair, natural: h.natural,
        point: h.point,
      };
    });

    // Logical columns: {outcome, beads: [hand index per bead], ties: [ties per bead]}.
    var streaks = [];
    var leadingTies = 0;
    var lengths = [];
    var marks = {};
    DERIVED_KEYS.forEach(function (road) { marks[road] = []; });
    var longest = { B: 0, P: 0 };
    results.forEach(function (hand, index) {
      var last = streaks[streaks.length - 1];
      if (hand.outcome === TIE) {
        if (last) {
          last.ties[last.ties.length - 1] += 1;
        } else {
          leadingTies += 1;
        }
        return;
      }
      if (last && last.outcome === hand.outcome) {
        last.beads.push(index);
        last.ties.push(0);
        lengths[lengths.length - 1] += 1;
      } else {
        // Ties before the first bead stay with it.
        streaks.push({ outcome: hand.outcome, beads: [index], ties: [last ? 0 : leadingTies] });
        lengths.push(1);
      }
      var length = lengths[lengths.length - 1];
      longest[hand.outcome] = Math.max(longest[hand.outcome], length);
      DERIVED_KEYS.forEach(function (road) {
        var mark = derivedMark(road, lengths, lengths.length, length, index);
        if (mark) {
          marks[road].push(mark);
        }
      });
    });

    var bigRoad = [];
    var bigRoadWidth = 0;
    var placed = placeStreaks(lengths);
    streaks.forEach(function (streak, number) {
      streak.beads.forEach(function (bead, depth) {
        var at = placed[number][depth];
        bigRoad.push({
          col: at[0], row: at[1], outcome: streak.outcome, ties: streak.ties[depth],
          column: number, depth: depth, hand: bead,
        });
        bigRoadWidth = Math.max(bigRoadWidth, at[0] + 1);
      });
    });
    if (!streaks.length && leadingTies) {
      bigRoad.push({
        col: 0, row: 0, outcome: null, ties: leadingTies, column: 0, depth: 0, hand: null,
      });
      bigRoadWidth = 1;
    }

    var lastStreak = streaks[streaks.length - 1];
    var last = lastStreak ? lastStreak.outcome : null;
    var derived = {};
    DERIVED_KEYS.forEach(function (road) { derived[road] = derivedRoad(road, marks[road]); });
    return {
      hands: results,
      bead_plate: beadPlate,
      columns: streaks.map(function (s) { return s.outcome.repeat(s.beads.length); }),
      big_road: bigRoad,
      derived: derived,
      ask: { banker: ask(lengths, last, BANKER), player: ask(lengths, last, PLAYER) },
      stats: {
        hands: results.length,
        banker: count(results, function (h) { return h.outcome === BANKER; }),
        player: count(results, function (h) { return h.outcome === PLAYER; }),
        tie: count(results, function (h) { return h.outcome === TIE; }),
        banker_pairs: count(results, function (h) { return h.banker_pair; }),
        player_pairs: count(results, function (h) { return h.player_pair; }),
        naturals: count(results, function (h) { return h.natural; }),
        current_streak: last === null ? null : [last, lengths[lengths.length - 1]],
        longest_banker: longest.B,
        longest_player: longest.P,
      },
      leading_ties: leadingTies,
      bead_plate_width: Math.ceil(results.length / ROWS),
      big_road_width: bigRoadWidth,
    };
  }

  // The two 1-based Big Road columns a mark's proof compares (Mark.columns_compared).
  function columnsCompared(mark) {
    if (mark.rule === 1) {
      return [mark.compared[0][0], mark.compared[1][0]];
    }
    return [mark.column, mark.compared[0][0]];
  }

  var roads = window.BaccaratRoads || {};
  roads.ROWS = ROWS;
  roads.DERIVED_ROADS = DERIVED_ROADS;
  roads.board = board;
  roads.placeStreaks = placeStreaks;
  roads.derivedMark = derivedMark;
  roads.columnsCompared = columnsCompared;
  window.BaccaratRoads = roads;
})();

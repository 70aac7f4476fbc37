// The five road SVGs redrawn on the device from a list of hands (engine.js), with the same
// markup the server draws (templates/scoreboard/road_*.html, scoreboard/boards.py), so a shoe
// recorded with no network looks, reads and links as it will once the server has it. Every
// word comes from the page (json_script "road-words", scoreboard/road_words.py).
//   BaccaratRoads.redraw(root, hands, words)  root: document or an element holding the roads
//   BaccaratRoads.proof(board, road, index, words)  a derived mark's proof sentence
(function () {
  "use strict";

  var roads = window.BaccaratRoads || (window.BaccaratRoads = {});
  var GAP = "\n      ";
  var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  var DERIVED_KEYS = ["big_eye_boy", "small_road", "cockroach_pig"];

  function escaped(value) {
    return String(value).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; });
  }

  // The server's own placeholders: %(name)s in the labels, {name} in the proofs.
  function percent(template, values) {
    return template.replace(/%%|%\((\w+)\)s/g, function (all, name) {
      return name ? String(values[name]) : "%";
    });
  }

  function braces(template, values) {
    return template.replace(/\{\{|\}\}|\{(\w+)\}/g, function (all, name) {
      return name ? String(values[name]) : all.charAt(0);
    });
  }

  function pageWords() {
    var data = document.getElementById("road-words");
    return data ? JSON.parse(data.textContent) : null;
  }

  function at(cell) {
    return ' transform="translate(' + cell.col + " " + cell.row + ')"';
  }

  function last(list) {
    return list.length ? list[list.length - 1] : null;
  }

  // "; Banker pairs: hands 3, 7; natural: hand 1" (flag_words).
  function flagWords(board, words) {
    var text = "";
    words.flags.forEach(function (clause) {
      var numbers = [];
      board.hands.forEach(function (hand, i) {
        if (hand[clause[0]]) {
          numbers.push(String(i + 1));
        }
      });
      if (numbers.length) {
        text += words.separators.parts + percent(numbers.length === 1 ? clause[1] : clause[2],
          { hands: numbers.join(words.separators.numbers) });
      }
    });
    return text;
  }

  function beadPlateLabel(board, words, flags, points) {
    var hands = board.stats.hands;
    var outcomes = board.hands.map(function (hand) {
      return words.bead_letters[hand.outcome] +
        (points && hand.point !== null ? String(hand.point) : "");
    }).join(" ");
    var labels = words.bead_plate_label;
    var label = !board.bead_plate.length ? labels.none : hands === 1 ? labels.one : labels.many;
    return percent(label, { count: hands, outcomes: outcomes }) + flags;
  }

  function bigRoadLabel(board, words, flags) {
    var labels = words.big_road_label;
    var count = board.columns.length;
    var columns = board.columns.map(function (column) {
      return column.split("").map(function (o) { return words.big_road_letters[o]; }).join("");
    }).join(words.separators.columns);
    var label = !count ? labels.none : count === 1 ? labels.one : labels.many;
    var ties = board.stats.tie;
    return percent(label, { count: count, columns: columns }) + words.separators.parts +
      percent(ties === 1 ? labels.tie : labels.ties, { count: ties }) + flags;
  }

  function setFrame(svg, newest, extent, columns, viewBox, label) {
    svg.setAttribute("data-newest", newest === null ? "" : String(newest));
    svg.setAttribute("data-extent", String(extent));
    svg.setAttribute("viewBox", viewBox.replace("N", columns));
    svg.setAttribute("style", "--cols: " + columns);
    svg.setAttribute("aria-label", label);
  }

  function drawBeadPlate(svg, board, words, flags) {
    // Points mode is the page's (a cookie the server read): its glyphs are on the page.
    var points = !!document.getElementById("point-B");
    var beads = board.bead_plate;
    var use = function (href, cell, cls) {
      return '<use href="' + href + '"' + at(cell) + ' class="' + cls + '"/>';
    };
    var withPoint = beads.filter(function (b) { return points && b.point !== null; });
    var html = GAP + '<rect width="999" height="6" fill="url(#road-grid)"/>' + GAP;
    if (points) {
      var lettered = withPoint.length ? beads.filter(function (b) { return b.point === null; })
        : beads;
      html += lettered.map(function (b) { return use("#bead-" + b.outcome, b, "bead"); }).join("");
      html += GAP + withPoint.map(function (b) {
        return use("#point-" + b.outcome, b, "bead") + use("#point-digit-" + b.point, b, "point");
      }).join("");
    } else {
      html += beads.map(function (b) { return use("#bead-" + b.outcome, b, "bead"); }).join("");
    }
    html += GAP;
    beads.forEach(function (b) {
      if (b.banker_pair) { html += use("#pair-banker", b, "pair"); }
      if (b.player_pair) { html += use("#pair-player", b, "pair"); }
    });
    html += GAP + beads.filter(function (b) { return b.natural; }).map(function (b) {
      return use("#natural-mark", b, "natural");
    }).join("") + "\n    ";
    svg.innerHTML = html;
    var newest = last(beads);
    setFrame(svg, newest && newest.col, board.bead_plate_width,
      Math.max(board.bead_plate_width + 1, words.min_columns.bead_plate), "0 0 N 6",
      beadPlateLabel(board, words, flags, points));
  }

  function drawBigRoad(svg, board, words, flags) {
    var cells = board.big_road.filter(function (c) { return c.outcome; });
    var ties = board.big_road.filter(function (c) { return c.ties; });
    var html = GAP + '<rect width="999" height="6" fill="url(#road-grid)"/>' + GAP + GAP +
      '<g class="compared-frames"></g>' + GAP + '<g class="column-numbers" aria-hidden="true">';
    cells.forEach(function (c) {
      if (c.depth === 0) {
        html += '<text x="' + c.col + '" dx=".5" y="-.12" class="column-number" data-column="' +
          (c.column + 1) + '">' + (c.column + 1) + "</text>";
      }
    });
    html += "</g>" + GAP + cells.map(function (c) {
      return '<use href="#ring-' + c.outcome + '"' + at(c) + ' class="big-road-cell"/>';
    }).join("") + GAP;
    // The Big Road shows a bead's pairs as the Bead Plate does (a tie's are on the Bead Plate).
    cells.forEach(function (c) {
      var hand = board.hands[c.hand];
      if (hand.banker_pair) { html += '<use href="#pair-banker"' + at(c) + ' class="pair"/>'; }
      if (hand.player_pair) { html += '<use href="#pair-player"' + at(c) + ' class="pair"/>'; }
    });
    html += GAP;
    ties.forEach(function (c) {
      html += '<use href="#tie-slash"' + at(c) + ' class="' + (c.outcome ? "tie" : "leading-ties") +
        '"/>' + (c.ties > 1 ? "<text" + at(c) + ' dx=".2" dy=".34" class="tie-count">' + c.ties +
        "</text>" : "") + GAP;
    });
    svg.innerHTML = html + "\n    ";
    var newest = last(cells);
    setFrame(svg, newest ? newest.col : ties.length ? 0 : null, board.big_road_width,
      Math.max(board.big_road_width + 2, words.min_columns.big_road), "0 -.5 N 6.5",
      bigRoadLabel(board, words, flags));
  }

  function marksUrl(words) {
    return words.marks_url || window.location.pathname.replace(/\/?$/, "/") + "marks/";
  }

  function drawDerived(svg, board, key, words) {
    var road = board.derived[key];
    var url = marksUrl(words) + key + "/";
    var html = GAP + '<rect width="999" height="6" fill="url(#road-grid)"/>' + GAP +
      '<g class="column-numbers" aria-hidden="true">';
    road.cells.forEach(function (c) {
      if (c.depth === 0) {
        html += '<text x="' + c.col + '" dx=".5" y="-.1" class="column-number">' +
          (c.column + 1) + "</text>";
      }
    });
    html += "</g>" + GAP;
    road.cells.forEach(function (c) {
      var mark = road.marks[c.mark];
      var label = percent(words.mark_labels[mark.color],
        { column: c.column + 1, bead_column: mark.column, bead_row: mark.row });
      html += '<a href="' + escaped(url + c.mark + "/") + '" class="mark"' + at(c) +
        ' aria-label="' + escaped(label) + '"><use href="#' + key + "-" + mark.color + '"/></a>';
    });
    svg.innerHTML = html + "\n    ";
    var count = road.marks.length;
    // The caption counts the marks too.
    var figure = svg.closest("figure");
    var note = figure && figure.querySelector("figcaption .road-note");
    if (note && words.derived_note) {
      note.textContent = percent(count === 1 ? words.derived_note.one : words.derived_note.many,
        { glyph: words.glyphs[key], marks: count });
    }
    var newest = last(road.cells);
    setFrame(svg, newest && newest.col, road.width,
      Math.max(road.width + 2, words.min_columns.derived), "0 -.5 N 6.5",
      percent(count === 1 ? words.derived_label.one : words.derived_label.many,
        { road: words.road_names[key], marks: count }));
  }

  // The road SVGs under `root`: ids "road-<key>" (the tracker's), else "<prefix>road-<key>"
  // as a page with several boards writes them (road_ids): the first board found is drawn.
  function findRoads(root) {
    var big = root.querySelector('svg[id="road-big_road"], svg[id="road-bead_plate"]') ||
      root.querySelector('svg[id$="road-big_road"], svg[id$="road-bead_plate"]');
    var prefix = big ? big.id.replace(/road-(big_road|bead_plate)$/, "") : "";
    var found = {};
    ["bead_plate", "big_road"].concat(DERIVED_KEYS).forEach(function (key) {
      found[key] = root.querySelector('[id="' + prefix + "road-" + key + '"]');
    });
    return found;
  }

  // Redraws the five roads under `root` for `hands` (board(hands)'s input); `words` the
  // page's road-words when not given. Returns the board drawn.
  function redraw(root, hands, words) {
    root = root || document;
    words = words || pageWords();
    if (!words) {
      throw new Error("BaccaratRoads.redraw: no road words (json_script road-words)");
    }
    var board = roads.board(hands);
    var svgs = findRoads(root);
    var flags = flagWords(board, words);
    if (svgs.bead_plate) { drawBeadPlate(svgs.bead_plate, board, words, flags); }
    if (svgs.big_road) { drawBigRoad(svgs.big_road, board, words, flags); }
    DERIVED_KEYS.forEach(function (key) {
      if (svgs[key]) { drawDerived(svgs[key], board, key, words); }
    });
    // These roads are the device's now: their marks' proofs are read from this board
    // (drawnFor), which may hold hands the server has not seen.
    drawn = { board: board, words: words, svgs: DERIVED_KEYS.map(function (key) {
      return svgs[key];
    }) };
    document.dispatchEvent(new CustomEvent("roads:redrawn", { detail: { board: board } }));
    return board;
  }

  var drawn = null;

  // {board, words} when the device drew the derived road `svg` last, else null (the server
  // drew it: a board htmx swapped in is new SVGs).
  function drawnFor(svg) {
    if (drawn && svg && svg.isConnected && drawn.svgs.indexOf(svg) >= 0) {
      return drawn;
    }
    return null;
  }

  // The sentence that decides a derived mark (Mark.proof_in), in the words' language.
  function proof(board, road, index, words) {
    words = words || pageWords();
    var mark = board.derived[road].marks[index];
    if (!mark) {
      return null;
    }
    if (mark.rule === 1) {
      var a = mark.compared[0][1], b = mark.compared[1][1];
      var key = [a === 1, b === 1, a === b].map(Number).join(",");
      return braces(words.rule_1_proofs[key], {
        column: mark.column, finished: mark.compared[0][0], a: a,
        reference: mark.compared[1][0], b: b,
      });
    }
    var length = mark.compared[0][1];
    var verdict = length >= mark.row ? "red" : length === mark.row - 1 ? "blue" : "above";
    return braces(words.rule_2_proofs[verdict + "," + Number(length === 1)], {
      column: mark.column, row: mark.row, reference: mark.compared[0][0], length: length,
    });
  }

  // A mark's proof as it opens over the board, the same markup as the server's
  // (templates/tracker/mark.html#proof, scoreboard.boards.proof_context): the title, the
  // sentence, the two Big Road columns compared and the cells to frame (as the board was
  // when the mark was made), and the slip to watch out for. Null when there is no such mark.
  function proofPanel(board, road, index, words) {
    words = words || pageWords();
    var derived = board.derived[road];
    var mark = derived && derived.marks[index];
    if (!mark) {
      return null;
    }
    var said = words.proof;
    var cell = derived.cells.filter(function (c) { return c.mark === index; })[0];
    var compared = roads.columnsCompared(mark);
    var then = roads.board(board.hands.slice(0, mark.hand + 1));
    var frames = then.big_road.filter(function (c) {
      return c.outcome && compared.indexOf(c.column + 1) >= 0;
    }).map(function (c) { return c.col + "," + c.row; }).join(" ");
    var title = percent(said.title, {
      road: escaped(words.road_names[road]), number: index + 1, total: derived.marks.length,
      column: cell.column + 1, color: escaped(said.colors[mark.color]),
      symbol: escaped(said.symbols[mark.color]),
    });
    var watchOut = braces(said.watch_out[mark.rule], { back: derived.k + 1 });
    return '\n<article class="proof" data-frames="' + frames + '" data-columns="' +
      compared.join(" ") + '">\n  <p class="proof-title"><svg class="glyph" viewBox="0 0 1 1" ' +
      'aria-hidden="true" focusable="false"><use href="#' + road + "-" + mark.color +
      '"/></svg>\n    <strong>' + title + '</strong></p>\n  <p class="proof-text">' +
      escaped(proof(board, road, index, words)) + '</p>\n  <p class="proof-frames">' +
      percent(said.frames, { first: compared[0], second: compared[1] }) +
      '</p>\n  <p class="watch-out">' +
      percent(said.watch_out_line, { watch_out: escaped(watchOut) }) + "</p>\n</article>\n";
  }

  roads.redraw = redraw;
  roads.drawnFor = drawnFor;
  roads.proofPanel = proofPanel;
  roads.proof = proof;
  roads.flagWords = flagWords;
})();

// The card keypad's hand dealt on this device when the site cannot be reached
// (templates/tracker/shoe.html; the server's side is tracker/keypad.py; docs/offline.md).
// - BaccaratDealing.dealt(tokens, data): the hand so far, as baccarat/teaching/dealing.py's
//   dealt() makes it, from the rules shipped as data (json_script "tableau-data",
//   tracker/dealing_data.py): the tableau, the Player's rule, the naturals, the dealing order
//   and the ranks' values are read from there, never typed here.
// - Online the server deals every key and stays the judge. A key is dealt here instead when
//   it gets no answer (htmx:sendError, none within the keypad form's hx-request timeout, or
//   a gateway's 502, 503 or 504),
//   or when the page already knows it would get none or must wait its turn: the browser
//   says it is offline, or window.TrackerQueue's last request failed or it still has hands
//   waiting (a hand recorded now would overtake them). The rest of a hand begun here is
//   dealt here too, without waiting for each key's timeout; the next hand asks the server.
// - The hand so far is drawn with the server's own markup (templates/tracker/
//   dealing_data.html) and words (json_script "keypad-words"); ⌫ takes the last card back,
//   Undo clears the cards, and keypad-keep.js keeps them on the device as it does the
//   server's ("tracker:keypad-changed").
// - A finished hand goes to window.TrackerQueue.add(...), which sends it in order when the
//   network allows, under the key the keypad's form had (so that a last card whose answer
//   was lost records its hand once), and the keypad empties. With no queue on the page the
//   hand's last card is not taken, and the page says so: nothing is lost.
(function () {
  "use strict";
  var fill = window.Sentences.fill; // sentences.js
  var newKey = window.HandKeys.next; // hand-keys.js

  function refusal(code, token) {
    var error = new Error(code);
    error.code = code; // "rank": not a key's rank; "over": a card after the hand's end
    error.token = token;
    return error;
  }

  var valuesOf = new WeakMap(); // each rank's value, read once from the data it came with

  function rankValues(data) {
    var values = valuesOf.get(data);
    if (!values) {
      values = Object.create(null);
      data.ranks.forEach(function (rank) { values[rank.rank] = rank.value; });
      valuesOf.set(data, values);
    }
    return values;
  }

  function dealt(tokens, data) {
    var values = rankValues(data);
    tokens = Array.prototype.slice.call(tokens);
    tokens.forEach(function (token) {
      if (typeof token !== "string" || !(token in values)) {
        throw refusal("rank", token);
      }
    });
    if (tokens.length > data.max_cards) {
      throw refusal("over");
    }
    var cards = { player: [], banker: [] };
    function seatOf(needs) {
      return needs.split("_")[0];
    }
    function total(seat) {
      var sum = 0;
      cards[seat].forEach(function (token) { sum += values[token]; });
      return cards[seat].length ? sum % 10 : null;
    }
    function natural(two) {
      return two !== null && data.naturals.indexOf(two) >= 0;
    }
    function draws(rule, two) {
      return rule.charAt(two) === data.draw;
    }
    tokens.slice(0, data.opening.length).forEach(function (token, index) {
      cards[seatOf(data.opening[index])].push(token);
    });
    var opened = tokens.length >= data.opening.length;
    var p = opened || cards.player.length === 2 ? total("player") : null;
    var b = opened ? total("banker") : null;
    var needs = null;
    var used = tokens.length;
    var isNatural = natural(p) || natural(b);
    if (!opened) {
      needs = data.opening[tokens.length];
    } else if (!isNatural) {
      used = data.opening.length;
      var third = null;
      var playerDraws = draws(data.player_rule, p);
      if (playerDraws && tokens.length > used) {
        third = values[tokens[used]];
        cards.player.push(tokens[used]);
        used += 1;
      } else if (playerDraws) {
        needs = "player_third";
      }
      if (!needs) {
        var bankerDraws = playerDraws
          ? draws(data.tableau[b], third)
          : draws(data.banker_when_player_stood, b);
        if (bankerDraws && tokens.length > used) {
          cards.banker.push(tokens[used]);
          used += 1;
        } else if (bankerDraws) {
          needs = "banker_third";
        }
      }
    } else {
      used = data.opening.length;
    }
    if (tokens.length > used) {
      throw refusal("over", tokens[used]);
    }
    var complete = opened && needs === null;
    var player = total("player");
    var banker = total("banker");
    var outcome = null;
    if (complete) {
      outcome = player === banker ? "T" : player > banker ? "P" : "B";
    }
    function pair(seat) {
      return cards[seat].length >= 2 && cards[seat][0] === cards[seat][1];
    }
    return {
      tokens: tokens,
      complete: complete,
      // Which card is due: "player_second" is { seat: "player", card: 2 }.
      due: needs && {
        needs: needs,
        seat: seatOf(needs),
        card: ["first", "second", "third"].indexOf(needs.split("_")[1]) + 1,
      },
      player: { cards: cards.player, total: player },
      banker: { cards: cards.banker, total: banker },
      outcome: outcome,
      // A natural is known as soon as the Player's two cards make one (the hand then needs
      // only the Banker's second card), as baccarat.game.rules says.
      natural: isNatural,
      player_pair: pair("player"),
      banker_pair: pair("banker"),
      point: complete ? (outcome === "B" ? banker : player) : null,
    };
  }

  function format(text, values) { // Python's str.format, for the engine's sentences
    return text.replace(/\{(\w+)\}/g, function (whole, name) { return values[name]; });
  }

  // DealtHand.summary: "Banker wins 7 to 6; a natural", from the engine's words.
  function summary(hand, words) {
    var said = words.summary;
    var p = hand.player.total;
    var b = hand.banker.total;
    var result = hand.outcome === "T" ? format(said.tie, { total: p })
      : hand.outcome === "B" ? format(said.banker, { banker: b, player: p })
      : format(said.player, { player: p, banker: b });
    var extras = said.extras.filter(function (extra) { return hand[extra[0]]; })
      .map(function (extra) { return extra[1]; });
    if (!extras.length) {
      return result;
    }
    var listed = extras.length === 1 ? extras[0] : format(said.and, {
      items: extras.slice(0, -1).join(said.separator),
      last: extras[extras.length - 1],
    });
    return format(said.with, { summary: result, extras: listed });
  }

  window.BaccaratDealing = { dealt: dealt, summary: summary };

  var form = document.querySelector(".card-keypad-form");
  var dataNode = document.getElementById("tableau-data");
  var wordsNode = document.getElementById("keypad-words");
  if (!form || !dataNode || !wordsNode || !window.crypto) {
    return;
  }
  var data = JSON.parse(dataNode.textContent);
  var words = JSON.parse(wordsNode.textContent);
  var handHere = false; // this hand began on the device: the rest of it is dealt here too

  function queue() {
    return window.TrackerQueue || null;
  }

  function offline() {
    var q = queue();
    return handHere || navigator.onLine === false || Boolean(q && (
      (typeof q.online === "function" && !q.online()) ||
      (typeof q.pending === "function" && q.pending() > 0)));
  }

  function part(selector) {
    var template = document.querySelector("template[" + selector + "]");
    return template.content.cloneNode(true);
  }

  function say(text, error) {
    var status = document.getElementById("tracker-status");
    if (!status) {
      return;
    }
    status.textContent = "";
    if (!error) {
      status.textContent = text;
      return;
    }
    var line = document.createElement("p");
    line.className = "error";
    line.textContent = text;
    status.appendChild(line);
  }

  // The hand so far, drawn as templates/tracker/shoe.html#keypad_hand and #undo_what draw it.
  function show(hand) {
    var box = document.getElementById("keypad-hand");
    var cards = hand.tokens.join(" ");
    box.querySelector('input[name="cards"]').value = cards;
    // A new key with every redraw of the hand, as the server draws one.
    box.querySelector('input[name="idempotency_key"]').value = newKey();
    var seats = box.querySelectorAll(".dealt-seat");
    ["player", "banker"].forEach(function (seat, index) {
      var line = seats[index];
      var name = line.querySelector(".seat-name");
      while (name.nextSibling) {
        line.removeChild(name.nextSibling);
      }
      hand[seat].cards.forEach(function (token) {
        line.appendChild(document.createTextNode(" "));
        line.appendChild(part('data-keypad-card="' + token + '"'));
      });
      if (hand.due && hand.due.seat === seat) {
        line.appendChild(document.createTextNode(" "));
        line.appendChild(part('data-keypad-part="due"'));
      }
    });
    var next = document.getElementById("keypad-next");
    next.textContent = fill(words.next, { card: hand.due ? words.needs[hand.due.needs] : "" });
    if (!hand.tokens.length) {
      next.appendChild(part('data-keypad-part="why"'));
    }
    var undo = document.getElementById("undo-what");
    if (undo) {
      undo.querySelector('input[name="cards"]').value = cards;
      var button = undo.querySelector("button.undo");
      button.textContent = "";
      button.appendChild(part('data-keypad-part="' + (cards ? "undo-cards" : "undo-hand") + '"'));
    }
    if (!cards) {
      handHere = false;
    }
    document.dispatchEvent(new CustomEvent("tracker:keypad-changed", {
      detail: { tokens: hand.tokens },
    }));
  }

  function label(token) {
    var rank = data.ranks.filter(function (each) { return each.rank === token; })[0];
    return rank ? rank.label : token;
  }

  function handsKnown() {
    var q = queue();
    var waiting = q && typeof q.pending === "function" ? q.pending() : 0;
    var shoe = document.getElementById("board-hands");
    if (shoe) {
      try {
        return JSON.parse(shoe.textContent).length + waiting;
      } catch (error) {
        // unreadable: counted from the Bead Plate below
      }
    }
    var plate = document.getElementById("road-bead_plate");
    return (plate ? plate.querySelectorAll("use.bead").length : 0) + waiting;
  }

  function finish(hand, key) {
    var q = queue();
    if (!q || typeof q.add !== "function") {
      // Nowhere to keep the hand: its last card is not taken, so a key pressed once the
      // signal is back records it (the server deals that key again).
      var last = hand.tokens[hand.tokens.length - 1];
      show(dealt(hand.tokens.slice(0, -1), data));
      handHere = false;
      say(fill(words.not_sent, { card: label(last) }), true);
      return;
    }
    var number = handsKnown() + 1;
    q.add({
      outcome: hand.outcome,
      player_pair: hand.player_pair,
      banker_pair: hand.banker_pair,
      natural: hand.natural,
      cards: hand.tokens,
      point: hand.point, // the winning total, for a Bead Plate that shows points
      key: key,
    });
    show(dealt([], data));
    say(fill(words.status, { number: number, summary: summary(hand, words) }));
  }

  function refuse(error) {
    var problem = error.code === "over" ? words.over : words.rank;
    say(fill(words.refused, { problem: problem }), true);
  }

  // One key, as tracker/keypad.py's deal() and hand_after() take it (`ask`: what the form
  // sent: the cards so far, which key, the form's idempotency key).
  function handle(ask) {
    var tokens = ask.cards.split(/\s+/).filter(Boolean);
    var hand;
    try {
      hand = dealt(tokens, data);
    } catch (error) {
      if (ask.action === "restore") { // kept cards that are not a hand: forgotten
        show(dealt([], data));
      } else {
        refuse(error);
      }
      return;
    }
    if (ask.action === "clear") {
      show(dealt([], data));
      say(words.cleared);
      return;
    }
    if (ask.action === "back") {
      if (!tokens.length) {
        say(words.nothing_back, true);
        return;
      }
      show(dealt(tokens.slice(0, -1), data));
      return;
    }
    if (ask.action === "restore") {
      show(hand.complete ? dealt([], data) : hand);
      return;
    }
    try {
      if (hand.complete) {
        throw refusal("over");
      }
      hand = dealt(tokens.concat([ask.card]), data);
    } catch (error) {
      refuse(error);
      return;
    }
    if (hand.complete) {
      finish(hand, ask.key);
    } else {
      show(hand);
    }
  }

  // The keypad's own requests, and Undo's while there are cards on the keypad (it clears
  // them, and needs no server to do so); any other request is none of this script's.
  function asked(event) {
    var target = event.target;
    var kind = target.closest && (target.closest(".card-keypad-form") ? "keypad"
      : target.closest(".undo-form") ? "undo" : null);
    var config = event.detail.requestConfig || event.detail;
    if (!kind || !config.formData) {
      return null;
    }
    var values = config.formData;
    function value(name) {
      var got = values.get(name);
      return got === null ? "" : String(got);
    }
    var ask = {
      cards: value("cards"),
      card: value("card"),
      key: value("idempotency_key"),
      action: kind === "undo" || values.has("clear") ? "clear"
        : values.has("back") ? "back" : values.has("restore") ? "restore" : "card",
    };
    if (kind === "undo" && !ask.cards.trim()) {
      return null; // Undo of a hand: the server's (or the queue's)
    }
    return ask;
  }

  // Known to be offline, or behind hands still waiting: dealt here, nothing sent.
  document.addEventListener("htmx:configRequest", function (event) {
    var ask = offline() && asked(event);
    if (ask) {
      event.preventDefault();
      handle(ask);
    }
  });

  // No answer: dealt here, and refusals.js's notice (which cannot tell whether a request
  // that got no answer was saved) is taken back, as nothing was lost. This listener runs
  // after refusals.js's (both on document, that one added first).
  function unanswered(event) {
    var ask = asked(event);
    if (!ask) {
      return;
    }
    handHere = ask.action !== "restore"; // a reload's redraw is no key: the next one may ask
    handle(ask);
    var notice = document.getElementById("request-error");
    if (notice) {
      notice.hidden = true;
    }
  }
  document.addEventListener("htmx:sendError", unanswered);
  document.addEventListener("htmx:timeout", unanswered);
  // A gateway's answer that the site is out of reach (a proxy's or a captive portal's 502,
  // 503 or 504; the site's own 503 while its database is) recorded nothing either.
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 502 || status === 503 || status === 504) {
      unanswered(event);
    }
  });

  // A keypad with no server behind it (its keys and Undo carry no hx-post: a page only the
  // device draws, such as a shoe started with no signal): every key is dealt here, and Undo
  // with cards on the keypad clears them (with none, the queue undoes the last hand).
  document.addEventListener("click", function (event) {
    var button = event.target.closest &&
      event.target.closest(".card-keypad-keys button, .undo-form button");
    if (!button || button.hasAttribute("hx-post") || button.form.hasAttribute("hx-post")) {
      return;
    }
    var box = document.getElementById("keypad-hand");
    var cards = box.querySelector('input[name="cards"]').value;
    var undo = Boolean(button.closest(".undo-form"));
    if (undo && !cards.trim()) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    handle({
      cards: cards,
      card: button.value,
      key: box.querySelector('input[name="idempotency_key"]').value,
      action: undo ? "clear" : button.name === "back" ? "back" : "card",
    });
  }, true);

  // Cards kept on the device for a keypad with no server behind it (keypad-keep.js).
  window.BaccaratDealing.restore = function (cards) {
    handle({ cards: cards, card: "", key: "", action: "restore" });
  };

  // A hand so far the server drew (an answer, Undo's) is the server's again.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "keypad-hand") {
      handHere = false;
    }
  });
})();

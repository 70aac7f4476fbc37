// Python's % with names ("%(count)s hands waiting"), for the sentences the scripts say: those
// of the JavaScript catalogue (gettext) and those the views hand them as data. Loaded before
// every other script of the site (base.html), so that each fills a sentence the same way.
(function () {
  "use strict";

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, name) { return values[name]; });
  }

  window.Sentences = { fill: fill };
})();

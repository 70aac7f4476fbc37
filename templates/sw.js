{% comment %}The service worker, served at /sw.js (baccarat_site/service_worker.py). Its rules and the reasons for them: docs/offline.md, "Installing and the service worker".{% endcomment %}// Baccarat School's service worker: the tracker with no signal.
"use strict";
const CONFIG = {{ config|safe }};
const VERSION = CONFIG.version;
// Every cache is named after the site's version, and a new version deletes the old ones: a
// page is always served with the scripts of its own version.
const SHELL = "shell-" + VERSION;
const PAGES = "pages-" + VERSION;
const OURS = /^(?:shell|pages)-/;
const TRACKER_PAGE = new RegExp(CONFIG.trackerPages);
const NEVER = new RegExp(CONFIG.never);
const CARRIED = 20; // the old version's kept pages fetched again by a new one, at most

function fresh(url) {
  // Past the browser's HTTP cache: the copy kept is the server's of this version.
  return new Request(url, { cache: "reload", credentials: "same-origin" });
}

function storable(response) {
  // A response that followed a redirect cannot answer a navigation: keep its body alone.
  if (!response.redirected) {
    return response;
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const shell = await caches.open(SHELL);
    // The static files must all arrive: a worker without them would open pages it cannot run.
    await shell.addAll(CONFIG.shell.map(fresh));
    // Pages are worth having, not worth failing for (a server error, a slow answer): a page
    // missing now is kept on its first visit.
    await Promise.all(CONFIG.pages.map((url) => fetch(fresh(url)).then((response) => {
      if (response.ok) {
        return shell.put(url, storable(response));
      }
      return undefined;
    }).catch(() => undefined)));
    // The tracker pages the old version kept, kept again as this version draws them: a shoe
    // opened before the deploy still opens with no signal after it (the newest first, a few).
    const pages = await caches.open(PAGES);
    const before = [];
    for (const name of await caches.keys()) {
      if (name.startsWith("pages-") && name !== PAGES) {
        before.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
      }
    }
    await Promise.all([...new Set(before)].reverse().slice(0, CARRIED).map((url) =>
      fetch(fresh(url)).then((response) => {
        if (response.ok && !response.redirected) {
          return pages.put(url, response);
        }
        return undefined;
      }).catch(() => undefined)));
    // Take over at once: pages of the old version are told (their scripts show a notice and
    // reload when nothing is waiting to be sent), and the server refuses their writes.
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => OURS.test(name) && name !== SHELL && name !== PAGES)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    windows.forEach((client) => client.postMessage({ type: "site-version", version: VERSION }));
  })());
});

function languageOf(pathname) {
  for (const [language, prefix] of Object.entries(CONFIG.prefixes)) {
    if (pathname.startsWith(prefix)) {
      return language;
    }
  }
  return Object.keys(CONFIG.words)[0];
}

async function kept(url) {
  const options = { ignoreVary: true };
  return (await (await caches.open(PAGES)).match(url, options)) ||
    (await (await caches.open(SHELL)).match(url, options));
}

function escaped(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function noSignal(language) {
  const words = CONFIG.words[language];
  const html = "<!doctype html><html lang=\"" + escaped(words.lang) + "\"><head>" +
    "<meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
    "<title>" + escaped(words.title) + "</title></head><body><main><h1>" + escaped(words.title) +
    "</h1><p>" + escaped(words.text) + " <a href=\"" + escaped(words.href) + "\">" +
    escaped(words.link) + "</a></p></main></body></html>";
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function keep(event, url, response) {
  if (response.ok && response.type === "basic" && TRACKER_PAGE.test(new URL(url).pathname)) {
    const copy = response.clone();
    event.waitUntil(caches.open(PAGES).then((cache) => cache.put(url, copy)));
  }
  return response;
}

function after(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

// A page: the network first. No answer at all: the device's copy of that page, else the
// tracker's offline page in the page's language, else a few words. A slow answer: the copy
// after CONFIG.timeout, if there is one; without one, keep waiting (a slow page is better
// than no page).
async function page(event) {
  const request = event.request;
  const url = new URL(request.url);
  const network = fetch(request).then((response) => keep(event, request.url, response));
  network.catch(() => undefined); // a failure after the copy was served is no error
  const copy = kept(request.url);
  try {
    return await Promise.race([
      network,
      after(CONFIG.timeout).then(async () => (await copy) || network),
    ]);
  } catch (error) {
    const language = languageOf(url.pathname);
    const offline = CONFIG.offline[language];
    return (await copy) || (offline && (await kept(offline))) || noSignal(language);
  }
}

// A static file: the device's copy first (their names change with their contents in
// production, and this version's cache holds this version's files).
async function staticFile(event) {
  const cache = await caches.open(SHELL);
  const copy = await cache.match(event.request);
  if (copy) {
    return copy;
  }
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") {
    const stored = response.clone();
    event.waitUntil(cache.put(event.request, stored));
  }
  return response;
}

// Anything else read (htmx's partials, the scripts' sentences): the network, else a copy.
async function other(event) {
  try {
    return await fetch(event.request);
  } catch (error) {
    const copy = await kept(event.request.url);
    if (copy) {
      return copy;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") {
    return; // writes go to the server as they are, or fail as they would
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) {
    return;
  }
  if (url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(staticFile(event));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else {
    event.respondWith(other(event));
  }
});

// A page that changed on the server while it was open (a hand recorded) asks for its copy to
// be kept again, so that it reopens as it was left.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep-page" || typeof data.url !== "string") {
    return;
  }
  const url = new URL(data.url, self.location.origin);
  if (url.origin !== self.location.origin || !TRACKER_PAGE.test(url.pathname)) {
    return;
  }
  event.waitUntil(fetch(fresh(url.href)).then((response) => {
    if (response.ok && !response.redirected) {
      return caches.open(PAGES).then((cache) => cache.put(url.href, response));
    }
    return undefined;
  }).catch(() => undefined));
});

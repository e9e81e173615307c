// Mesa's spectator page: follows the game live (server-sent events) and steps through earlier positions.
// Everything it writes goes in as text (textContent), never as HTML.
"use strict";

(() => {
  const body = document.body;
  const token = body.dataset.token;
  const lang = body.dataset.lang;
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  const slider = $("slider");
  let snapshot = null; // the live position's data, as the last event sent it
  let shown = null; // the step on screen when it is not the live one
  let source = null;
  let broken = 0; // streams that failed in a row (for the wait before trying again)

  const url = (path) => `${token}/${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}`;

  function say(state, text) {
    const live = $("live");
    live.className = `live ${state}`;
    live.textContent = text;
  }

  function item(tag, text, className) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    el.textContent = text;
    return el;
  }

  function show(position) {
    if (board.getAttribute("src") !== position.image) board.src = position.image;
    $("full").href = position.full; // a tap opens the picture full size, to pinch and zoom
    board.alt = position.alt;
    $("caption").textContent = position.caption;
    $("lines").textContent = position.lines.join(" ");
    slider.max = position.total;
    slider.value = position.step;
    $("earlier").hidden = position.step === position.total;
    $("first").disabled = $("prev").disabled = position.step === 0;
    $("next").disabled = $("last").disabled = position.step >= position.total;
    if (spots) spots.hidden = shown !== null; // the things to click on are the live position's
  }

  function render(data) {
    const moved = snapshot !== null && snapshot.version !== data.version;
    snapshot = data;
    $("title").textContent = data.title;
    $("status").textContent = data.status;
    $("turn").replaceChildren(...data.turn.map((line) => item("li", line)));
    $("players").replaceChildren(
      ...data.players.map((p) => {
        const li = item("li", "", p.acting ? "player acting" : "player");
        li.append(item("bdi", p.name, "name"), item("span", p.score, "score")); // a name's direction is its own
        return li;
      }),
    );
    const log = data.log.length
      ? data.log.map((line) => {
          const li = item("li", "", line.step === null ? "undone" : "move");
          if (line.step !== null) {
            li.dataset.step = line.step;
            li.tabIndex = 0; // a move is reached by keyboard too (Enter or Space shows it)
          }
          li.append(item("span", line.step === null ? "" : String(line.step), "n"), ` ${line.text}`);
          return li;
        })
      : [item("li", body.dataset.noMoves, "empty")];
    $("log").replaceChildren(...log);
    if (moved) {
      $("log").scrollTop = 0; // the newest move, first, in view
      $("announce").textContent = data.live.lines.join(" "); // and said to a screen reader
    }
    if (data.over) {
      source?.close();
      say("off", body.dataset.over);
    }
    renderMine(data);
    if (shown === null) {
      show(data.live);
    } else {
      slider.max = data.live.total;
      $("next").disabled = $("last").disabled = shown >= data.live.total;
    }
  }

  async function go(step) {
    if (!snapshot) return;
    const total = snapshot.live.total;
    step = Math.max(0, Math.min(total, step));
    if (step === total) {
      shown = null;
      show(snapshot.live);
      return;
    }
    shown = step;
    slider.value = step;
    const version = snapshot.version;
    const answer = await fetch(url(`step/${step}?v=${version}`), { cache: "no-store" });
    if (!answer.ok || shown !== step) return;
    show(await answer.json());
  }

  function connect() {
    source = new EventSource(url("events"));
    source.addEventListener("open", () => {
      broken = 0;
      say("on", body.dataset.live);
    });
    source.addEventListener("game", (event) => {
      const data = JSON.parse(event.data);
      if (!data.over) say("on", body.dataset.live);
      render(data); // (a game over closes the stream and says so)
    });
    // The server cannot read the game just now (its database is out of reach): it goes on by itself.
    source.addEventListener("waiting", () => say("off", body.dataset.reconnecting));
    source.addEventListener("gone", () => {
      source.close();
      say("off", body.dataset.gone);
    });
    source.addEventListener("error", async () => {
      if (snapshot?.over) return;
      say("off", body.dataset.reconnecting);
      if (source.readyState === EventSource.CLOSED) {
        // A link replaced while the page was away answers 404: it is over, no more tries.
        const page = await fetch(window.location.href, { method: "HEAD", cache: "no-store" }).catch(() => null);
        if (page?.status === 404) {
          say("off", body.dataset.gone);
          return;
        }
        // Refused (too many open views, or the server restarting): try again later, a little later each time.
        broken += 1;
        setTimeout(connect, Math.min(60000, 2000 * 2 ** broken));
      }
    });
  }

  // -- a signed-in player's page: their choices, sent without leaving the page --------------------------
  const play = $("play");

  function choicesOf(mine) {
    // The same forms the server writes (they work without this script too), each control with its action id.
    const forms = mine.groups.map((group, n) => {
      const form = document.createElement("form");
      form.className = group.menu ? "choices menu" : "choices";
      form.method = "post";
      form.setAttribute("action", `${token}/act`);
      for (const [name, value] of [["version", play.dataset.version], ["csrf", play.dataset.csrf]]) {
        const hidden = document.createElement("input");
        Object.assign(hidden, { type: "hidden", name, value });
        form.append(hidden);
      }
      const text = (c) => (c.emoji ? `${c.emoji} ${c.label}` : c.label);
      if (!group.menu) {
        for (const c of group.choices) {
          const button = item("button", text(c), `choice ${c.style}`);
          Object.assign(button, { type: "submit", name: "action", value: c.id });
          button.dataset.action = c.id;
          form.append(button);
        }
        return form;
      }
      const label = item("label", group.title || "");
      label.htmlFor = `menu-${n}`;
      const select = document.createElement("select");
      Object.assign(select, { id: `menu-${n}`, name: "action" });
      for (const c of group.choices) {
        const option = item("option", text(c));
        option.value = c.id;
        option.dataset.action = c.id;
        select.append(option);
      }
      const submit = item("button", play.dataset.playLabel, "choice primary");
      submit.type = "submit";
      form.append(label, select, submit);
      return form;
    });
    $("choices").replaceChildren(...forms);
  }

  function renderMine(data) {
    renderSpots(data.mine);
    if (!play) return;
    play.hidden = !data.mine;
    if (!data.mine) return;
    play.dataset.version = data.version; // (before the forms: they carry it)
    $("play-title").textContent = data.mine.acting ? play.dataset.yourChoices : play.dataset.yourView;
    choicesOf(data.mine);
  }

  // -- the things of the picture the player's choices act on (render.hits): a button over each, named by its
  // choice; a click plays it (mesaAct, as its control does), or opens the list of a thing's several choices.
  const spots = $("spots");
  const spotChoices = $("spot-choices");

  function closeSpotChoices() {
    if (!spotChoices) return;
    spotChoices.hidden = true;
    spotChoices.replaceChildren();
  }

  function openSpotChoices(group, from) {
    const buttons = group.map((spot) => {
      const button = item("button", spot.label, "choice primary");
      button.type = "button";
      button.dataset.action = spot.action;
      button.addEventListener("click", () => {
        closeSpotChoices();
        window.mesaAct(spot.action);
      });
      return button;
    });
    const close = item("button", body.dataset.spotClose, "choice secondary");
    close.type = "button";
    close.addEventListener("click", () => {
      closeSpotChoices();
      from.focus();
    });
    spotChoices.setAttribute("aria-label", body.dataset.spotChoices);
    spotChoices.replaceChildren(item("p", body.dataset.spotChoices, "spot-title"), ...buttons, close);
    spotChoices.hidden = false;
    buttons[0].focus();
  }

  function spotButton(group, width, height) {
    // Placed in percent of the picture, so that it follows the picture at any size.
    const { shape, coords } = group[0];
    const xs = coords.filter((_, i) => i % 2 === 0);
    const ys = coords.filter((_, i) => i % 2 === 1);
    const left = Math.min(...xs);
    const top = Math.min(...ys);
    const w = Math.max(...xs) - left + 1;
    const h = Math.max(...ys) - top + 1;
    const button = item("button", "", "spot");
    button.type = "button";
    Object.assign(button.style, {
      left: `${(100 * left) / width}%`,
      top: `${(100 * top) / height}%`,
      width: `${(100 * w) / width}%`,
      height: `${(100 * h) / height}%`,
    });
    if (shape === "poly") {
      const corners = xs.map((x, i) => `${(100 * (x - left)) / w}% ${(100 * (ys[i] - top)) / h}%`);
      button.style.clipPath = `polygon(${corners.join(", ")})`;
    }
    const name = group.map((spot) => spot.label).join("; ");
    button.setAttribute("aria-label", name);
    button.title = name;
    if (group.length === 1) {
      button.dataset.action = group[0].action;
      button.addEventListener("click", () => window.mesaAct(group[0].action));
    } else {
      button.setAttribute("aria-haspopup", "true");
      button.dataset.actions = group.map((spot) => spot.action).join(" ");
      button.addEventListener("click", () => openSpotChoices(group, button));
    }
    return button;
  }

  function renderSpots(mine) {
    if (!spots) return;
    closeSpotChoices();
    const things = new Map(); // the actions on one thing share its shape
    for (const spot of mine?.spots ?? []) {
      const key = `${spot.shape}:${spot.coords.join(",")}`;
      if (!things.has(key)) things.set(key, []);
      things.get(key).push(spot);
    }
    const [width, height] = mine?.picture ?? [0, 0];
    spots.replaceChildren(...[...things.values()].map((group) => spotButton(group, width, height)));
  }

  async function send(path, fields) {
    // A request that changes the game: the session's token with it; the answer is said in the notice.
    const form = new URLSearchParams({ ...fields, csrf: play.dataset.csrf });
    play.setAttribute("aria-busy", "true");
    $("notice").textContent = play.dataset.sending;
    try {
      const answer = await fetch(`${token}/${path}?lang=${encodeURIComponent(lang)}`, {
        method: "POST",
        body: form,
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        cache: "no-store",
      });
      const data = answer.headers.get("Content-Type")?.includes("json") ? await answer.json() : null;
      $("notice").textContent = data ? data.text : await answer.text();
    } catch {
      $("notice").textContent = body.dataset.reconnecting;
    } finally {
      play.removeAttribute("aria-busy");
    }
  }

  // Sends one action of the player's (a control's data-action): what a click on the picture calls too.
  window.mesaAct = (actionId) => send("act", { action: actionId, version: play.dataset.version });

  if (play) {
    play.addEventListener("submit", (event) => {
      const form = event.target;
      event.preventDefault(); // (a control named "action" hides form.action: the attribute is read)
      const path = form.getAttribute("action").split("?")[0].split("/").pop();
      if (path === "act") {
        const chosen = event.submitter?.dataset.action ?? form.querySelector("select")?.value;
        if (chosen) window.mesaAct(chosen);
      } else {
        send(path, {});
      }
    });
  }

  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go((shown ?? snapshot.live.total) - 1));
  $("next").addEventListener("click", () => go((shown ?? snapshot.live.total) + 1));
  $("last").addEventListener("click", () => go(snapshot.live.total));
  slider.addEventListener("input", () => go(Number(slider.value)));
  $("log").addEventListener("click", (event) => {
    const li = event.target.closest("li[data-step]");
    if (li) go(Number(li.dataset.step));
  });
  $("log").addEventListener("keydown", (event) => {
    const li = event.target.closest("li[data-step]");
    if (li && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      go(Number(li.dataset.step));
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.target === slider || !snapshot) return;
    if (event.key === "ArrowLeft") go((shown ?? snapshot.live.total) - 1);
    if (event.key === "ArrowRight") go((shown ?? snapshot.live.total) + 1);
  });
  connect();
})();

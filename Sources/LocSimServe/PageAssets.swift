/// The playground's one page, its script and its style: served from the binary, with no CDN
/// and no external request. The page draws what the server sends (prompt texts and buttons come
/// from the model) and sends scenario steps back.
enum PageAssets {
    /// `GET /`.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LocSim playground</title>
<link rel="stylesheet" href="/app.css">
<link rel="icon" href="data:,">
</head>
<body>
<header>
  <h1>LocSim playground</h1>
  <span class="sub">Core Location's authorization rules, on a simulated device</span>
  <a href="/rules" target="_blank">Rules reference</a>
</header>
<main>
<section id="setup" class="panel">
  <h2>Device and app</h2>
  <label>Platform <select id="platform"></select></label>
  <label>App name <input id="app-name" value="Trails"></label>
  <fieldset id="purpose-strings"><legend>Purpose strings (Info.plist)</legend></fieldset>
  <label><input type="checkbox" id="bg-location"> Background mode <code>location</code></label>
  <label title="UIApplicationSceneManifest: required for apps built with the iOS 27 SDK (TN3187, O18)"><input type="checkbox" id="scenes"> Scene life cycle</label>
  <label><input type="checkbox" id="reduced"> <code>NSLocationDefaultAccuracyReduced</code></label>
  <button id="new-session" class="primary">New session</button>
  <h2>Record and replay</h2>
  <a id="export" class="button" href="#" download="playground.yml">Export scenario</a>
  <label class="file">Open a scenario or counterexample <input type="file" id="open-file" accept=".yml,.yaml,text/yaml"></label>
  <div id="opened" hidden>
    <p>Steps still to apply (<span id="pending-count">0</span>):</p>
    <ol id="pending"></ol>
    <button id="next-step">Next step</button>
    <button id="run-all">Run to the end</button>
  </div>
  <p id="error" class="error" role="alert"></p>
</section>

<section id="device" class="panel">
  <div id="lifecycle" class="group" data-errors><h3>Lifecycle</h3>
    <button data-step="launch" class="primary">launch</button>
    <button data-step="background">background</button>
    <button data-step="foreground">foreground</button>
    <button data-step="suspend">suspend</button>
    <button data-step="terminate" title="the system terminates the app (O17)">terminate</button>
    <button data-step="forceQuit" title="the user force-quits the app from the app switcher (O17)">force quit</button>
    <button data-step="crash" title="the app crashes (O17)">crash</button>
    <button data-step="lock">lock</button>
    <button data-step="unlock">unlock</button>
    <p class="error" role="alert"></p>
  </div>
  <div id="phone" class="phone">
    <div class="statusbar"><span id="clock">+00:00:00.000</span><span id="indicator" hidden>➤</span><span id="platform-label"></span></div>
    <div class="screen">
      <div class="appscreen">
        <div id="app-title" class="apptitle"></div>
        <dl id="app-state"></dl>
        <div id="locked" class="lockscreen" hidden>Locked</div>
      </div>
      <div id="prompt" class="alert" hidden>
        <div class="alert-body">
          <div id="prompt-where" class="where"></div>
          <div id="prompt-title" class="alert-title"></div>
          <div id="prompt-message" class="alert-message"></div>
          <div id="prompt-map" class="map" hidden><label>Precise: <input type="checkbox" id="precise-toggle"> <span id="precise-label"></span></label></div>
        </div>
        <div id="prompt-buttons" class="alert-buttons"></div>
        <div id="prompt-rules" class="rules"></div>
      </div>
    </div>
  </div>
  <p id="phone-error" class="error" role="alert"></p>
  <div id="controls">
    <div class="group" data-errors><h3>The app calls</h3>
      <button data-step="requestWhenInUse">requestWhenInUse</button>
      <button data-step="requestAlways">requestAlways</button>
      <button data-step="startUpdating">startUpdating</button>
      <button data-step="stopUpdating">stopUpdating</button>
      <button data-step="requestLocation">requestLocation</button>
      <button data-step="requestFullAccuracy: Navigation">requestFullAccuracy</button>
      <button data-step="monitorRegion: {name: trailhead, latitude: 37.3318, longitude: -122.0312, radius: 200}">monitorRegion trailhead</button>
      <button data-step="startSignificantChanges">startSignificantChanges</button>
      <button data-step="startVisits">startVisits</button>
      <button data-step="set: {allowsBackgroundLocationUpdates: true}">allowsBackgroundLocationUpdates</button>
      <button data-step="createServiceSession: {name: session, authorization: always}">CLServiceSession(.always)</button>
      <button data-step="invalidateServiceSession: session">invalidate session</button>
      <button data-step="startLiveUpdates: live">liveUpdates</button>
      <button data-step="stopLiveUpdates: live">stop liveUpdates</button>
      <button data-step="startBackgroundActivity: activity">CLBackgroundActivitySession</button>
      <p class="error" role="alert"></p>
    </div>
    <div class="group" data-errors><h3>Settings</h3>
      <span id="settings-buttons"></span>
      <button data-step="settings: {precise: on}">Precise on</button>
      <button data-step="settings: {precise: off}">Precise off</button>
      <button data-step="locationServices: off">Location Services off</button>
      <button data-step="locationServices: on">Location Services on</button>
      <button data-step="resetLocationAndPrivacy">Reset Location &amp; Privacy</button>
      <p class="error" role="alert"></p>
    </div>
    <div class="group" data-errors><h3>The world</h3>
      <label>lat <input id="lat" size="8" value="37.3318"></label><label>lon <input id="lon" size="9" value="-122.0312"></label>
      <button id="move">Move the device</button>
      <button data-step="enterRegion: trailhead">enter trailhead</button>
      <button data-step="exitRegion: trailhead">exit trailhead</button>
      <button data-step="visit">visit</button>
      <p class="error" role="alert"></p>
    </div>
    <div class="group" data-errors><h3>The clock</h3>
      <button data-step="wait: 10s">+10 s</button>
      <button data-step="wait: 1m">+1 min</button>
      <button data-step="wait: 1h">+1 h</button>
      <button id="next-deadline">To the next deadline</button>
      <p class="error" role="alert"></p>
    </div>
    <div class="group" data-errors><h3>Any step</h3>
      <input id="step-text" list="step-words" placeholder="e.g. wait: 90s" size="30">
      <datalist id="step-words"></datalist>
      <button id="do-step">Do</button>
      <p class="error" role="alert"></p>
    </div>
  </div>
</section>

<section id="explain" class="panel">
  <h2>What happened, and why</h2>
  <div class="scroll"><table id="timeline"><thead><tr><th>Time</th><th>Kind</th><th>Entry</th><th>Rules</th></tr></thead><tbody></tbody></table></div>
  <h2>Hidden state</h2>
  <dl id="hidden"></dl>
  <h2>State graph <small id="graph-state"></small></h2>
  <div id="graph" class="scroll"><svg id="graph-svg" role="img" aria-label="The state machine"></svg></div>
  <p id="graph-error" class="error" role="alert"></p>
</section>
</main>
<script src="/app.js"></script>
</body>
</html>
"""#

    /// `GET /app.css`.
    static let style = #"""
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 14px/1.4 -apple-system, system-ui, "Segoe UI", sans-serif; color: #1c1c1e; background: #f2f2f7; }
header { display: flex; gap: 1em; align-items: baseline; padding: .6em 1em; background: #fff; border-bottom: 1px solid #d1d1d6; }
header h1 { font-size: 1.2em; margin: 0; }
header .sub { color: #6e6e73; flex: 1; }
main { display: grid; grid-template-columns: minmax(14em, 18em) minmax(0, 27em) minmax(0, 1fr); grid-template-areas: "setup device explain"; gap: 1em; padding: 1em; align-items: start; }
#setup { grid-area: setup; } #device { grid-area: device; } #explain { grid-area: explain; }
/* Narrower than three columns fit: the phone and its controls first, the setup under them, the explanations beside. */
@media (max-width: 1279px) {
  main { grid-template-columns: minmax(0, 27em) minmax(0, 1fr); grid-template-areas: "device explain" "setup explain"; }
}
@media (max-width: 760px) {
  main { grid-template-columns: minmax(0, 1fr); grid-template-areas: "device" "explain" "setup"; }
}
main > * { min-width: 0; }
.panel { background: #fff; border-radius: 10px; padding: .8em; overflow-wrap: anywhere; }
input, select { max-width: 100%; font: inherit; }
.panel h2 { font-size: 1em; margin: .6em 0 .4em; }
label { display: block; margin: .3em 0; }
fieldset { border: 1px solid #d1d1d6; border-radius: 6px; margin: .4em 0; padding: .3em .5em; }
fieldset label { font-size: .85em; }
fieldset input { width: 100%; }
button, .button { font: inherit; padding: .25em .55em; margin: .15em; border: 1px solid #c7c7cc; border-radius: 6px; background: #fff; cursor: pointer; color: #0a58ca; text-decoration: none; display: inline-block; }
button.primary { background: #007aff; color: #fff; border-color: #007aff; }
.error { color: #c00; white-space: pre-wrap; margin: .2em 0; }
.error:empty { display: none; }
.error.note { color: #8a5a00; }
#lifecycle { margin-top: 0; }
.group { margin: .5em 0; }
.group h3 { font-size: .8em; text-transform: uppercase; color: #6e6e73; margin: .3em 0; }
.group label { display: inline; }
.phone { position: relative; width: 300px; max-width: 100%; height: 560px; margin: .5em auto 1em; border: 12px solid #1c1c1e; border-radius: 44px; background: #fff; overflow: hidden; }
.phone.os-macOS { width: 380px; height: 300px; border-radius: 10px; border-width: 8px; }
.phone.os-watchOS { width: 220px; height: 270px; border-radius: 50px; }
.phone.os-tvOS { width: 400px; height: 240px; border-radius: 4px; }
.phone.os-visionOS { width: 380px; height: 300px; border-radius: 30px; border-color: #8e8e93; background: #dfe6ee; }
.statusbar { display: flex; justify-content: space-between; padding: .5em 1.2em .2em; font-size: .75em; font-weight: 600; }
#indicator { color: #007aff; }
.screen { position: absolute; inset: 2em 0 0 0; }
.appscreen { padding: .8em 1.2em; }
.apptitle { font-size: 1.4em; font-weight: 700; margin-bottom: .5em; }
.appscreen dl { display: grid; grid-template-columns: auto 1fr; gap: .1em .6em; font-size: .85em; }
.appscreen dt { color: #6e6e73; }
.appscreen dd { margin: 0; }
.lockscreen { position: absolute; inset: 0; background: #1c1c1e; color: #fff; display: flex; align-items: center; justify-content: center; font-size: 1.4em; opacity: .9; }
.alert { position: absolute; inset: 0; background: rgba(0,0,0,.35); display: flex; flex-direction: column; justify-content: center; align-items: center; }
.alert > .alert-body, .alert > .alert-buttons { width: 270px; background: rgba(242,242,247,.98); }
.alert-body { border-radius: 14px 14px 0 0; padding: 1em 1em .8em; text-align: center; }
.alert-title { font-weight: 600; font-size: 1.02em; }
.alert-message { font-size: .82em; margin-top: .3em; }
.where { font-size: .7em; color: #6e6e73; }
.map { margin-top: .5em; height: 5.5em; border-radius: 8px; background: repeating-linear-gradient(45deg, #cfe3c8, #cfe3c8 10px, #dcebd6 10px, #dcebd6 20px); display: flex; align-items: flex-end; justify-content: center; font-size: .8em; padding: .2em; }
.alert-buttons { border-radius: 0 0 14px 14px; overflow: hidden; }
.alert-buttons button { display: block; width: 100%; margin: 0; border: 0; border-top: 1px solid #c7c7cc; border-radius: 0; background: transparent; padding: .7em; color: #007aff; font-size: 1em; }
.alert-buttons.two { display: flex; }
.alert-buttons.two button + button { border-left: 1px solid #c7c7cc; }
.os-macOS .alert > .alert-body, .os-macOS .alert > .alert-buttons { width: 320px; text-align: left; }
.os-macOS .alert-buttons { display: flex; justify-content: flex-end; padding: .4em; }
.os-macOS .alert-buttons button { width: auto; border: 1px solid #c7c7cc; border-radius: 6px; margin: .2em; padding: .2em .8em; }
.rules { font-size: .7em; margin-top: .3em; color: #fff; }
.rules a, td.rules a { margin-right: .3em; }
.rules a { color: #fff; }
#timeline { border-collapse: collapse; width: 100%; font-size: .82em; }
#timeline td, #timeline th { border-bottom: 1px solid #e5e5ea; padding: .15em .4em; text-align: left; vertical-align: top; }
#timeline td.rules a { color: #0a58ca; }
#timeline tr.k-prompt td { background: #fff8e1; }
#timeline tr.k-user td { background: #e8f0fe; }
#timeline tr.k-delegate td { background: #e9f7ef; }
#timeline tr.k-ignored td, #timeline tr.k-rejected td, #timeline tr.k-terminated td { background: #fdecea; }
.scroll { max-height: 26em; overflow: auto; }
#hidden { display: grid; grid-template-columns: auto 1fr; gap: .1em .8em; font-size: .85em; }
#hidden dt { color: #6e6e73; }
#hidden dd { margin: 0; }
#timeline td { overflow-wrap: anywhere; }
#timeline td:nth-child(1), #timeline td:nth-child(2), #timeline th { white-space: nowrap; overflow-wrap: normal; }
#graph svg { display: block; max-width: 100%; height: auto; }
#graph .node rect { fill: #f2f2f7; stroke: #8e8e93; }
#graph .node.current rect { fill: #ffd54f; stroke: #e65100; stroke-width: 3; }
#graph .node text { font-size: 11px; fill: #1c1c1e; text-anchor: middle; dominant-baseline: central; }
#graph .edge { fill: none; stroke: #8e8e93; stroke-width: 1; }
#graph .edge:hover { stroke: #007aff; stroke-width: 2; }
#graph marker path { fill: #8e8e93; }
"""#

    /// `GET /app.js`.
    static let script = #"""
"use strict";
const $ = (id) => document.getElementById(id);
let session = null;      // the view the server last sent
let vocabulary = null;
let graphs = {};         // platform -> graph view
let preciseTouched = false;
// The timeline rows on the page: the session and opened file they belong to, and the index after
// the last one. Actions ask only for the entries after it (`?since=`), so a request's work does
// not grow with the session.
let shown = { id: null, epoch: -1, next: 0 };
const maxRows = 2000;    // the page keeps the last 2,000 rows

// Errors and notes are shown next to what made them: the group of the button or box the action
// came from (its .error line), else the setup panel's.
function clearErrors() { for (const e of document.querySelectorAll(".error")) { e.textContent = ""; e.classList.remove("note"); } }
function errorLine(near) {
  const group = near && near.closest ? near.closest("[data-errors]") : null;
  return (group && group.querySelector(".error")) || $("error");
}
function showError(message, near) { const line = errorLine(near); line.classList.remove("note"); line.textContent = message || ""; }
function showNote(message, near) { const line = errorLine(near); line.classList.add("note"); line.textContent = message || ""; }

// Every request that changes something is JSON, as the server requires (a page on another site
// cannot send that type without a CORS preflight, which the server never grants).
async function api(method, path, body) {
  const options = { method, headers: {} };
  if (method !== "GET") options.headers["Content-Type"] = "application/json";
  if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch(path, options);
  const text = await response.text();
  let value = null;
  try { value = text ? JSON.parse(text) : null; } catch (e) { value = text; }
  if (!response.ok) throw new Error((value && value.error) || response.statusText);
  return value;
}

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function ruleLinks(rules) {
  const span = el("span");
  for (const r of rules) span.append(el("a", { href: "/rules#" + r.toLowerCase(), target: "_blank", class: "rule", text: r }), " ");
  return span;
}

async function start() {
  vocabulary = await api("GET", "/api/vocabulary");
  for (const p of vocabulary.platforms) $("platform").append(el("option", { value: p, text: p }));
  $("platform").value = "iOS 18.0";
  const defaults = {
    NSLocationWhenInUseUsageDescription: "Trails shows your position on the trail map.",
    NSLocationAlwaysAndWhenInUseUsageDescription: "Trails tells you when you reach a trailhead, even when closed.",
    NSLocationAlwaysUsageDescription: "Trails tells you when you reach a trailhead, even when closed.",
    NSLocationUsageDescription: "Trails shows your position on the trail map.",
  };
  for (const key of vocabulary.purposeKeys) {
    $("purpose-strings").append(el("label", { text: key }, el("input", { "data-key": key, value: defaults[key] || "" })));
  }
  for (const w of vocabulary.stepWords) $("step-words").append(el("option", { value: w }));
  for (const o of vocabulary.settingsOptions) $("settings-buttons").append(el("button", { "data-step": "settings: " + o, text: o }));
  document.body.addEventListener("click", (event) => {
    const step = event.target.getAttribute && event.target.getAttribute("data-step");
    if (step) {
      event.preventDefault();
      // A prompt's buttons are on the phone: their errors go under it.
      act({ step }, event.target.closest("#phone") ? $("phone-error") : event.target);
    }
  });
  $("new-session").onclick = () => newSession();
  $("move").onclick = () => act({ step: `moveTo: {latitude: ${Number($("lat").value)}, longitude: ${Number($("lon").value)}}` }, $("move"));
  $("next-deadline").onclick = () => act({ do: "nextDeadline" }, $("next-deadline"));
  $("do-step").onclick = () => act({ step: $("step-text").value }, $("step-text"));
  $("step-text").addEventListener("keydown", (e) => { if (e.key === "Enter") act({ step: $("step-text").value }, $("step-text")); });
  $("next-step").onclick = () => act({ do: "next" }, $("next-step"));
  $("run-all").onclick = () => runAll();
  $("open-file").onchange = () => openFile();
  $("precise-toggle").onchange = () => { preciseTouched = true; $("precise-label").textContent = $("precise-toggle").checked ? "on" : "off"; };
  await newSession();
}

function setupBody() {
  const purposeStrings = {};
  for (const input of document.querySelectorAll("#purpose-strings input")) {
    if (input.value.trim() !== "") purposeStrings[input.getAttribute("data-key")] = input.value;
  }
  return {
    device: { platform: $("platform").value },
    app: { name: $("app-name").value, purposeStrings,
           backgroundModes: $("bg-location").checked ? ["location"] : [],
           defaultAccuracyReduced: $("reduced").checked, scenes: $("scenes").checked },
  };
}

async function newSession() {
  clearErrors();
  try {
    if (session) api("DELETE", `/api/sessions/${session.id}`).catch(() => {});
    render(await api("POST", "/api/sessions", setupBody()));
  } catch (e) { showError(e.message); }
}

async function act(action, near) {
  if (!session) return;
  clearErrors();
  if (action.step && action.step.startsWith("choose") && !action.step.includes("{") && preciseTouched && session.prompt && session.prompt.preciseToggle != null) {
    const word = action.step.split(":")[1].trim();
    action = { step: `choose: {button: ${word}, precise: ${$("precise-toggle").checked ? "on" : "off"}}` };
  }
  try {
    render(await api("POST", `/api/sessions/${session.id}/actions?since=${shown.next}&stepsSince=${session.stepCount}`, action));
    const o = session.lastOutcome;
    if (o && (o.result === "invalid" || o.result === "failed")) showError(`${o.step}: ${o.message}`, near);
    else if (o && o.note) showNote(`${o.step}: ${o.note}`, near);
  } catch (e) { showError(e.message, near); }
}

async function runAll() {
  while (session && session.pendingCount > 0) {
    await act({ do: "next" }, $("run-all"));
    const o = session.lastOutcome;
    if (o && (o.result === "invalid" || o.result === "failed")) break;
  }
}

async function openFile() {
  const file = $("open-file").files[0];
  if (!file || !session) return;
  clearErrors();
  try {
    const text = await file.text();
    render(await api("POST", `/api/sessions/${session.id}/open`, { text, name: file.name }));
  } catch (e) { showError(e.message); }
  $("open-file").value = "";
}

function definitionList(target, pairs) {
  target.replaceChildren();
  for (const [k, v] of pairs) target.append(el("dt", { text: k }), el("dd", { text: String(v) }));
}

function render(view) {
  const previousPrompt = session && session.prompt ? session.prompt.title + session.prompt.kind : null;
  session = view;
  const os = view.platform.split(" ")[0];
  $("phone").className = "phone os-" + os;
  $("platform-label").textContent = view.platform;
  $("clock").textContent = view.now;
  $("indicator").hidden = !view.app.indicator;
  $("locked").hidden = !view.app.locked;
  $("app-title").textContent = view.app.name;
  definitionList($("app-state"), [
    ["state", view.app.state], ["status", view.app.status + (view.hidden.provisional ? " (provisional)" : "")], ["accuracy", view.app.accuracy],
    ["Settings", view.app.settings], ["in use", view.app.inUse], ["Location Services", view.app.servicesEnabled ? "on" : "off"],
    ["location", view.app.location || "none"],
  ]);
  $("export").href = `/api/sessions/${view.id}/export`;
  renderPrompt(view, previousPrompt);
  renderTimeline(view);
  definitionList($("hidden"), [
    ["provisional Always", view.hidden.provisional], ["temporary (Allow Once)", view.hidden.temporary],
    ["Always request spent", view.hidden.alwaysRequestSpent], ["precise", view.hidden.precise],
    ["temporary full accuracy", view.hidden.temporaryFullAccuracy],
    ["queued prompts", view.hidden.queuedPrompts.join(", ") || "none"], ["held events", view.hidden.heldEvents],
    ["timers", view.hidden.timers.map((t) => `${t.kind} at ${t.at} (in ${t.inTime})`).join("; ") || "none"],
    ["steps recorded", view.stepCount], ["expectations held", view.expectationsHeld],
  ]);
  $("opened").hidden = view.pendingCount === 0 && !(view.lastOutcome && $("opened").dataset.used);
  if (view.pendingCount > 0) $("opened").dataset.used = "1";
  $("pending-count").textContent = view.pendingCount;
  $("pending").replaceChildren(...view.pending.map((s) => el("li", { text: s })));
  $("next-step").disabled = view.pendingCount === 0;
  renderGraph(view);
}

function renderPrompt(view, previous) {
  const p = view.prompt;
  $("prompt").hidden = !p;
  if (!p) return;
  if (previous !== p.title + p.kind) preciseTouched = false;
  $("prompt").dataset.kind = p.kind;
  $("prompt-where").textContent = p.onPairedPhone ? "on the paired iPhone" : "";
  $("prompt-title").textContent = p.title;
  $("prompt-message").textContent = p.message;
  $("prompt-map").hidden = p.preciseToggle == null;
  if (!preciseTouched && !$("prompt-map").hidden) {
    $("precise-toggle").checked = p.preciseToggle;
    $("precise-label").textContent = p.preciseToggle ? "on" : "off";
  }
  const buttons = $("prompt-buttons");
  buttons.className = "alert-buttons" + (p.buttons.length === 2 ? " two" : "");
  buttons.replaceChildren(...p.buttons.map((b) => el("button", { class: "prompt-button", "data-step": "choose: " + b.word, "data-button": b.word, text: b.label })));
  $("prompt-rules").replaceChildren("Rules: ", ruleLinks(p.rules));
}

function renderTimeline(view) {
  const body = $("timeline").querySelector("tbody");
  const rows = view.timeline.map((e) => {
    const row = el("tr", { class: "k-" + e.kind, "data-line": e.line },
      el("td", { text: e.time }), el("td", { text: e.kind }), el("td", { text: e.text }));
    const rules = el("td", { class: "rules" });
    rules.append(ruleLinks(e.rules));
    row.append(rules);
    return row;
  });
  // New entries follow the ones shown: append them; otherwise (another session, an opened file,
  // entries the server's window left out) show the view's entries alone.
  if (shown.id === view.id && shown.epoch === view.epoch && view.timelineFrom === shown.next) body.append(...rows);
  else body.replaceChildren(...rows);
  while (body.rows.length > maxRows) body.deleteRow(0);
  shown = { id: view.id, epoch: view.epoch, next: view.timelineFrom + view.timeline.length };
  const scroll = body.closest(".scroll");
  scroll.scrollTop = scroll.scrollHeight;
}

async function renderGraph(view) {
  $("graph-state").textContent = "now: " + view.graphState;
  let graph = graphs[view.platform];
  if (!graph) {
    try { graph = graphs[view.platform] = await api("GET", "/api/graph?platform=" + encodeURIComponent(view.platform)); }
    catch (e) { $("graph-error").textContent = e.message; return; }
  }
  if (session !== view) return;
  const target = $("graph");
  if (target.dataset.platform !== graph.platform) {
    target.dataset.platform = graph.platform;
    drawGraph(graph, $("graph-svg"));
  }
  const index = graph.nodes.indexOf(view.graphState);
  for (const node of target.querySelectorAll(".node")) node.classList.toggle("current", Number(node.dataset.node) === index);
}

// The state machine drawn in the page as SVG, with no Graphviz and no other asset: nodes in rows
// by their distance from the first state, each edge a curve with an arrow and its labels as a
// tooltip. Built with DOM calls (no markup is parsed), so nothing in a label can run.
// The SVG namespace, from the <svg> the page's markup holds (the script names no address).
function svg(tag, attributes, ...children) {
  const node = document.createElementNS($("graph-svg").namespaceURI, tag);
  for (const [k, v] of Object.entries(attributes || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function graphLayout(graph) {
  const count = graph.nodes.length;
  const layer = new Array(count).fill(-1);
  const next = graph.nodes.map(() => []);
  for (const e of graph.edges) next[e.from].push(e.to);
  if (count > 0) layer[0] = 0;
  const queue = count > 0 ? [0] : [];
  while (queue.length > 0) {
    const a = queue.shift();
    for (const b of next[a]) if (layer[b] < 0) { layer[b] = layer[a] + 1; queue.push(b); }
  }
  let deepest = Math.max(0, ...layer);
  for (let i = 0; i < count; i++) if (layer[i] < 0) layer[i] = ++deepest;
  const rows = [];
  for (let i = 0; i < count; i++) (rows[layer[i]] = rows[layer[i]] || []).push(i);
  const gap = 24, rowHeight = 70, boxHeight = 26, margin = 12;
  const widths = graph.nodes.map((label) => Math.max(60, label.length * 6.4 + 16));
  const rowWidths = rows.map((row) => row.reduce((sum, i) => sum + widths[i], 0) + gap * (row.length - 1));
  const width = Math.max(200, ...rowWidths) + 2 * margin;
  const boxes = [];
  rows.forEach((row, r) => {
    let x = (width - rowWidths[r]) / 2;
    for (const i of row) {
      boxes[i] = { x, y: margin + r * rowHeight, w: widths[i], h: boxHeight };
      x += widths[i] + gap;
    }
  });
  return { boxes, width, height: margin * 2 + (rows.length - 1) * rowHeight + boxHeight };
}

function drawGraph(graph, picture) {
  const { boxes, width, height } = graphLayout(graph);
  for (const [k, v] of Object.entries({ width: Math.ceil(width), height: Math.ceil(height), viewBox: `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`,
                                        "aria-label": "The state machine of " + graph.platform })) picture.setAttribute(k, v);
  picture.replaceChildren(svg("defs", {}, svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "10", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" },
                                     svg("path", { d: "M0,0 L10,5 L0,10 z" }))));
  const edges = svg("g", { class: "edges" });
  for (const e of graph.edges) {
    const a = boxes[e.from], b = boxes[e.to];
    if (!a || !b) continue;
    const ax = a.x + a.w / 2, bx = b.x + b.w / 2;
    let d;
    if (b.y > a.y) d = `M${ax},${a.y + a.h} C${ax},${a.y + a.h + 30} ${bx},${b.y - 30} ${bx},${b.y}`;
    else if (b.y < a.y) d = `M${ax + 8},${a.y} C${ax + 40},${a.y - 30} ${bx + 40},${b.y + b.h + 30} ${bx + 8},${b.y + b.h}`;
    else d = `M${ax},${a.y} C${ax},${a.y - 28} ${bx},${b.y - 28} ${bx},${b.y}`;
    edges.append(svg("path", { class: "edge", d, "marker-end": "url(#arrow)" },
                     svg("title", { text: `${graph.nodes[e.from]} → ${graph.nodes[e.to]}: ${e.labels.join(", ")}` })));
  }
  picture.append(edges);
  graph.nodes.forEach((label, i) => {
    const box = boxes[i];
    picture.append(svg("g", { class: "node", "data-node": String(i) },
                       svg("title", { text: label }),
                       svg("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 6 }),
                       svg("text", { x: box.x + box.w / 2, y: box.y + box.h / 2, text: label })));
  });
}

start().catch((e) => showError(e.message));
"""#
}

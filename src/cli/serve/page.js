// The page of `ludus serve`: plays a game through the server's JSON API
// (every move checked there by the engine), takes moves by clicks on the
// board's sites (`data-site` in the SVG), asks for the agents' turns, and
// steps through records and PDN games. Plain JavaScript, no build step.
'use strict';

const $ = (id) => document.getElementById(id);

/** The games the server lists. */
let games = [];
/** The state of the game being played, as the server last sent it. */
let state = null;
/** The sites clicked so far for the part of the turn being made. */
let clicks = [];
/** The replay opened: its game and frames, and the frame shown. */
let replay = null;
let frameAt = 0;
/** The text of the record or PDN game opened. */
let replayText = '';

/** Calls the API; throws an Error with the server's message on a refusal. */
async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch('/api/' + path, options);
  let json;
  try {
    json = await response.json();
  } catch (e) {
    throw new Error('the server sent no JSON (' + response.status + ')');
  }
  if (!response.ok) {
    throw new Error(json.error || response.statusText);
  }
  return json;
}

/** Runs `work` with the page marked busy; shows its error, if any. */
async function busy(work) {
  document.body.dataset.busy = '1';
  $('error').textContent = '';
  try {
    await work();
  } catch (e) {
    $('error').textContent = e.message;
  } finally {
    document.body.dataset.busy = '0';
  }
}

/** The agent chosen for seat `i`: null for a person. */
function seat(i) {
  const kind = $('seat' + i + '-kind').value;
  if (kind === 'human') {
    return null;
  }
  const agent = { kind };
  if (kind === 'mcts' || kind === 'expectimax' || kind === 'learned') {
    agent.seconds = parseFloat($('seat' + i + '-seconds').value) || 1;
  }
  return agent;
}

/** Shows, for each seat, only the settings its agent takes: the thinking
 * time of the searches (expectimax and learned deepen as far as it
 * allows). */
function showSettings() {
  for (const i of [0, 1]) {
    const kind = $('seat' + i + '-kind').value;
    $('seat' + i + '-thinks').hidden = !['mcts', 'expectimax', 'learned'].includes(kind);
  }
}

/** Fills the seat choices for the game selected. */
function showSeats() {
  const game = games[$('game-select').value];
  if (!game) {
    return;
  }
  for (const i of [0, 1]) {
    $('seat' + i + '-name').textContent = game.players[i] || '';
    const select = $('seat' + i + '-kind');
    const kept = select.value;
    select.innerHTML = '';
    const kinds = [
      ['human', 'a person'],
      ['computer', 'the computer'],
      ['random', 'random'],
      ['mcts', 'MCTS'],
      ['expectimax', 'expectimax'],
    ];
    if (game.learned) {
      kinds.push(['learned', 'learned']);
    }
    for (const [value, text] of kinds) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = text;
      select.appendChild(option);
    }
    const defaultKind = i === 0 ? 'human' : 'computer';
    select.value = kinds.some(([v]) => v === kept) ? kept : defaultKind;
    select.value = select.value || 'human';
  }
  showSettings();
}

/** The state received: drawn, then the agent asked to play if it is its turn. */
function show(next) {
  state = next;
  clicks = [];
  $('board').innerHTML = state.svg;
  $('position').textContent = state.position;
  $('log').textContent = state.log;
  const moves = $('moves');
  moves.innerHTML = '';
  for (const played of state.played) {
    const li = document.createElement('li');
    li.textContent = played;
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  const mover = state.players[state.to_move];
  let status;
  if (state.over) {
    status = 'Game over: ' + state.result;
  } else {
    const who = state.agents[state.to_move] ? ' (' + state.agents[state.to_move] + ')' : '';
    status = mover + who + ' to move';
    if (state.needs_roll) {
      status += ': roll the dice';
    } else if (state.dice) {
      status += ', dice ' + state.dice;
    }
    if (state.typed.length) {
      status += '; played ' + state.typed.join(' ') + ', left ' + state.left;
    }
  }
  $('status').textContent = status;
  const person = !state.over && !state.agents[state.to_move];
  $('roll').disabled = !(person && state.needs_roll);
  $('set-dice').disabled = !(person && state.needs_roll);
  $('dice-controls').hidden = !state.dice_game;
  $('play-move').disabled = !person || state.needs_roll;
  $('undo').disabled = false;
  $('hint').disabled = state.over;
  $('resign').disabled = state.over;
  $('apply-seats').disabled = false;
  const record = $('record');
  record.href = '/api/game/' + state.id + '/record';
  record.classList.remove('disabled');
  highlight();
  document.body.dataset.version = String(Number(document.body.dataset.version) + 1);
  if (!state.over && state.agents[state.to_move]) {
    setTimeout(agentTurn, 30);
  }
}

/** Asks for the turn of the agent to move. */
function agentTurn() {
  if (!state || state.over || !state.agents[state.to_move]) {
    return;
  }
  const id = state.id;
  $('status').textContent += ' (thinking)';
  busy(async () => {
    const next = await api('POST', 'game/' + id + '/agent', {});
    if (state && state.id === id) {
      show(next);
    }
  });
}

/** The parts of a turn that may be played next (a die move, or a whole
 * turn) whose sites begin with `sites`. */
function matching(sites) {
  if (!state || state.over || state.needs_roll) {
    return [];
  }
  return state.parts.filter((p) => sites.length <= p.sites.length
    && sites.every((s, i) => p.sites[i] === s));
}

/** Whether the board's picture has a shape for site `s`. */
function drawn(s) {
  return document.querySelector('#board [data-site="' + s + '"]') !== null;
}

/** Marks the sites clicked and those that may come next; lists as buttons
 * the sites the picture does not draw (trays, zones) and the turns made
 * without clicks (passes, or the turns once the clicks are done). */
function highlight() {
  for (const el of document.querySelectorAll('#board [data-site]')) {
    el.classList.remove('selected', 'target', 'origin');
  }
  for (const el of document.querySelectorAll('#board .marker')) {
    el.remove();
  }
  const offboard = $('offboard');
  const choices = $('choices');
  offboard.innerHTML = '';
  choices.innerHTML = '';
  if (!state || state.over || state.agents[state.to_move]) {
    return;
  }
  const found = matching(clicks);
  const next = new Set();
  for (const p of found) {
    const s = p.sites[clicks.length];
    if (s !== undefined) {
      next.add(s);
    }
  }
  for (const s of clicks) {
    for (const el of document.querySelectorAll('#board [data-site="' + s + '"]')) {
      el.classList.add('selected');
    }
  }
  for (const s of next) {
    for (const el of document.querySelectorAll('#board [data-site="' + s + '"]')) {
      el.classList.add(clicks.length ? 'target' : 'origin');
    }
    if (clicks.length) {
      mark(s);
    }
    if (!drawn(s)) {
      const button = document.createElement('button');
      button.textContent = (clicks.length ? 'to ' : 'from ') + state.sites[s];
      button.dataset.site = String(s);
      button.addEventListener('click', () => clicked(s));
      offboard.appendChild(button);
    }
  }
  // Turns with nothing (more) to click: passes, or several turns that the
  // same clicks make.
  const done = found.filter((p) => p.sites.length === clicks.length);
  const texts = [...new Set(done.map((p) => p.text))];
  if (clicks.length || texts.length <= 30) {
    for (const text of texts) {
      const button = document.createElement('button');
      button.textContent = 'play ' + text;
      button.className = 'choice';
      button.addEventListener('click', () => send(text));
      choices.appendChild(button);
    }
  }
  if (clicks.length) {
    const button = document.createElement('button');
    button.textContent = 'cancel';
    button.addEventListener('click', () => {
      clicks = [];
      highlight();
    });
    choices.appendChild(button);
  }
}

/** Draws a disc over site `s` (the first shape of it), under the mouse's
 * notice, so that a small point is seen as a place to go. */
function mark(s) {
  const svg = $('board').querySelector('svg');
  const shape = svg && svg.querySelector('[data-site="' + s + '"]');
  if (!shape) {
    return;
  }
  const box = shape.getBBox();
  const disc = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
  disc.setAttribute('class', 'marker');
  disc.setAttribute('cx', String(box.x + box.width / 2));
  disc.setAttribute('cy', String(box.y + box.height / 2));
  disc.setAttribute('r', String(Math.max(12, Math.min(box.width, box.height, 40) / 2)));
  svg.appendChild(disc);
}

/** A site clicked (on the board, or its button): the part of the turn
 * grows by it; once it names exactly one part, that part is played. */
function clicked(s) {
  if (!state || state.over || state.agents[state.to_move] || document.body.dataset.busy === '1') {
    return;
  }
  if (state.needs_roll) {
    $('error').textContent = 'roll the dice first';
    return;
  }
  $('error').textContent = '';
  let sites = clicks.concat([s]);
  let found = matching(sites);
  if (!found.length) {
    // A new beginning: the site clicked starts another part.
    sites = [s];
    found = matching(sites);
  }
  if (!found.length) {
    clicks = [];
    highlight();
    $('error').textContent = 'no legal move starts at ' + state.sites[s];
    return;
  }
  clicks = sites;
  const done = found.filter((p) => p.sites.length === clicks.length);
  const more = found.some((p) => p.sites.length > clicks.length);
  const texts = [...new Set(done.map((p) => p.text))];
  if (texts.length === 1 && !more) {
    send(texts[0]);
    return;
  }
  highlight();
}

/** The site of the board's picture under a click, or the nearest one. */
function siteAt(event) {
  const svg = $('board').querySelector('svg');
  if (!svg) {
    return null;
  }
  const el = event.target.closest ? event.target.closest('[data-site]') : null;
  if (el && svg.contains(el)) {
    return Number(el.dataset.site);
  }
  const matrix = svg.getScreenCTM();
  if (!matrix) {
    return null;
  }
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  let best = null;
  let bestDistance = 40 * 40;
  for (const shape of svg.querySelectorAll('[data-site]')) {
    const box = shape.getBBox();
    const dx = box.x + box.width / 2 - point.x;
    const dy = box.y + box.height / 2 - point.y;
    if (dx * dx + dy * dy < bestDistance) {
      bestDistance = dx * dx + dy * dy;
      best = Number(shape.dataset.site);
    }
  }
  return best;
}

/** Plays a move (or die moves) typed or clicked. */
function send(text) {
  const id = state.id;
  busy(async () => {
    show(await api('POST', 'game/' + id + '/move', { move: text }));
  });
}

/** A request about the game being played. */
function act(action, body) {
  if (!state) {
    return;
  }
  const id = state.id;
  busy(async () => {
    show(await api('POST', 'game/' + id + '/' + action, body || {}));
  });
}

/** Starts a game: of `game`, from `position` (null: the setup). */
function newGame(game, position) {
  const seed = $('seed').value.trim();
  const body = { game: Number(game), agents: [seat(0), seat(1)] };
  if (seed !== '') {
    body.seed = Number(seed);
  }
  if (position) {
    body.position = position;
  }
  busy(async () => {
    show(await api('POST', 'new', body));
    $('hint-text').textContent = '';
  });
}

/** Shows frame `i` of the replay opened. */
function showFrame(i) {
  if (!replay) {
    return;
  }
  frameAt = Math.max(0, Math.min(replay.frames.length - 1, i));
  const frame = replay.frames[frameAt];
  $('frame-board').innerHTML = frame.svg;
  $('caption').textContent = frame.caption;
  $('frame-position').textContent = frame.position;
  $('frame-where').textContent = frameAt + ' / ' + (replay.frames.length - 1);
}

async function start() {
  const list = await api('GET', 'games');
  games = list.games;
  const select = $('game-select');
  for (const game of games) {
    const option = document.createElement('option');
    option.value = String(game.index);
    option.textContent = game.label === game.name ? game.name : game.name + ' (' + game.label + ')';
    select.appendChild(option);
  }
  showSeats();
  select.addEventListener('change', showSeats);
  $('seat0-kind').addEventListener('change', showSettings);
  $('seat1-kind').addEventListener('change', showSettings);
  $('new').addEventListener('click', () => newGame(select.value, $('start-position').value.trim()));
  $('apply-seats').addEventListener('click', () => act('agents', { agents: [seat(0), seat(1)] }));
  $('board').addEventListener('click', (event) => {
    const s = siteAt(event);
    if (s !== null) {
      clicked(s);
    }
  });
  $('roll').addEventListener('click', () => act('roll'));
  $('set-dice').addEventListener('click', () => act('roll', { dice: $('dice-input').value }));
  const typed = () => {
    const text = $('move-input').value.trim();
    if (text && state) {
      send(text);
      $('move-input').value = '';
    }
  };
  $('play-move').addEventListener('click', typed);
  $('move-input').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      typed();
    }
  });
  $('undo').addEventListener('click', () => act('undo'));
  $('resign').addEventListener('click', () => act('resign'));
  $('hint').addEventListener('click', () => {
    const id = state.id;
    $('hint-text').textContent = 'thinking...';
    busy(async () => {
      const next = await api('POST', 'game/' + id + '/hint', {});
      $('hint-text').textContent = next.log;
    });
  });
  $('replay-file').addEventListener('change', async () => {
    const file = $('replay-file').files[0];
    if (file) {
      $('replay-text').value = await file.text();
    }
  });
  $('replay-open').addEventListener('click', () => {
    const text = $('replay-text').value;
    busy(async () => {
      const body = { text };
      if (!text.trim().startsWith('{')) {
        body.game = Number(select.value);
      }
      replay = await api('POST', 'replay', body);
      replayText = text;
      $('replay-view').hidden = false;
      select.value = String(replay.game);
      showSeats();
      showFrame(0);
    });
  });
  // The arrow keys, Home and End step through the replay opened, as on
  // `replay --html`'s page (not while typing in a box).
  document.addEventListener('keydown', (event) => {
    const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement.tagName);
    if (!replay || typing) {
      return;
    }
    const to = {
      ArrowLeft: frameAt - 1,
      ArrowRight: frameAt + 1,
      Home: 0,
      End: replay.frames.length - 1,
    }[event.key];
    if (to !== undefined) {
      showFrame(to);
      event.preventDefault();
    }
  });
  $('frame-first').addEventListener('click', () => showFrame(0));
  $('frame-prev').addEventListener('click', () => showFrame(frameAt - 1));
  $('frame-next').addEventListener('click', () => showFrame(frameAt + 1));
  $('frame-last').addEventListener('click', () => showFrame(replay ? replay.frames.length - 1 : 0));
  $('play-here').addEventListener('click', () => {
    if (replay) {
      newGame(replay.game, replay.frames[frameAt].position);
    }
  });
  $('continue').addEventListener('click', () => {
    busy(async () => {
      show(await api('POST', 'load', { text: replayText, agents: [seat(0), seat(1)] }));
    });
  });
}

document.addEventListener('DOMContentLoaded', () => busy(start));

// The page of `ludus serve`: plays a game through the server's JSON API
// (every move, roll and cube action checked there by the library's game
// in progress), takes moves by clicks on the board's sites (`data-site` in
// the SVG), draws the dice and the cube, prompts for every decision that
// waits (a roll, a double to answer, a piece to remove, a roll to choose,
// the next game of a match), asks for the agents' turns, makes the hint's
// turns buttons, and steps through records and PDN games. Plain
// JavaScript, no build step.
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
/** The hint shown: what the server said, the turns it names, the cube
 * action it advises, and the position it was asked in. */
let hint = null;
/** The prompt's text for the state shown, before any click. */
let basePrompt = '';

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

/** An element `tag` with `className` and `text`. */
function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) {
    e.className = className;
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

/** Player `p`'s name in the game shown. */
function playerName(p) {
  return state.players[p] || 'player ' + (p + 1);
}

/** `1 point`, `4 points`. */
function points(n) {
  return n + (n === 1 ? ' point' : ' points');
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

/** The seats of the game selected, by its player order. */
function seatIndices() {
  return [...document.querySelectorAll('#seats .seat:not([hidden])')].map((_, i) => i);
}

/** The agents of every seat, as the server takes them. */
function seatAgents() {
  return seatIndices().map(seat);
}

/** Makes the page's seats `n`, one a player: the first two are the
 * page's own, the others copies of the second, hidden when unused. */
function makeSeats(n) {
  const template = $('seat1');
  for (let i = 2; i < n && !$('seat' + i); i++) {
    const copy = template.cloneNode(true);
    copy.id = 'seat' + i;
    for (const e of copy.querySelectorAll('[id]')) {
      e.id = e.id.replace('seat1', 'seat' + i);
    }
    copy.querySelector('select').addEventListener('change', showSettings);
    $('seat' + (i - 1)).after(copy);
  }
  for (let i = 2; $('seat' + i); i++) {
    $('seat' + i).hidden = i >= n;
  }
}

/** Shows, for each seat, only the settings its agent takes: the thinking
 * time of the searches (expectimax and learned deepen as far as it
 * allows). */
function showSettings() {
  for (const i of seatIndices()) {
    const kind = $('seat' + i + '-kind').value;
    $('seat' + i + '-thinks').hidden = !['mcts', 'expectimax', 'learned'].includes(kind);
  }
}

/** Fills the seat choices and the stakes for the game selected. */
function showSeats() {
  const game = games[$('game-select').value];
  if (!game) {
    return;
  }
  makeSeats(game.players.length);
  for (const i of seatIndices()) {
    $('seat' + i + '-name').textContent = game.players[i] || '';
    const select = $('seat' + i + '-kind');
    const kept = select.value;
    select.innerHTML = '';
    const kinds = [
      ['human', 'a person'],
      ['computer', 'the computer'],
      ['random', 'random'],
      ['mcts', 'MCTS'],
    ];
    // Expectimax searches games of two players alone.
    if (game.players.length === 2) {
      kinds.push(['expectimax', 'expectimax']);
    }
    if (game.learned) {
      kinds.push(['learned', 'learned']);
    }
    for (const [value, text] of kinds) {
      const option = element('option', '', text);
      option.value = value;
      select.appendChild(option);
    }
    const defaultKind = i === 0 ? 'human' : 'computer';
    select.value = kinds.some(([v]) => v === kept) ? kept : defaultKind;
    select.value = select.value || 'human';
  }
  showSettings();
  showMatchChoices(game);
}

/** The stakes a new game of `game` may be played for: one game (money
 * play, where the game has a doubling cube) or a match to N points. */
function showMatchChoices(game) {
  const select = $('match-length');
  const kept = select.value;
  select.innerHTML = '';
  const choices = [['0', game.cube ? 'a money game' : 'one game']];
  // A match to points is for games of two players.
  for (const n of game.players.length === 2 ? [1, 3, 5, 7, 9, 11, 15, 21] : []) {
    choices.push([String(n), 'a match to ' + points(n)]);
  }
  for (const [value, text] of choices) {
    const option = element('option', '', text);
    option.value = value;
    select.appendChild(option);
  }
  select.value = choices.some(([v]) => v === kept) ? kept : '0';
}

/** Pips of a die of `value` on a face 100 units wide. */
const PIPS = {
  1: [[50, 50]],
  2: [[27, 27], [73, 73]],
  3: [[27, 27], [50, 50], [73, 73]],
  4: [[27, 27], [73, 27], [27, 73], [73, 73]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[27, 25], [27, 50], [27, 75], [73, 25], [73, 50], [73, 75]],
  7: [[27, 25], [27, 50], [27, 75], [50, 50], [73, 25], [73, 50], [73, 75]],
  8: [[27, 25], [27, 50], [27, 75], [50, 25], [50, 75], [73, 25], [73, 50], [73, 75]],
  9: [[25, 25], [25, 50], [25, 75], [50, 25], [50, 50], [50, 75], [75, 25], [75, 50], [75, 75]],
};

/** A die showing `value` (pips up to 9, a numeral beyond), in player
 * `p`'s colours; faded once `used`. */
function dieSvg(value, p, used) {
  const [face, ink] = (state && state.colours[p]) || ['#fafafa', '#222222'];
  let body = '<rect x="4" y="4" width="92" height="92" rx="16" fill="' + face
    + '" stroke="#222" stroke-width="4"/>';
  if (PIPS[value] || value === 0) {
    for (const [x, y] of PIPS[value] || []) {
      body += '<circle cx="' + x + '" cy="' + y + '" r="9" fill="' + ink + '"/>';
    }
  } else {
    body += '<text x="50" y="66" text-anchor="middle" font-size="46" font-weight="bold" fill="'
      + ink + '" font-family="sans-serif">' + value + '</text>';
  }
  return '<svg class="die' + (used ? ' used' : '') + '" data-value="' + value
    + '" viewBox="0 0 100 100" role="img" aria-label="' + value + '"><title>' + value
    + (used ? ' (played)' : '') + '</title>' + body + '</svg>';
}

/** A throw of `count` two-valued dice (tetrahedra whose tips are
 * marked or not) that came to `total`: as many drawn marked, the rest
 * blank; their sum is the number played. */
function binaryDiceSvg(count, total, used) {
  let body = '';
  for (let i = 0; i < count; i++) {
    const x = i * 100;
    const fill = i < total ? '#ffe08a' : '#fafafa';
    body += '<polygon points="' + (x + 50) + ',6 ' + (x + 94) + ',90 ' + (x + 6) + ',90" fill="' + fill + '"'
      + ' stroke="#222" stroke-width="4" stroke-linejoin="round"/>';
    body += '<line x1="' + (x + 50) + '" y1="6" x2="' + (x + 50) + '" y2="62" stroke="#222" stroke-width="3"/>';
    body += '<line x1="' + (x + 6) + '" y1="90" x2="' + (x + 50) + '" y2="62" stroke="#222" stroke-width="3"/>';
    body += '<line x1="' + (x + 94) + '" y1="90" x2="' + (x + 50) + '" y2="62" stroke="#222" stroke-width="3"/>';
    if (i < total) {
      body += '<circle class="mark" cx="' + (x + 50) + '" cy="26" r="12" fill="#222"/>';
    }
  }
  const label = count + ' dice: ' + total + ' marked';
  return '<svg class="die binary' + (used ? ' used' : '') + '" data-value="' + total
    + '" viewBox="0 0 ' + 100 * count + ' 100" role="img" aria-label="' + label + '"><title>'
    + label + ', ' + total + ' to play' + (used ? ' (played)' : '') + '</title>' + body + '</svg>';
}

/** The doubling cube at `value` (a cube in the middle shows 64, as on a
 * real cube). */
function cubeSvg(value) {
  const face = value === 1 ? 64 : value;
  const size = String(face).length <= 2 ? 44 : String(face).length === 3 ? 34 : 24;
  return '<svg viewBox="0 0 100 100" role="img" aria-label="cube ' + value + '">'
    + '<rect x="6" y="6" width="88" height="88" rx="10" fill="#fffdf5" stroke="#5a3a1a" stroke-width="5"/>'
    + '<text x="50" y="' + (50 + size * 0.36) + '" text-anchor="middle" font-size="' + size
    + '" font-weight="bold" font-family="sans-serif" fill="#5a3a1a">' + face + '</text></svg>';
}

/** The state received: drawn, then the agent asked to play if it is its turn. */
function show(next) {
  state = next;
  clicks = [];
  $('board').innerHTML = state.svg;
  fitBoard();
  $('position').textContent = state.position;
  $('log').textContent = state.log;
  showMoves();
  showStatus();
  showTable();
  showMatch();
  showPrompt();
  showControls();
  if (hint && hint.key !== hintKey(state)) {
    hint = null;
  }
  showHint();
  highlight();
  document.body.dataset.version = String(Number(document.body.dataset.version) + 1);
  if (!state.over && state.agents[state.acting]) {
    setTimeout(agentTurn, 30);
  }
}

/** Keeps the board's picture within the screen's height as well as its
 * width (a tall board on a wide screen is seen whole, the page's header
 * and prompt above it). */
function fitBoard() {
  const svg = $('board').querySelector('svg');
  const box = svg && svg.viewBox && svg.viewBox.baseVal;
  if (box && box.width > 0 && box.height > 0) {
    svg.style.maxWidth = 'min(760px, calc((100vh - 17rem) * ' + (box.width / box.height).toFixed(4) + '))';
  }
}

/** The moves played, each with the player who played it. */
function showMoves() {
  const moves = $('moves');
  moves.innerHTML = '';
  state.played.forEach((played, i) => {
    const who = state.movers[i];
    const li = element('li');
    li.dataset.player = String(who);
    const name = element('span', 'who');
    const swatch = element('span', 'swatch');
    const [fill] = state.colours[who] || ['#fff'];
    swatch.style.background = fill;
    name.append(swatch, playerName(who));
    li.appendChild(name);
    const roll = state.rolls[i];
    if (roll) {
      li.appendChild(element('span', 'roll', roll + ':'));
    }
    li.append(' ' + played);
    moves.appendChild(li);
  });
  moves.scrollTop = moves.scrollHeight;
}

/** The line saying whose turn it is. */
function showStatus() {
  let status;
  if (state.over) {
    status = 'Game over: ' + state.result;
  } else {
    const p = state.acting;
    const who = state.agents[p] ? ' (' + state.agents[p] + ')' : '';
    const offered = state.stakes.cube && state.stakes.cube.offered !== null;
    status = playerName(p) + who + (offered ? ' to answer the double' : ' to move');
    if (!offered && state.needs_roll) {
      status += ': roll the dice';
    } else if (!offered && state.choosing) {
      status += ': choose a double';
    } else if (!offered && state.dice) {
      status += ', dice ' + state.dice;
    }
    if (state.typed.length) {
      status += '; played ' + state.typed.join(' ') + ', left ' + state.left;
    }
  }
  $('status').textContent = status;
}

/** The dice thrown, the cube and the pip counts, under the board. */
function showTable() {
  $('dice').innerHTML = state.dice_shown
    .map((d) => state.binary_dice
      ? binaryDiceSvg(state.binary_dice, d.value, d.used)
      : dieSvg(d.value, state.to_move, d.used))
    .join('');
  const cube = state.stakes.cube;
  const box = $('cube');
  box.hidden = !cube;
  const finished = state.stakes.finished;
  if (cube && state.over && finished.length && (state.next_game || state.stakes.winner !== null)) {
    // The game scored: the cube as it ended (the next game's is centred).
    const last = finished[finished.length - 1];
    box.innerHTML = cubeSvg(last.cube);
    box.appendChild(element('span', 'where', 'the cube ended at ' + last.cube));
    box.dataset.value = String(last.cube);
    box.dataset.owner = '';
  } else if (cube) {
    let where;
    if (cube.offered !== null) {
      where = playerName(cube.offered) + ' doubles to ' + 2 * cube.value;
    } else if (cube.owner === null) {
      where = 'cube in the middle, at ' + cube.value;
    } else {
      where = 'cube ' + cube.value + ', ' + playerName(cube.owner) + "'s";
    }
    box.innerHTML = cubeSvg(cube.offered !== null ? 2 * cube.value : cube.value);
    box.appendChild(element('span', 'where', where));
    box.dataset.value = String(cube.value);
    box.dataset.owner = cube.owner === null ? '' : String(cube.owner);
  }
  $('pips').textContent = state.pips
    ? 'pips: ' + state.pips.map((n, p) => playerName(p) + ' ' + n).join(', ')
    : '';
}

/** What a finished game scored, in words. */
function scoredText(game, number) {
  if (game.winner === null) {
    return 'game ' + number + ' drawn';
  }
  let how = '';
  if (game.dropped !== null) {
    how = ', ' + playerName(game.dropped) + ' dropped a double to ' + 2 * game.cube;
  } else if (game.resigned !== null) {
    how = ', ' + playerName(game.resigned) + ' resigned';
  } else if (game.cube > 1) {
    how = ', the cube at ' + game.cube;
  }
  return playerName(game.winner) + ' wins game ' + number + ': ' + points(game.points) + how;
}

/** The match (or money play): its length, the score, how far each player
 * is from winning, the Crawford game, the games finished. */
function showMatch() {
  const s = state.stakes;
  const panel = $('match-panel');
  panel.innerHTML = '';
  panel.hidden = !s.cube && s.match === 0;
  if (panel.hidden) {
    return;
  }
  let title;
  if (s.match > 0) {
    title = 'Match to ' + points(s.match);
    if (s.winner !== null) {
      title += ': won by ' + playerName(s.winner);
    } else if (state.over && state.next_game) {
      title += ', after game ' + s.games;
    } else {
      title += ', game ' + (s.games + 1);
      if (s.crawford) {
        title += ' (the Crawford game: no doubling)';
      } else if (s.crawford_done) {
        title += ' (after the Crawford game)';
      }
    }
  } else {
    title = 'Money play, game ' + (state.over ? s.games : s.games + 1);
  }
  panel.appendChild(element('div', 'title', title));
  const table = element('table');
  for (const p of [0, 1]) {
    const row = element('tr');
    row.dataset.player = String(p);
    const name = element('td');
    const swatch = element('span', 'swatch');
    swatch.style.background = (state.colours[p] || ['#fff'])[0];
    name.append(swatch, playerName(p));
    row.append(name, element('td', 'points', String(s.score[p])));
    if (s.match > 0) {
      const away = Math.max(0, s.match - s.score[p]);
      row.appendChild(element('td', 'away', away === 0 ? 'won' : away + ' away'));
    }
    table.appendChild(row);
  }
  panel.appendChild(table);
  if (s.finished.length) {
    const list = element('ol', 'finished');
    s.finished.forEach((game, i) => {
      list.appendChild(element('li', '', scoredText(game, i + 1)));
    });
    panel.appendChild(list);
  }
}

/** The decision that waits, said at the top of the board, with its
 * buttons: a roll (or a double), a double to take or drop, a roll to
 * choose, the next game of a match, a new match once one is won. */
function showPrompt() {
  const s = state.stakes;
  const cube = s.cube;
  const show = { roll: false, double: false, take: false, drop: false, next: false, again: false };
  const choices = $('prompt-choices');
  choices.innerHTML = '';
  let text;
  let kind = 'info';
  const mover = playerName(state.to_move);
  const agent = (p) => state.agents[p];
  if (state.over) {
    kind = 'over';
    const last = s.finished[s.finished.length - 1];
    if (s.match > 0 && s.winner !== null) {
      text = playerName(s.winner) + ' wins the match to ' + s.match + ', '
        + s.score[s.winner] + '-' + s.score[1 - s.winner];
      show.again = true;
    } else if (state.next_game && last) {
      text = scoredText(last, s.games) + '. ';
      if (s.match > 0) {
        text += 'Next: game ' + (s.games + 1) + (s.crawford ? ', the Crawford game' : '');
      } else {
        text += 'Money play: ' + playerName(0) + ' ' + s.score[0] + ', '
          + playerName(1) + ' ' + s.score[1];
      }
      show.next = true;
    } else {
      text = 'Game over: ' + state.result;
    }
  } else if (cube && cube.offered !== null) {
    const doubler = cube.offered;
    const taker = 1 - doubler;
    const to = 2 * cube.value;
    if (agent(taker)) {
      text = playerName(doubler) + ' doubles to ' + to + ': ' + playerName(taker)
        + ' (' + agent(taker) + ') is answering…';
    } else {
      kind = 'decision';
      text = playerName(doubler) + ' doubles to ' + to + '. ' + playerName(taker)
        + ': take (the cube at ' + to + ', yours) or drop (losing ' + points(cube.value) + ')?';
      show.take = true;
      show.drop = true;
    }
  } else if (agent(state.to_move)) {
    text = mover + ' (' + agent(state.to_move) + ') is thinking…';
  } else if (state.needs_roll) {
    kind = 'decision';
    text = mover + ' to roll';
    show.roll = true;
    if (cube && cube.may_double) {
      show.double = true;
      text += ', or to double to ' + 2 * cube.value;
    } else if (cube && s.crawford) {
      text += ' (the Crawford game: no doubling)';
    }
  } else if (state.choosing) {
    kind = 'decision';
    text = mover + ' chooses the double to play:';
    for (const part of state.parts.filter((p) => p.chosen !== null)) {
      const button = element('button', 'chosen');
      button.innerHTML = dieSvg(part.chosen, state.to_move, false)
        + dieSvg(part.chosen, state.to_move, false);
      button.title = part.text;
      button.setAttribute('aria-label', part.text);
      button.dataset.move = part.text;
      button.addEventListener('click', () => send(part.text));
      choices.appendChild(button);
    }
  } else if (state.dice_game && state.dice) {
    text = mover + ' to play ' + state.dice;
    if (state.typed.length) {
      text += ': played ' + state.typed.join(' ') + ', ' + state.left + ' left';
    } else if (state.whole_turns) {
      text += ': type the whole turn';
    } else {
      text += ': click a man, then where it goes';
    }
  } else if (state.parts.some((p) => p.sites.length > 0)) {
    text = mover + ' to move: click on the board, or type a move';
  } else {
    text = mover + ' to move';
  }
  basePrompt = text;
  $('prompt-text').textContent = text;
  $('prompt').dataset.kind = kind;
  $('roll').hidden = !show.roll;
  $('double').hidden = !show.double;
  if (cube) {
    const redouble = cube.owner !== null;
    $('double').textContent = (redouble ? 'Redouble to ' : 'Double to ') + 2 * cube.value;
  }
  $('take').hidden = !show.take;
  $('drop').hidden = !show.drop;
  $('next-game').hidden = !show.next;
  $('new-match').hidden = !show.again;
}

/** The buttons and boxes below the board, as the state allows them. */
function showControls() {
  const person = !state.over && !state.agents[state.acting];
  const offered = state.stakes.cube && state.stakes.cube.offered !== null;
  $('roll').disabled = !(person && state.needs_roll && !offered);
  $('set-dice').disabled = !(person && state.needs_roll && !offered);
  $('dice-controls').hidden = !state.dice_game;
  $('dice-input').placeholder = state.example_roll || '5 3';
  $('play-move').disabled = !person || state.needs_roll || offered;
  $('move-input').placeholder = state.example
    ? 'a move, such as ' + state.example
    : state.needs_roll ? 'roll first' : 'a move';
  $('undo').disabled = false;
  $('hint').disabled = state.over || !person;
  $('resign').disabled = state.over || offered;
  showResignLevels(state.stakes.resign);
  $('apply-seats').disabled = false;
  const record = $('record');
  record.href = '/api/game/' + state.id + '/record';
  record.classList.remove('disabled');
}

/** The choice of what a resignation concedes, where the game scores
 * more than a single game (a gammon, a backgammon): one option per
 * number of points, named by the end rule that scores it. */
function showResignLevels(levels) {
  const select = $('resign-points');
  const options = levels.map((l) => l.points + ':' + l.name).join('|');
  if (select.dataset.options !== options) {
    select.dataset.options = options;
    select.replaceChildren(...levels.map((l) => {
      const option = document.createElement('option');
      option.value = l.points;
      option.textContent = l.points === 1 ? 'a single game' : l.name + ' (' + l.points + ' points)';
      return option;
    }));
  }
  select.hidden = levels.length < 2;
  select.disabled = $('resign').disabled;
}

/** What a hint depends on: the game, the turns played, the position
 * (its dice too) and a double waiting. */
function hintKey(s) {
  const cube = s.stakes.cube;
  return [s.id, s.played.length, s.position, s.stakes.games, cube ? cube.offered : ''].join('|');
}

/** The hint asked for, its turns (and a cube action it advises) as
 * buttons that play them. */
function showHint() {
  const box = $('hints');
  box.innerHTML = '';
  if (!hint) {
    return;
  }
  const lines = hint.text.split('\n').filter((l) => l.trim() !== '');
  for (const line of lines) {
    const words = line.trim();
    const play = hint.plays.find((p) => words === p || words.startsWith(p + '  '));
    if (play !== undefined) {
      const button = element('button', 'hint-play', words);
      button.dataset.move = play;
      button.title = 'play ' + play;
      button.addEventListener('click', () => playHint(play));
      box.appendChild(button);
    } else if (hint.cube && words.startsWith(hint.cube === 'roll' ? 'no double' : hint.cube)) {
      const button = element('button', 'hint-cube', words);
      button.dataset.action = hint.cube;
      button.addEventListener('click', () => act(hint.cube));
      box.appendChild(button);
    } else {
      box.appendChild(element('div', 'line', words));
    }
  }
}

/** Plays a turn the hint named, whole, from the start of the turn. */
function playHint(text) {
  const id = state.id;
  busy(async () => {
    show(await api('POST', 'game/' + id + '/move', { move: text, whole: true }));
  });
}

/** Asks for the turn (or the answer to a double) of the agent that acts. */
function agentTurn() {
  if (!state || state.over || !state.agents[state.acting]) {
    return;
  }
  const id = state.id;
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

/** Marks the sites clicked and those that may come next (an opponent's
 * piece to remove said so); lists as buttons the sites the picture does
 * not draw (trays, zones) and the turns made without clicks (passes, or
 * the turns once the clicks are done). */
function highlight() {
  for (const el of document.querySelectorAll('#board [data-site]')) {
    el.classList.remove('selected', 'target', 'origin', 'removable');
  }
  for (const el of document.querySelectorAll('#board .marker')) {
    el.remove();
  }
  const offboard = $('offboard');
  const choices = $('choices');
  offboard.innerHTML = '';
  choices.innerHTML = '';
  if (!state || state.over || state.agents[state.acting]) {
    return;
  }
  const found = matching(clicks);
  // A piece to remove is the last click of a turn that completes a line.
  const removing = clicks.length > 0 && found.some((p) => p.removes
    && p.sites.length === clicks.length + 1);
  // Where a piece's shot lands is the last click of a turn that shoots.
  const shooting = clicks.length > 0 && found.some((p) => p.shoots
    && p.sites.length === clicks.length + 1);
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
    const role = removing ? 'removable' : clicks.length ? 'target' : 'origin';
    for (const el of document.querySelectorAll('#board [data-site="' + s + '"]')) {
      el.classList.add(role);
    }
    if (clicks.length) {
      mark(s, removing);
    }
    if (!drawn(s)) {
      const button = element('button', '', (removing ? 'remove at ' : clicks.length ? 'to ' : 'from ')
        + state.sites[s]);
      button.dataset.site = String(s);
      button.addEventListener('click', () => clicked(s));
      offboard.appendChild(button);
    }
  }
  if (removing) {
    $('prompt-text').textContent = playerName(state.to_move) + ' completes a line: click a piece of '
      + playerName(1 - state.to_move) + "'s to remove";
    $('prompt').dataset.kind = 'decision';
  } else if (shooting) {
    $('prompt-text').textContent = playerName(state.to_move) + "'s piece shoots: click where the shot lands";
    $('prompt').dataset.kind = 'decision';
  } else if ($('prompt-text').textContent !== basePrompt) {
    $('prompt-text').textContent = basePrompt;
    $('prompt').dataset.kind = 'info';
  }
  // Turns with nothing (more) to click: passes, or several turns that the
  // same clicks make (a roll chosen is offered by the prompt).
  const done = found.filter((p) => p.sites.length === clicks.length && p.chosen === null);
  const texts = [...new Set(done.map((p) => p.text))];
  if (clicks.length || texts.length <= 30) {
    for (const text of texts) {
      const button = element('button', 'choice', 'play ' + text);
      button.addEventListener('click', () => send(text));
      choices.appendChild(button);
    }
  }
  if (clicks.length) {
    const button = element('button', '', 'cancel');
    button.addEventListener('click', () => {
      clicks = [];
      highlight();
    });
    choices.appendChild(button);
  }
}

/** Draws a disc over site `s` (the first shape of it), under the mouse's
 * notice, so that a small point is seen as a place to go (red: a piece
 * to remove). */
function mark(s, removing) {
  const svg = $('board').querySelector('svg');
  const shape = svg && svg.querySelector('[data-site="' + s + '"]');
  if (!shape) {
    return;
  }
  const box = shape.getBBox();
  const disc = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
  disc.setAttribute('class', removing ? 'marker remove' : 'marker');
  disc.setAttribute('cx', String(box.x + box.width / 2));
  disc.setAttribute('cy', String(box.y + box.height / 2));
  disc.setAttribute('r', String(Math.max(12, Math.min(box.width, box.height, 40) / 2)));
  svg.appendChild(disc);
}

/** A site clicked (on the board, or its button): the part of the turn
 * grows by it; once it names exactly one part, that part is played. */
function clicked(s) {
  if (!state || state.over || state.agents[state.acting] || document.body.dataset.busy === '1') {
    return;
  }
  if (state.stakes.cube && state.stakes.cube.offered !== null) {
    $('error').textContent = 'take or drop the double first';
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

/** Starts a game: of `game`, from `position` (null: the setup), for the
 * stakes chosen. */
function newGame(game, position) {
  const seed = $('seed').value.trim();
  const body = {
    game: Number(game),
    agents: seatAgents(),
    match: Number($('match-length').value) || 0,
  };
  if (seed !== '') {
    body.seed = Number(seed);
  }
  if (position) {
    body.position = position;
  }
  busy(async () => {
    hint = null;
    show(await api('POST', 'new', body));
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
    const option = element('option', '', game.label === game.name ? game.name : game.name + ' (' + game.label + ')');
    option.value = String(game.index);
    select.appendChild(option);
  }
  showSeats();
  select.addEventListener('change', showSeats);
  $('seat0-kind').addEventListener('change', showSettings);
  $('seat1-kind').addEventListener('change', showSettings);
  $('new').addEventListener('click', () => newGame(select.value, $('start-position').value.trim()));
  $('new-match').addEventListener('click', () => newGame(state ? state.game : select.value, ''));
  $('apply-seats').addEventListener('click', () => act('agents', { agents: seatAgents() }));
  $('board').addEventListener('click', (event) => {
    const s = siteAt(event);
    if (s !== null) {
      clicked(s);
    }
  });
  $('roll').addEventListener('click', () => act('roll'));
  $('double').addEventListener('click', () => act('double'));
  $('take').addEventListener('click', () => act('take'));
  $('drop').addEventListener('click', () => act('drop'));
  $('next-game').addEventListener('click', () => act('next'));
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
  $('resign').addEventListener('click', () => act('resign', { points: Number($('resign-points').value) || 1 }));
  $('hint').addEventListener('click', () => {
    const id = state.id;
    hint = null;
    $('hints').textContent = 'thinking…';
    busy(async () => {
      try {
        const next = await api('POST', 'game/' + id + '/hint', {});
        hint = { key: hintKey(next), text: next.log, plays: next.hint.plays, cube: next.hint.cube };
        if (state && state.id === id) {
          show(next);
        }
      } finally {
        if (!hint) {
          $('hints').textContent = '';
        }
      }
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
      show(await api('POST', 'load', { text: replayText, agents: seatAgents() }));
    });
  });
}

document.addEventListener('DOMContentLoaded', () => busy(start));

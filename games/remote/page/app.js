/* Cannonade's phone page: a seat's private screen.
 *
 * Plain ES2017 in one file: no modules, no libraries, no build step. Every text
 * that comes from the laptop (player names, game texts) goes into the page with
 * textContent, never as HTML; colours are checked to be #rrggbb before use.
 *
 * The page lives at /s/<token>; it opens ws://<same host>/ws/<token> and gets
 * "hello", then a "state" message with the seat's payload whenever its picture
 * changes (games/remote/payload.py, docs/phones_payload.md). A choice made here
 * becomes the game's own move notation and is sent as {"type":"move"}. At "/" the
 * page asks for the seat's short code instead and trades it for the token.
 *
 * Reconnecting: when the socket drops the page tries again at once, then after
 * 0.5 s, 1 s and every 2 s, and at once whenever the page becomes visible or the
 * phone comes back online. After "replaced" or "bye", or when the laptop says the
 * link is no longer good (403), it stops and says why.
 */
(function () {
  'use strict';

  var PROTOCOL = 1;
  var RETRY_DELAYS = [0, 500, 1000, 2000];
  var PING_EVERY = 15000;      // ms between pings while connected
  var PONG_WAIT = 6000;        // no answer to a ping in this long: the link is dead
  var WAKE_WAIT = 2500;        // ... after the page wakes up (a sleeping phone's socket may be stale)
  var LIST_OPEN_MAX = 40;      // a game with its own controls shows its plain list up to this many moves
  var GROUP_OPEN_MAX = 12;     // a group of more moves than this starts folded
  var TOKEN_RE = /^\/s\/([A-Za-z0-9_-]{16,128})\/?$/;
  var COLOUR_RE = /^#[0-9a-fA-F]{6}$/;
  var SUIT_SIGNS = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };

  var S = {
    token: null, ws: null, opened: false, fatal: false, retries: 0,
    retryTimer: null, pingTimer: null, pongTimer: null,
    hello: null, key: null, seq: null, p: null, sending: null, staged: null, shownConfirm: null, held: null,
    heldRefused: false,
    ui: {}, uiKey: null, wasMine: false, allOpen: false, folds: {}
  };

  // -- small DOM helpers --------------------------------------------------------------------------
  function $(id) { return document.getElementById(id); }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  /* el('button', {cls: 'big', text: 'Go', on: {click: fn}, attrs: {type: 'button'}}, [children]) */
  function el(tag, opts, kids) {
    var node = document.createElement(tag);
    opts = opts || {};
    if (opts.cls) node.className = opts.cls;
    if (opts.text !== undefined && opts.text !== null) node.textContent = String(opts.text);
    if (opts.attrs) {
      Object.keys(opts.attrs).forEach(function (k) { node.setAttribute(k, String(opts.attrs[k])); });
    }
    if (opts.disabled) node.disabled = true;
    if (opts.on) {
      Object.keys(opts.on).forEach(function (k) { node.addEventListener(k, opts.on[k]); });
    }
    if (tag === 'button' && !(opts.attrs && opts.attrs.type)) node.type = 'button';
    (kids || []).forEach(function (k) { if (k) node.appendChild(k); });
    return node;
  }

  var SVG_NS = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs, cls) {
    var node = document.createElementNS(SVG_NS, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    if (cls) node.setAttribute('class', cls);
    return node;
  }

  function show(id) {
    ['join', 'stopped', 'seat', 'loading'].forEach(function (s) { $(s).hidden = s !== id; });
  }

  function banner(text, bad) {
    var b = $('banner');
    b.textContent = text || '';
    b.hidden = !text;
    b.className = 'banner' + (bad ? ' bad' : '');
  }

  /* The page's one line for a refusal or a warning. It sticks under the seat bar, so a
     refusal of a move typed at the foot of a long page is seen where the player is. */
  function note(text, bad) {
    var n = $('note');
    n.textContent = text || '';
    n.hidden = !text;
    n.className = 'message note' + (bad ? '' : ' ok');
    if (text) n.style.top = $('seatbar').getBoundingClientRect().height + 'px';
  }

  function safeColour(c, fallback) { return COLOUR_RE.test(String(c || '')) ? String(c) : fallback; }

  function inkFor(hex) {
    var r = parseInt(hex.slice(1, 3), 16) / 255, g = parseInt(hex.slice(3, 5), 16) / 255,
      b = parseInt(hex.slice(5, 7), 16) / 255;
    function lin(c) { return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); }
    var lum = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    return lum > 0.3 ? '#16120c' : '#ffffff';
  }

  function setSeatColour(c) {
    var hex = safeColour(c, '#e8b048');
    var root = document.documentElement.style;
    root.setProperty('--seat', hex);
    root.setProperty('--seat-ink', inkFor(hex));
  }

  function seatName(p, seat) {
    if (p && p.names && seat !== null && seat !== undefined && p.names[seat] !== undefined) return String(p.names[seat]);
    return 'Player ' + (Number(seat) + 1);
  }

  function seatDot(p, seat) {
    var d = el('span', { cls: 'dot', attrs: { 'aria-hidden': 'true' } });
    var c = p && p.colours ? safeColour(p.colours[seat], '#888888') : '#888888';
    d.style.backgroundColor = c;
    return d;
  }

  function vibrate(pattern) {
    try {
      // a browser ignores (and complains about) vibration before the first tap on the page
      var ua = navigator.userActivation;
      if (navigator.vibrate && (!ua || ua.hasBeenActive)) navigator.vibrate(pattern);
    } catch (err) {
      console.warn('vibrate failed', err);
    }
  }

  // -- the connection -------------------------------------------------------------------------------
  function wsUrl(path) {
    return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path;
  }

  /* The seat's phone key: the laptop gives it to the first phone that joins a seat, and
     the seat then opens only for a connection that shows it. Kept per link, so a reload,
     a reopened tab or a phone that slept comes back in; the link alone (seen on the
     laptop's screen) opens nothing for another phone. */
  function keyName() { return 'cannonade-key:' + S.token; }
  function storedKey() {
    try { return localStorage.getItem(keyName()) || ''; } catch (err) { return S.key || ''; }
  }
  function keepKey(key) {
    S.key = key;
    try { localStorage.setItem(keyName(), key); } catch (err) { console.warn('the phone key is kept for this page only', err); }
  }

  function connect() {
    if (S.fatal || S.ws) return;
    clearTimeout(S.retryTimer);
    S.retryTimer = null;
    var sock;
    try {
      var key = storedKey();
      sock = new WebSocket(wsUrl('/ws/' + encodeURIComponent(S.token) + (key ? '?k=' + encodeURIComponent(key) : '')));
    } catch (err) {
      console.error('could not open the socket', err);
      schedule();
      return;
    }
    S.ws = sock;
    S.opened = false;
    sock.addEventListener('open', function () {
      if (S.ws !== sock) return;
      S.opened = true;
      banner('');
      startPings();
    });
    sock.addEventListener('message', function (ev) {
      if (S.ws !== sock) return;
      onMessage(ev.data);
    });
    sock.addEventListener('close', function (ev) {
      if (S.ws !== sock) return;
      S.ws = null;
      stopPings();
      if (S.sending) {
        S.sending = null;
        note('The connection dropped before the laptop answered: look again, then choose again if needed.', true);
      }
      if (S.fatal) return;
      if (!S.opened) probe(ev.code);
      else schedule();
    });
    sock.addEventListener('error', function () {
      // the close event follows and decides what next; nothing to add here
    });
  }

  function schedule() {
    if (S.fatal || S.ws || S.retryTimer) return;
    var delay = RETRY_DELAYS[Math.min(S.retries, RETRY_DELAYS.length - 1)];
    S.retries += 1;
    banner(navigator.onLine === false ? 'No network: waiting for it\u2026' : 'Reconnecting\u2026', false);
    S.retryTimer = setTimeout(function () { S.retryTimer = null; connect(); }, delay);
  }

  /* The socket never opened. A browser does not tell a page why a WebSocket
     handshake failed, so ask the socket's address with a plain GET: the laptop
     answers 403 to a token it does not know (426, "upgrade required", to one it
     does). A 403 means the link is no longer good, and trying again would never
     help; anything else (no answer at all: the laptop asleep, the Wi-Fi gone)
     is worth another try. */
  function probe(code) {
    fetch('/ws/' + encodeURIComponent(S.token), { method: 'GET', cache: 'no-store', credentials: 'omit' })
      .then(function (r) {
        if (r.status === 403) {
          stop('This link no longer opens a seat',
            'The laptop does not know this link any more (a new game, or the game was reopened with new links). ' +
            'Scan the code on the laptop\'s screen again.', false);
        } else {
          schedule();
        }
      })
      .catch(function (err) {
        console.info('the laptop is not reachable yet (close code ' + code + ')', err);
        schedule();
      });
  }

  function reconnectNow() {
    if (S.fatal || !S.token) return;
    if (S.ws) return;
    S.retries = 0;
    clearTimeout(S.retryTimer);
    S.retryTimer = null;
    connect();
  }

  function send(obj) {
    if (!S.ws || S.ws.readyState !== 1) return false;
    S.ws.send(JSON.stringify(obj));
    return true;
  }

  function startPings() {
    stopPings();
    S.pingTimer = setInterval(function () { ping(PONG_WAIT); }, PING_EVERY);
  }

  function stopPings() {
    clearInterval(S.pingTimer);
    clearTimeout(S.pongTimer);
    S.pingTimer = null;
    S.pongTimer = null;
  }

  /* Ask the laptop for a pong; without one in `wait` ms the socket is dropped and reopened. */
  function ping(wait) {
    if (!S.ws || S.ws.readyState !== 1) return;
    if (S.pongTimer) return;
    send({ type: 'ping' });
    var sock = S.ws;
    S.pongTimer = setTimeout(function () {
      S.pongTimer = null;
      if (S.ws === sock) {
        console.info('no pong: reopening the connection');
        try { sock.close(); } catch (err) { console.warn(err); }
        S.ws = null;
        stopPings();
        reconnectNow();
      }
    }, wait);
  }

  /* Anything from the laptop: the socket is alive, so no "No network" or "Reconnecting"
     banner may stay up (the browser's offline event can come and go while the socket
     itself survives, and only a pong then says so). */
  function heard() {
    clearTimeout(S.pongTimer);
    S.pongTimer = null;
    if (S.ws && S.ws.readyState === 1 && !S.fatal) banner('');
  }

  function stop(title, why, canRetry) {
    S.fatal = true;
    clearTimeout(S.retryTimer);
    S.retryTimer = null;
    stopPings();
    if (S.ws) {
      try { S.ws.close(); } catch (err) { console.warn(err); }
      S.ws = null;
    }
    banner('');
    $('stoptitle').textContent = title;
    $('stopwhy').textContent = why || '';
    $('again').hidden = !canRetry;
    // a page with no way back in on its own: the laptop's code for the seat still is one
    $('tocodeline').hidden = !!canRetry;
    show('stopped');
    document.title = 'Cannonade';
  }

  function onMessage(raw) {
    var msg;
    try {
      msg = JSON.parse(raw);
    } catch (err) {
      console.error('the laptop sent something that is not JSON', err);
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    heard();
    switch (msg.type) {
      case 'hello': onHello(msg); break;
      case 'state': onState(msg); break;
      case 'refused':
        S.sending = null;
        // a staged move the laptop could not play now ("a menu is open") stays staged:
        // one tap plays it again
        if (S.staged && !S.ui.confirm) S.ui.confirm = S.staged;
        S.staged = null;
        var why = msg.why ? String(msg.why) : 'The laptop refused that.';
        if (S.held && why === S.held) {
          // the hold's own line turns red rather than a second copy of it (a play-test
          // read "The laptop has a menu open" twice, one under the other)
          S.heldRefused = true;
          note('');
        } else {
          note(why, true);
        }
        render();
        break;
      case 'error':
        S.sending = null;
        note(msg.why ? String(msg.why) : 'Something went wrong on the laptop.', true);
        render();
        break;
      case 'replaced':
        stop('This seat moved to another phone', msg.why ? String(msg.why) : '', true);
        break;
      case 'taken':
        stop('This seat is played on another phone', msg.why ? String(msg.why) : '', false);
        break;
      case 'bye':
        stop('This phone is no longer in the game', msg.why ? String(msg.why) : '', false);
        break;
      case 'held':
        S.held = msg.why ? String(msg.why) : null;
        S.heldRefused = false;
        render();
        break;
      case 'pong': break;
      default:
        console.info('unknown message type', msg.type);
    }
  }

  function onHello(msg) {
    if (msg.protocol !== PROTOCOL) {
      stop('Update needed', 'The laptop speaks a different version of Cannonade\'s phone protocol (' +
        String(msg.protocol) + ', this page knows ' + PROTOCOL + '). Reload this page.', false);
      return;
    }
    S.hello = msg;
    if (msg.key) keepKey(String(msg.key));
    S.held = null;                  // a hold, if any, is told after the state
    S.retries = 0;
    $('seatname').textContent = msg.name ? String(msg.name) : 'Player ' + (Number(msg.seat) + 1);
    setSeatColour(msg.colour);
    if (!S.p) {
      show('seat');
      $('turn').textContent = 'Waiting for the table\u2026';
    }
  }

  function uiKeyOf(p) {
    var v = p.view || {};
    return JSON.stringify([p.to_move, p.status, p.moves_total, p.perform, v.decision || null, v.phase || null]);
  }

  function onState(msg) {
    var p = msg.payload;
    if (!p || typeof p !== 'object') return;
    S.seq = msg.seq;
    S.p = p;
    S.sending = null;
    var key = uiKeyOf(p);
    var fresh = key !== S.uiKey;
    if (fresh) {
      S.ui = {};
      S.staged = null;
      S.uiKey = key;
      note('');
      $('typedtext').value = '';
    }
    if (p.your_turn && (!S.wasMine || fresh)) vibrate([120, 80, 120]);
    S.wasMine = !!p.your_turn;
    $('gametitle').textContent = p.title ? String(p.title) : '';
    if (p.colours && p.seat !== undefined) setSeatColour(p.colours[p.seat]);
    if (p.names && p.seat !== undefined) $('seatname').textContent = seatName(p, p.seat);
    document.title = (p.your_turn ? '\u25CF Your turn - ' : '') + 'Cannonade';
    show('seat');
    render();
  }

  // -- making moves ---------------------------------------------------------------------------------
  function sendMove(text) {
    if (S.sending) return;
    if (!send({ type: 'move', text: String(text), seq: S.seq })) {
      note('Not connected: nothing was sent. Reconnecting\u2026', true);
      reconnectNow();
      return;
    }
    S.sending = String(text);
    S.staged = S.ui.confirm && S.ui.confirm.text === String(text) ? S.ui.confirm : null;
    S.ui.confirm = null;
    note('');
    render();
  }

  /* Stage a move: the confirm bar shows `label` and plays `text` when tapped. */
  function propose(text, label) {
    S.ui.confirm = { text: text, label: label };
    render();
  }

  function renderConfirm() {
    var c = S.ui.confirm, bar = $('confirm');
    var p = S.p;
    if (!c || !p || !p.your_turn || p.over) {
      bar.hidden = true;
      return;
    }
    bar.hidden = false;
    if (c.text !== S.shownConfirm) {
      // a newly staged move: an old refusal is not about it (a move the laptop refused
      // and put back in the bar is the same move, and its refusal stays)
      S.shownConfirm = c.text;
      note('');
    }
    $('confirmtext').textContent = c.label;
    $('confirmgo').disabled = !!S.sending;
    $('confirmgo').textContent = S.sending ? 'Sending\u2026' : 'Play';
  }

  // -- the page ---------------------------------------------------------------------------------------
  function render() {
    var p = S.p;
    if (!p) return;
    renderTurn(p);
    // why the laptop holds moves now ("a menu is open"), said before a tap is refused
    $('held').textContent = S.held && !p.over ? S.held : '';
    $('held').hidden = !(S.held && !p.over);
    $('held').className = 'held' + (S.heldRefused ? ' refused' : '');
    $('status').textContent = p.status ? String(p.status) : '';
    var perform = $('perform');
    perform.hidden = !p.perform;
    perform.textContent = p.perform ? String(p.perform) : '';
    perform.disabled = !!S.sending;
    var game = $('game');
    clear(game);
    var own = false;
    var kind = p.view && p.view.kind;
    var renderer = Object.prototype.hasOwnProperty.call(RENDERERS, kind) ? RENDERERS[kind] : null;
    if (renderer) {
      try {
        own = renderer(game, p) === true;
      } catch (err) {
        console.error('drawing the game failed', err);
        game.appendChild(el('p', { cls: 'message', text: 'This screen could not draw the game; the list of moves still works.' }));
      }
    }
    renderMoves(p, own);
    $('typed').hidden = !(p.your_turn && !p.perform && (p.moves_total || 0) > 0);
    renderLog(p);
    renderConfirm();
  }

  function renderTurn(p) {
    var t = $('turn');
    var cls = 'turn';
    var text;
    if (p.over) {
      text = String(p.headline || 'Game over') + (p.result ? ': ' + String(p.result) : '');
      cls += ' over';
    } else if (S.sending) {
      text = S.sending === 'perform' ? 'Watch the laptop\u2026' : 'Sending your move\u2026';
      cls += ' mine';
    } else if (p.perform) {
      text = 'Your turn: ' + String(p.perform);
      cls += ' mine';
    } else if (p.your_turn) {
      text = 'Your turn';
      cls += ' mine';
    } else if (p.waiting_for) {
      text = 'Waiting for ' + String(p.waiting_for);
    } else {
      text = 'Waiting\u2026';
    }
    t.textContent = text;
    t.className = cls;
  }

  function groupsOf(moves) {
    var order = [], by = Object.create(null);
    moves.forEach(function (m) {
      var g = m.group ? String(m.group) : 'Moves';
      if (!by[g]) { by[g] = []; order.push(g); }
      by[g].push(m);
    });
    return order.map(function (g) { return { name: g, moves: by[g] }; });
  }

  function moveButton(m) {
    var text = String(m.text), label = m.label ? String(m.label) : text;
    var chosen = S.ui.confirm && S.ui.confirm.text === text;
    return el('button', {
      cls: chosen ? 'selected' : '', text: label, disabled: !!S.sending,
      attrs: { 'data-move': text },
      on: { click: function () { propose(text, label); } }
    });
  }

  function renderMoves(p, own) {
    var box = $('moves');
    clear(box);
    box.className = 'moves';
    if (!p.your_turn || p.over) return;
    var moves = p.moves || [];
    var total = p.moves_total || 0;
    if (moves.length) {
      var folded = own && moves.length > LIST_OPEN_MAX;
      if (own) {
        var open = S.allOpen || !folded;
        if (folded) {
          box.appendChild(el('button', {
            cls: 'wide toggle', text: S.allOpen ? 'Hide the list of moves' : 'All moves (' + moves.length + ')',
            attrs: { 'aria-expanded': S.allOpen ? 'true' : 'false' },
            on: { click: function () { S.allOpen = !S.allOpen; render(); } }
          }));
        } else {
          box.appendChild(el('h2', { text: 'Or choose from the list' }));
        }
        if (!open) return;
      } else {
        box.appendChild(el('h2', { text: 'Your moves' }));
      }
      groupsOf(moves).forEach(function (g) {
        var grid = el('div', { cls: 'movegrid' }, g.moves.map(moveButton));
        if (g.moves.length > GROUP_OPEN_MAX) {
          var det = el('details', {}, [el('summary', { text: g.name + ' (' + g.moves.length + ')' }), grid]);
          det.open = !!S.folds[g.name];
          det.addEventListener('toggle', function () { S.folds[g.name] = det.open; });
          box.appendChild(det);
        } else {
          box.appendChild(el('h3', { text: g.name }));
          box.appendChild(grid);
        }
      });
    }
    if (total > moves.length && !(p.view && p.view.decision && p.view.decision.kind === 'setup')) {
      box.appendChild(el('p', {
        cls: 'morenote',
        text: (total - moves.length) + ' more legal moves are not listed; type one below.'
      }));
    }
  }

  function renderLog(p) {
    var ol = $('log');
    clear(ol);
    var lines = (p.log || []).slice().reverse();
    if (!lines.length) {
      ol.appendChild(el('li', { cls: 'dim', text: 'No moves yet.' }));
      return;
    }
    lines.forEach(function (line) {
      var kids = [];
      if (line.seat !== null && line.seat !== undefined) {
        kids.push(seatDot(p, line.seat));
        kids.push(el('span', { cls: 'who', text: seatName(p, line.seat) + ':' }));
        kids.push(el('span', { text: String(line.text) }));
      } else {
        kids.push(el('span', { cls: 'dim', text: String(line.text) }));
      }
      ol.appendChild(el('li', {}, kids));
    });
  }

  // -- Cannon Corps ----------------------------------------------------------------------------------
  var ROWS = ['A', 'B', 'C'];
  var COLS = ['1', '2', '3', '4'];

  function diceOrder(v, dice) {
    return dice.slice().sort(function (a, b) { return v.dice.indexOf(a) - v.dice.indexOf(b); });
  }

  function markText(m) {
    if (!m) return '';
    return (m.hit ? 'hit' : 'miss') + (m.ago === 0 ? ' now' : ' ' + m.ago + ' ago');
  }

  /* A 3x4 grid: cellFn(space) -> {cls, kids, onTap} */
  function grid3x4(cellFn, mini, label) {
    var g = el('div', { cls: 'grid' + (mini ? ' mini' : ''), attrs: { role: 'grid', 'aria-label': label || 'grid' } });
    g.appendChild(el('span'));
    COLS.forEach(function (c) { g.appendChild(el('span', { cls: 'lab', text: c })); });
    ROWS.forEach(function (r) {
      g.appendChild(el('span', { cls: 'lab', text: r }));
      COLS.forEach(function (c) {
        var sp = r + c, spec = cellFn(sp) || {};
        var tag = spec.onTap ? 'button' : 'div';
        var kids = [el('span', { cls: 'sp', text: sp })].concat(spec.kids || []);
        var cell = el(tag, {
          cls: 'cell ' + (spec.cls || ''), disabled: spec.onTap && !!S.sending,
          attrs: { 'aria-label': sp + (spec.aria ? ': ' + spec.aria : ''), 'data-space': sp }
        }, kids);
        if (spec.onTap) cell.addEventListener('click', spec.onTap);
        g.appendChild(cell);
      });
    });
    return g;
  }

  function dieChip(die, opts) {
    opts = opts || {};
    var b = el(opts.onTap ? 'button' : 'span', {
      cls: 'chip ' + (opts.onTap ? '' : 'badge ') + (opts.cls || ''), text: opts.text || die,
      disabled: opts.onTap && !!S.sending, attrs: { 'data-die': die }
    });
    if (opts.onTap) b.addEventListener('click', opts.onTap);
    return b;
  }

  function corps(root, p) {
    var v = p.view, d = v.decision || {}, ui = S.ui;
    var mine = p.your_turn && !p.over;
    var kind = mine ? d.kind : (d.kind === 'over' ? 'over' : 'wait');

    if (v.last_shot) root.appendChild(lastShotCard(p, v.last_shot));

    var panel = el('div', { cls: 'card' });
    root.appendChild(panel);
    var gridMode = corpsDecision(panel, p, v, d, kind, ui);

    root.appendChild(el('h2', { text: v.out ? 'Your grid (you are out)' : 'Your grid' }));
    root.appendChild(grid3x4(function (sp) { return ownCell(p, v, d, kind, ui, sp, gridMode); }, false, 'your grid'));
    root.appendChild(reservesRow(p, v, d, kind, ui));

    if (v.news && v.news.length) {
      var news = el('div', { cls: 'card' }, [el('h3', { text: 'Only you know' })]);
      news.appendChild(el('ul', { cls: 'news' }, v.news.map(function (t) { return el('li', { text: t }); })));
      root.appendChild(news);
    }

    root.appendChild(el('h2', { text: 'The other commanders' }));
    (v.others || []).forEach(function (o) { root.appendChild(opponentCard(p, v, o)); });
    return true;
  }

  function lastShotCard(p, shot) {
    var who = shot.seat === p.seat ? 'You' : seatName(p, shot.seat);
    var line = who + ': power ' + shot.power + ' shot at ' + shot.space + (shot.salvo ? ' (FINAL SALVO)' : '');
    var ans = (shot.answers || []).map(function (a) {
      return (a[0] === p.seat ? 'you' : seatName(p, a[0])) + ' ' + (a[1] ? 'hit' : 'miss');
    });
    return el('div', { cls: 'card' }, [
      el('h3', { text: 'Last shot' }),
      el('p', { text: line + (ans.length ? ' \u2014 ' + ans.join(', ') : '') })
    ]);
  }

  function setupPlaced(ui) {
    if (!ui.setup) ui.setup = {};
    return ui.setup;
  }

  function corpsDecision(panel, p, v, d, kind, ui) {
    var h = function (t) { panel.appendChild(el('h3', { text: t })); };
    var hint = function (t) { panel.appendChild(el('p', { cls: 'hint', text: t })); };
    if (kind === 'setup') {
      var placed = setupPlaced(ui), count = Object.keys(placed).length;
      h('Hide four platoons (' + count + ' of 4 placed)');
      hint('Tap a die below, then a space on your grid. Tap a placed die to take it back. ' +
        'The three dice you keep are your reserves.');
      if (count === 4) {
        var pairs = diceOrder(v, Object.keys(placed).map(function (sp) { return placed[sp]; }))
          .map(function (die) {
            var sp = Object.keys(placed).filter(function (s) { return placed[s] === die; })[0];
            return die + '@' + sp;
          });
        var text = 'setup ' + pairs.join(' ');
        if (ui.dismissed !== text && (!ui.confirm || ui.confirm.text !== text)) {
          ui.confirm = { text: text, label: 'Hide: ' + pairs.join(', ').replace(/@/g, ' on ') };
        }
      } else if (ui.confirm) {
        ui.confirm = null;
      }
      if (count) {
        panel.appendChild(el('button', {
          cls: 'wide', text: 'Clear the grid',
          on: { click: function () { ui.setup = {}; ui.selDie = null; ui.confirm = null; render(); } }
        }));
      }
      return 'setup';
    }
    if (kind === 'fire') {
      h('Fire: choose a platoon, then a space');
      var chips = el('div', { cls: 'chips' });
      platoons(v).forEach(function (pl) {
        chips.appendChild(dieChip(pl.die, {
          text: pl.die + ' \u00B7 ' + pl.value + (pl.value === 1 ? ' (salvo)' : ''),
          cls: 'big' + (ui.fireDie === pl.die ? ' selected' : ''),
          onTap: function () { ui.fireDie = pl.die; ui.confirm = null; updateFire(v, ui); render(); }
        }));
      });
      panel.appendChild(chips);
      var sel = ui.fireDie ? findDie(v, ui.fireDie) : null;
      if (!sel) hint('Tap a platoon: its value is the power of the shot, and firing halves it.');
      else if (sel.value === 1) panel.appendChild(el('p', { cls: 'salvo-warn', text: 'Your ' + ui.fireDie + ' is at 1: it fires a FINAL SALVO. Whatever it hits is defeated, and it falls too.' }));
      else hint('Your ' + ui.fireDie + ' fires with power ' + sel.value + ' and drops to ' + Math.floor(sel.value / 2) + '.');
      panel.appendChild(el('h3', { text: 'Target: tap a space' }));
      panel.appendChild(grid3x4(function (sp) { return targetCell(p, v, ui, sp); }, false, 'target'));
      hint('The shot lands on that space of every other grid (never your own). Dots: each opponent\'s ' +
        'last answer there, filled for a hit, a ring for a miss.');
      return 'fire';
    }
    if (kind === 'cover') {
      h('Your ' + d.die + ' on ' + d.space + ' was hit');
      hint('It took ' + d.damage + ' damage and is now ' + d.value + '. Run for cover to an empty space next to it, ' +
        'or stay where it is: the table hears "ran for cover" either way.');
      var row = el('div', { cls: 'row' });
      var opts = d.options || [];
      row.appendChild(el('button', {
        cls: 'big' + (ui.coverMode ? ' selected' : ''), text: 'Run for cover', disabled: !opts.length || !!S.sending,
        on: {
          click: function () {
            ui.coverMode = true;
            if (opts.length === 1) propose('cover ' + d.die + ' ' + opts[0], 'Run ' + d.die + ' to ' + opts[0]);
            else { ui.confirm = null; render(); }
          }
        }
      }));
      row.appendChild(el('button', {
        cls: 'big' + (ui.confirm && ui.confirm.text === 'stay ' + d.die ? ' selected' : ''),
        text: 'Stay (bluff)', disabled: !!S.sending,
        on: { click: function () { ui.coverMode = false; propose('stay ' + d.die, 'Stay on ' + d.space + ' (bluff)'); } }
      }));
      panel.appendChild(row);
      if (!opts.length) hint('No empty space next to it: it can only stay.');
      else if (ui.coverMode) hint('Tap a lit space on your grid.');
      return 'cover';
    }
    if (kind === 'deploy') {
      h('Deploy a reserve');
      hint('One of your platoons fell. Tap a reserve die, then an empty space: it comes in at full power.');
      return 'deploy';
    }
    if (kind === 'over') {
      h(String(p.headline || (v.winner ? 'You won!' : 'Game over')));
      hint('Every grid is revealed below.');
      return 'over';
    }
    h(p.waiting_for ? 'Waiting for ' + p.waiting_for : 'Waiting');
    if (v.out) hint('You are out of the game; you can still watch the table here.');
    else if (d.kind === 'setup' && Object.keys(v.grid || {}).length === 0) hint('You hide your platoons when it is your turn to set up.');
    else hint('Your grid and what the table knows about it are below.');
    return 'wait';
  }

  function platoons(v) {
    var g = v.grid || {};
    return diceOrder(v, Object.keys(g).map(function (sp) { return g[sp].die; })).map(function (die) {
      return findDie(v, die);
    });
  }

  function findDie(v, die) {
    var g = v.grid || {};
    for (var sp in g) {
      if (Object.prototype.hasOwnProperty.call(g, sp) && g[sp].die === die) {
        return { die: die, space: sp, value: g[sp].value, full: g[sp].full };
      }
    }
    return null;
  }

  function ownCell(p, v, d, kind, ui, sp, mode) {
    var g = v.grid || {}, mark = (v.marks || {})[sp];
    var kids = [], cls = '', onTap = null, aria = '';
    if (mode === 'setup') {
      var placed = setupPlaced(ui), die = placed[sp];
      if (die) {
        kids.push(el('span', { cls: 'die', text: die }));
        kids.push(el('span', { cls: 'val', text: String(v.sizes[die]) }));
        cls = 'mine';
        aria = die + ' placed';
        onTap = function () { delete placed[sp]; ui.selDie = die; render(); };
      } else if (ui.selDie && Object.keys(placed).length < 4) {
        cls = 'pick';
        aria = 'empty';
        onTap = function () { placed[sp] = ui.selDie; ui.selDie = null; render(); };
      } else {
        aria = 'empty';
      }
      return { cls: cls, kids: kids, onTap: onTap, aria: aria };
    }
    var pl = g[sp];
    if (pl) {
      kids.push(el('span', { cls: 'die', text: pl.die }));
      kids.push(el('span', { cls: 'val', text: String(pl.value) }));
      cls = 'mine' + (pl.salvo ? ' salvo' : '');
      aria = pl.die + ' at ' + pl.value + (pl.salvo ? ', final salvo' : '');
    }
    if (mark) kids.push(el('span', { cls: 'mk ' + (mark.hit ? 'h' : 'm'), text: markText(mark) }));
    if (mode === 'fire' && pl) {
      if (ui.fireDie === pl.die) cls += ' chosen';
      onTap = function () { ui.fireDie = pl.die; ui.confirm = null; updateFire(v, ui); render(); };
    } else if (mode === 'cover') {
      if (sp === d.space) cls += ' hitnow';
      if ((d.options || []).indexOf(sp) >= 0 && ui.coverMode) {
        cls += ' pick';
        if (ui.confirm && ui.confirm.text === 'cover ' + d.die + ' ' + sp) cls += ' chosen';
        onTap = function () { propose('cover ' + d.die + ' ' + sp, 'Run ' + d.die + ' to ' + sp); };
      } else if (sp === d.space) {
        onTap = function () { ui.coverMode = false; propose('stay ' + d.die, 'Stay on ' + d.space + ' (bluff)'); };
      }
    } else if (mode === 'deploy' && (d.options || []).indexOf(sp) >= 0 && ui.deployDie) {
      cls += ' pick';
      if (ui.confirm && ui.confirm.text === 'deploy ' + ui.deployDie + ' ' + sp) cls += ' chosen';
      onTap = function () {
        propose('deploy ' + ui.deployDie + ' ' + sp, 'Deploy ' + ui.deployDie + ' on ' + sp + ' at ' + v.sizes[ui.deployDie]);
      };
    }
    return { cls: cls, kids: kids, onTap: onTap, aria: aria + (mark ? ' ' + markText(mark) : '') };
  }

  function updateFire(v, ui) {
    if (ui.fireDie && ui.fireSpace) {
      var pl = findDie(v, ui.fireDie);
      var salvo = pl && pl.value === 1;
      propose('fire ' + ui.fireDie + ' ' + ui.fireSpace,
        (salvo ? 'FINAL SALVO: ' : 'Fire ') + ui.fireDie + ' (power ' + (pl ? pl.value : '?') + ') at ' + ui.fireSpace);
    }
  }

  function targetCell(p, v, ui, sp) {
    var dots = [];
    (v.others || []).forEach(function (o) {
      if (o.out) return;
      var m = (o.marks || {})[sp];
      if (!m) return;
      var dot = el('span', { cls: 'mdot' + (m.hit ? '' : ' miss') });
      var c = safeColour(p.colours && p.colours[o.seat], '#888888');
      dot.style.borderColor = c;
      dot.style.backgroundColor = c;
      dots.push(dot);
    });
    var kids = [];
    if (dots.length) kids.push(el('span', { cls: 'dots' }, dots));
    return {
      cls: 'fog' + (ui.fireSpace === sp ? ' chosen' : ''), kids: kids,
      onTap: function () { ui.fireSpace = sp; if (!ui.fireDie) { render(); return; } updateFire(v, ui); }
    };
  }

  function reservesRow(p, v, d, kind, ui) {
    var box = el('div', { cls: 'card' });
    if (kind === 'setup') {
      var placed = setupPlaced(ui);
      var used = Object.keys(placed).map(function (s) { return placed[s]; });
      box.appendChild(el('h3', { text: 'Your dice' }));
      var chips = el('div', { cls: 'chips' });
      v.dice.forEach(function (die) {
        if (used.indexOf(die) >= 0) return;
        chips.appendChild(dieChip(die, {
          text: die + ' (' + v.sizes[die] + ')', cls: ui.selDie === die ? 'selected' : '',
          onTap: Object.keys(placed).length < 4 ? function () { ui.selDie = ui.selDie === die ? null : die; render(); } : null
        }));
      });
      box.appendChild(chips);
      return box;
    }
    box.appendChild(el('h3', { text: 'Reserves' }));
    var row = el('div', { cls: 'chips' });
    var res = kind === 'deploy' ? (d.reserves || []) : (v.reserves || []);
    if (!res.length) row.appendChild(el('span', { cls: 'dim', text: 'None left.' }));
    res.forEach(function (die) {
      row.appendChild(dieChip(die, {
        text: die + ' (' + v.sizes[die] + ')', cls: ui.deployDie === die ? 'selected' : '',
        onTap: kind === 'deploy' ? function () { ui.deployDie = die; ui.confirm = null; render(); } : null
      }));
    });
    box.appendChild(row);
    if ((v.defeated || []).length) {
      box.appendChild(el('h3', { text: 'Defeated' }));
      box.appendChild(el('div', { cls: 'chips' }, v.defeated.map(function (die) { return dieChip(die, { cls: 'gone' }); })));
    }
    return box;
  }

  function opponentCard(p, v, o) {
    var head = el('div', { cls: 'opphead' }, [seatDot(p, o.seat), el('strong', { text: seatName(p, o.seat) })]);
    if (o.winner) head.appendChild(el('span', { cls: 'badge good', text: 'WINNER' }));
    if (o.out) head.appendChild(el('span', { cls: 'badge bad', text: 'OUT' }));
    // an out seat's counts are over ("0 on the grid" read wrong above a revealed grid
    // still holding the dice that stood when it fell): say what the grid below is
    var facts = o.out ? (o.revealed ? 'Out: its grid as it stood when it fell' : 'Out of the game') :
      !o.set_up ? 'Not set up yet' :
      o.platoons + ' on the grid, ' + (o.reserves ? o.reserves + ' in reserve' : 'no reserve');
    var kids = [head, el('div', { cls: 'hint', text: facts })];
    if ((o.defeated || []).length) {
      kids.push(el('div', { cls: 'chips' }, o.defeated.map(function (die) { return dieChip(die, { cls: 'gone' }); })));
    }
    kids.push(grid3x4(function (sp) {
      var rev = o.revealed && o.revealed[sp];
      var m = (o.marks || {})[sp];
      var k = [];
      if (rev) {
        k.push(el('span', { cls: 'die', text: rev[0] }));
        k.push(el('span', { cls: 'val', text: String(rev[1]) }));
      }
      if (m) k.push(el('span', { cls: 'mk ' + (m.hit ? 'h' : 'm'), text: markText(m) }));
      return { cls: rev ? 'mine' : 'fog', kids: k, aria: (rev ? rev[0] + ' ' + rev[1] : '') + (m ? ' ' + markText(m) : '') };
    }, true, seatName(p, o.seat) + '\'s grid'));
    return el('div', { cls: 'card opp' }, kids);
  }

  // -- Artillery -----------------------------------------------------------------------------------
  function cardFace(card, opts) {
    opts = opts || {};
    var suit = card.slice(-1), rank = card.slice(0, -1);
    var red = suit === 'H' || suit === 'D';
    var kids = [el('span', { cls: 'rank', text: rank }), el('span', { cls: 'suit', text: SUIT_SIGNS[suit] || suit })];
    if (opts.acts) kids.push(el('span', { cls: 'acts', text: opts.acts }));
    var node = el(opts.onTap ? 'button' : 'div', {
      cls: 'pcard' + (red ? ' red' : '') + (opts.small ? ' small' : '') + (opts.selected ? ' selected' : ''),
      disabled: opts.onTap && !!S.sending,
      attrs: { 'aria-label': cardWords(card, opts.suits), 'data-card': card }
    }, kids);
    if (opts.onTap) node.addEventListener('click', opts.onTap);
    return node;
  }

  function cardWords(card, suits) {
    var suit = card.slice(-1);
    return card.slice(0, -1) + ' of ' + ((suits && suits[suit]) || suit);
  }

  function artillery(root, p) {
    var v = p.view, d = v.decision || {}, other = 1 - p.seat;
    var facts = el('dl', { cls: 'facts' });
    function fact(k, val) { facts.appendChild(el('dt', { text: k })); facts.appendChild(el('dd', { text: val })); }
    fact('Scenario', v.scenario);
    fact('Round', v.round + ' of ' + v.rounds);
    fact('Score', 'you ' + v.score[p.seat] + ', ' + seatName(p, other) + ' ' + v.score[other]);
    fact('Models lost', 'you ' + v.removed[p.seat] + ', ' + seatName(p, other) + ' ' + v.removed[other]);
    if (v.active) {
      var who = v.active.seat === p.seat ? 'Your' : seatName(p, v.active.seat) + '\'s';
      fact('Active', who + ' ' + v.active.unit + ' (' + v.active.name + '), ' +
        (v.active.actions - v.active.used) + ' of ' + v.active.actions + ' actions left');
    }
    root.appendChild(el('div', { cls: 'card' }, [facts]));
    var picking = d.kind === 'pick' && p.your_turn;
    var hand = artilleryHand(p, v, picking);
    if (picking) root.appendChild(hand);
    if (v.map) root.appendChild(artilleryMap(p, v));

    if (v.shown && (v.shown[0] || v.shown[1])) {
      var shown = el('div', { cls: 'row' });
      [p.seat, other].forEach(function (s) {
        if (!v.shown[s]) return;
        shown.appendChild(el('div', {}, [
          el('div', { cls: 'hint', text: s === p.seat ? 'You played' : seatName(p, s) + ' played' }),
          cardFace(v.shown[s], { small: true, suits: v.suits })
        ]));
      });
      root.appendChild(el('div', { cls: 'card' }, [el('h3', { text: 'Cards shown' }), shown]));
    }

    if (!picking) root.appendChild(hand);

    if (d.kind === 'casualty' && p.your_turn) {
      root.appendChild(el('div', { cls: 'card' }, [
        el('h3', { text: 'A cannon hit ' + d.unit }),
        el('p', { cls: 'hint', text: 'Choose where the hit lands: on a man of the crew, or on one of its guns.' })
      ]));
    }

    var units = el('div', { cls: 'card' }, [el('h3', { text: 'Units' })]);
    var list = el('ul', { cls: 'news' });
    (v.units || []).forEach(function (u) {
      var side = u.seat === p.seat ? 'yours' : seatName(p, u.seat) + '\'s';
      var bits = [u.id + ' ' + u.name + ' (' + side + ')', u.models + ' of ' + u.start + ' models'];
      if (u.fatigue) bits.push('Fatigue ' + u.fatigue + (u.shaken ? ', Shaken' : ''));
      if (u.activated) bits.push('has acted this round');
      list.appendChild(el('li', { text: bits.join(' \u00B7 ') }));
    });
    units.appendChild(list);
    root.appendChild(units);
    return picking;
  }

  function artilleryHand(p, v, picking) {
    var other = 1 - p.seat;
    var hand = el('div', { cls: 'card' });
    hand.appendChild(el('h3', { text: picking ? 'Choose a card in secret' : 'Your hand' }));
    if (picking) {
      hand.appendChild(el('p', {
        cls: 'hint',
        text: 'The better card acts first: Spades, then Hearts, Diamonds, Clubs, and the higher rank within a suit. ' +
          'The suit also sets how many actions the unit gets (each card lists them for your units still to act).'
      }));
    }
    if (v.my_pick) {
      hand.appendChild(el('p', { text: 'You chose ' + cardWords(v.my_pick, v.suits) + ' (secret until the reveal).' }));
    }
    if (v.phase === 'pick' || v.phase === 'reveal') {
      hand.appendChild(el('p', { cls: 'hint', text: seatName(p, other) + (v.they_picked ? ' has chosen a card.' : ' has not chosen yet.') + ' ' + seatName(p, other) + ' holds ' + v.their_cards + ' card' + (v.their_cards === 1 ? '' : 's') + '.' }));
    }
    var cards = el('div', { cls: 'hand' });
    (v.hand || []).forEach(function (h) {
      var acts = (h.actions || []).map(function (a) { return a[0] + ' ' + a[1]; }).join(' \u00B7 ');
      cards.appendChild(cardFace(h.card, {
        acts: acts ? 'Actions: ' + acts : '', suits: v.suits,
        selected: S.ui.confirm && S.ui.confirm.text === 'pick ' + h.card,
        onTap: picking ? function () { propose('pick ' + h.card, 'Play ' + cardWords(h.card, v.suits) + ' (secret)'); } : null
      }));
    });
    if (!(v.hand || []).length) cards.appendChild(el('p', { cls: 'dim', text: 'No cards in your hand.' }));
    hand.appendChild(cards);
    return hand;
  }

  /* The table from above, the seat's own edge at the bottom: terrain, buildings, guns
     (small squares) and units (South round, North square, in the seat's colour). On the
     seat's own activation the active unit's destinations are dots: a tap picks the
     nearest one. */
  function artilleryMap(p, v) {
    var m = v.map, ui = S.ui, W = m.w, H = m.h;
    function pt(x, y) { return m.flip ? [W - x, y] : [x, H - y]; }
    function points(flat) {
      var out = [];
      for (var i = 0; i + 1 < flat.length; i += 2) out.push(pt(flat[i], flat[i + 1]).join(','));
      return out.join(' ');
    }
    var reach = p.your_turn ? (m.reach || []) : [];
    var active = v.active ? v.active.unit : null;
    var vb = [0, 0, W, H];
    if (reach.length && active) vb = zoomBox(reach.map(function (d) { return pt(d[0], d[1]); }), W, H);
    var box = svg('svg', { viewBox: vb.join(' '), role: 'img', 'aria-label': 'the table' }, 'board table');
    box.appendChild(svg('rect', { x: 0, y: 0, width: W, height: H }, 'ground'));
    (m.terrain || []).forEach(function (t) {
      box.appendChild(svg('polygon', { points: points(t.poly) }, 'terrain t-' + String(t.kind).replace(/[^a-z_]/g, '')));
    });
    (m.sections || []).forEach(function (sec) {
      box.appendChild(svg('polygon', { points: points(sec.poly) }, 'section' + (sec.wrecked ? ' wrecked' : '')));
    });
    reach.forEach(function (d) {            // under the pieces: a dot under a unit is still picked by a tap
      var q = pt(d[0], d[1]);
      box.appendChild(svg('circle', { cx: q[0], cy: q[1], r: 0.22 }, 'reach'));
    });
    (m.guns || []).forEach(function (g) {
      var q = pt(g.x, g.y);
      var r = svg('rect', { x: q[0] - 0.5, y: q[1] - 0.5, width: 1, height: 1 }, 'gun' + (g.spiked ? ' spiked' : ''));
      r.style.fill = safeColour(p.colours && p.colours[g.seat], '#888888');
      box.appendChild(r);
      var label = svg('text', { x: q[0], y: q[1] + 1.6, 'text-anchor': 'middle' }, 'mlabel small');
      label.textContent = String(g.id);
      box.appendChild(label);
    });
    (v.units || []).forEach(function (u) {
      var q = pt(u.x, u.y), shape;
      if (u.seat === 0) shape = svg('circle', { cx: q[0], cy: q[1], r: 1.1 }, 'unit');
      else shape = svg('rect', { x: q[0] - 1.0, y: q[1] - 1.0, width: 2.0, height: 2.0 }, 'unit');
      shape.style.fill = safeColour(p.colours && p.colours[u.seat], '#888888');
      box.appendChild(shape);
      if (u.id === active) box.appendChild(svg('circle', { cx: q[0], cy: q[1], r: 1.9 }, 'activering'));
      var label = svg('text', { x: q[0], y: q[1] - 1.5, 'text-anchor': 'middle' }, 'mlabel');
      label.textContent = String(u.id);
      box.appendChild(label);
    });
    if (ui.dest) {
      var q = pt(ui.dest[0], ui.dest[1]);
      box.appendChild(svg('circle', { cx: q[0], cy: q[1], r: 0.7 }, 'dest'));
    }
    if (reach.length && active) {
      var hit = svg('rect', { x: 0, y: 0, width: W, height: H }, 'tap');
      hit.addEventListener('click', function (ev) {
        if (S.sending) return;
        var rect = box.getBoundingClientRect();
        var sx = vb[0] + (ev.clientX - rect.left) / rect.width * vb[2];
        var sy = vb[1] + (ev.clientY - rect.top) / rect.height * vb[3];
        var tx = m.flip ? W - sx : sx, ty = m.flip ? sy : H - sy;
        var best = null, bestD = 6.25;         // within 2.5 inches
        reach.forEach(function (d) {
          var dd = (d[0] - tx) * (d[0] - tx) + (d[1] - ty) * (d[1] - ty);
          if (dd < bestD) { bestD = dd; best = d; }
        });
        if (!best) return;
        ui.dest = best;
        propose('move ' + active + ' ' + best[0] + ',' + best[1], 'Move ' + active + ' to ' + best[0] + ',' + best[1]);
      });
      box.appendChild(hit);
    }
    var kids = [el('h3', { text: reach.length && active ? 'Move ' + active + ': the table near it' : 'The table' }), box];
    if (reach.length && active) {
      kids.push(el('p', { cls: 'hint', text: 'Dots: where ' + active + ' can move (its guns go along). Tap near one to choose it; ' +
        'to leave guns behind, use the list or type the move.' }));
    } else {
      kids.push(el('p', { cls: 'hint', text: 'Your side is at the bottom. South round, North square; guns are the small squares.' }));
    }
    return el('div', { cls: 'card' }, kids);
  }

  /* A square window on the table around `pts` (svg coordinates), at least 14 inches
     across and 3 inches beyond the farthest point, kept on the table. */
  function zoomBox(pts, W, H) {
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    pts.forEach(function (q) { x0 = Math.min(x0, q[0]); y0 = Math.min(y0, q[1]); x1 = Math.max(x1, q[0]); y1 = Math.max(y1, q[1]); });
    var size = Math.min(Math.max(14, x1 - x0 + 6, y1 - y0 + 6), W, H);
    var cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    var x = Math.max(0, Math.min(W - size, cx - size / 2)), y = Math.max(0, Math.min(H - size, cy - size / 2));
    return [x, y, size, size];
  }

  // -- Cannon ----------------------------------------------------------------------------------------
  var CANNON_MOVE = /^([a-j])(10|[1-9])([-x*])([a-j])(10|[1-9])$/;
  var CANNON_PLACE = /^T([a-j])(10|[1-9])$/;

  function cannonSquare(file, rank) { return file + rank; }

  function cannonMoves(p) {
    var out = [];
    (p.moves || []).forEach(function (m) {
      var t = String(m.text), a = CANNON_MOVE.exec(t), b = CANNON_PLACE.exec(t);
      if (a) out.push({ text: t, label: m.label, from: a[1] + a[2], to: a[4] + a[5], kind: a[3] });
      else if (b) out.push({ text: t, label: m.label, from: null, to: b[1] + b[2], kind: 'T' });
    });
    return out;
  }

  function cannon(root, p) {
    var v = p.view, ui = S.ui, files = v.files || 'abcdefghij';
    var moves = p.your_turn && !p.over ? cannonMoves(p) : [];
    var M = 0.7, N = 10;
    var board = svg('svg', { viewBox: '0 0 ' + (N + M) + ' ' + (N + M), role: 'img', 'aria-label': 'the board' }, 'board');
    board.appendChild(svg('rect', { x: M, y: 0, width: N, height: N }, 'bg'));
    function pos(sq) {
      var f = files.indexOf(sq[0]), r = parseInt(sq.slice(1), 10) - 1;
      var fc = v.flip ? N - 1 - f : f, rc = v.flip ? r : N - 1 - r;
      return { x: M + fc + 0.5, y: rc + 0.5 };
    }
    for (var i = 0; i < N; i++) {
      board.appendChild(svg('line', { x1: M + 0.5, y1: i + 0.5, x2: M + N - 0.5, y2: i + 0.5 }, 'ln'));
      board.appendChild(svg('line', { x1: M + i + 0.5, y1: 0.5, x2: M + i + 0.5, y2: N - 0.5 }, 'ln'));
    }
    for (var k = 0; k < N; k++) {
      var fl = svg('text', { x: M + k + 0.5, y: N + M - 0.2, 'text-anchor': 'middle' }, 'lab');
      fl.textContent = files[v.flip ? N - 1 - k : k];
      board.appendChild(fl);
      var rl = svg('text', { x: M / 2, y: k + 0.62, 'text-anchor': 'middle' }, 'lab');
      rl.textContent = String(v.flip ? k + 1 : N - k);
      board.appendChild(rl);
    }
    var rows = v.board || [];
    var cellAt = {};
    rows.forEach(function (row, ri) {
      var rank = N - ri;
      for (var f = 0; f < N; f++) cellAt[files[f] + rank] = row[f];
    });
    if (v.last) {
      v.last.forEach(function (sq) { var q = pos(sq); board.appendChild(svg('circle', { cx: q.x, cy: q.y, r: 0.47 }, 'last')); });
    }
    Object.keys(cellAt).forEach(function (sq) {
      var c = cellAt[sq], q = pos(sq);
      if (c === 'd' || c === 'l') board.appendChild(svg('circle', { cx: q.x, cy: q.y, r: 0.36 }, 'pc-' + c));
      else if (c === 'D' || c === 'L') {
        board.appendChild(svg('rect', { x: q.x - 0.38, y: q.y - 0.38, width: 0.76, height: 0.76, rx: 0.08 }, 'town-' + c.toLowerCase()));
      }
    });
    var from = ui.from || null;
    var targets = moves.filter(function (m) { return from ? m.from === from : m.kind === 'T'; });
    if (from) { var s = pos(from); board.appendChild(svg('circle', { cx: s.x, cy: s.y, r: 0.46 }, 'sel')); }
    targets.forEach(function (m) {
      var q = pos(m.to);
      var chosen = ui.confirm && ui.confirm.text === m.text;
      board.appendChild(svg('circle', { cx: q.x, cy: q.y, r: m.kind === '-' || m.kind === 'T' ? 0.16 : 0.22 },
        'tgt' + (m.kind === 'x' || m.kind === '*' ? ' hit' : '') + (chosen ? ' chosen' : '')));
    });
    Object.keys(cellAt).forEach(function (sq) {
      var q = pos(sq);
      var hit = svg('rect', { x: q.x - 0.5, y: q.y - 0.5, width: 1, height: 1, 'data-square': sq }, 'tap');
      hit.addEventListener('click', function () { cannonTap(moves, sq); });
      board.appendChild(hit);
    });
    root.appendChild(board);
    var hint = '';
    if (p.your_turn && !p.over) {
      if (v.phase === 'place') hint = 'Tap a lit point on your back row to place your town.';
      else if (!from) hint = 'Tap one of your soldiers (' + (v.piece === 'd' ? 'dark' : 'light') + '), then where it goes. Red marks a capture or a shot.';
      else hint = 'Tap a lit point, or another soldier.';
    } else {
      hint = 'You play ' + (v.side || '') + ' (' + (v.piece === 'd' ? 'dark' : 'light') + ' pieces), at the bottom.';
    }
    root.appendChild(el('p', { cls: 'hint', text: hint }));
    return true;
  }

  function cannonTap(moves, sq) {
    var ui = S.ui;
    if (S.sending) return;
    var placing = moves.filter(function (m) { return m.kind === 'T' && m.to === sq; });
    if (placing.length) { propose(placing[0].text, placing[0].label); return; }
    if (ui.from) {
      var hits = moves.filter(function (m) { return m.from === ui.from && m.to === sq; });
      if (hits.length) { propose(hits[0].text, hits[0].label); return; }
    }
    var has = moves.some(function (m) { return m.from === sq; });
    ui.from = has ? (ui.from === sq ? null : sq) : null;
    ui.confirm = null;
    render();
  }

  // -- Cannon Ball ---------------------------------------------------------------------------------
  function cannonBall(root, p) {
    var v = p.view, other = 1 - p.seat;
    var facts = el('dl', { cls: 'facts' });
    function fact(k, val) { facts.appendChild(el('dt', { text: k })); facts.appendChild(el('dd', { text: val })); }
    fact('You are', String(v.side || ''));
    if (v.spin !== null && v.spin !== undefined) fact('Spin', String(v.spin));
    if (v.budget !== null && v.budget !== undefined) fact(v.each_piece ? 'Each piece may move' : 'Moves left', String(v.budget));
    if (v.choice) fact('This turn', String(v.choice));
    fact('Troopers', 'you ' + v.men[0] + ', ' + seatName(p, other) + ' ' + v.men[1]);
    fact('Cannons', 'you ' + v.cannons[0] + ', ' + seatName(p, other) + ' ' + v.cannons[1]);
    fact('TNT left', 'you ' + v.tnt_left[0] + ', ' + seatName(p, other) + ' ' + v.tnt_left[1]);
    fact('Gates', (v.gates || []).map(function (g) { return g.id + (g.mine ? ' (yours)' : '') + ' ' + g.state; }).join(', '));
    fact('Bridges down', (v.bridges_down || []).length ? v.bridges_down.join(', ') : 'none');
    root.appendChild(el('div', { cls: 'card' }, [facts]));
    if (p.perform) {
      root.appendChild(el('p', { cls: 'hint', text: 'Spin the Fort Commander with the big button: the laptop shows where it stops.' }));
    }
    return false;
  }

  var RENDERERS = { cannon_corps: corps, artillery: artillery, cannon: cannon, cannon_ball: cannonBall };

  // -- joining by code ------------------------------------------------------------------------------
  function formatCode(raw) {
    var s = String(raw).toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 8);
    return s.length > 4 ? s.slice(0, 4) + '-' + s.slice(4) : s;
  }

  function startJoin() {
    show('join');
    var input = $('code'), msg = $('codemsg'), go = $('codego');
    input.addEventListener('input', function () {
      var f = formatCode(input.value);
      if (f !== input.value) input.value = f;
    });
    $('codeform').addEventListener('submit', function (ev) {
      ev.preventDefault();
      var code = formatCode(input.value);
      if (code.replace('-', '').length !== 8) {
        msg.textContent = 'A code has 8 letters and digits, like ABCD-EFGH.';
        return;
      }
      msg.textContent = '';
      go.disabled = true;
      go.textContent = 'Joining\u2026';
      var answered = false, sock;
      function done(text) {
        go.disabled = false;
        go.textContent = 'Join';
        if (text) msg.textContent = text;
      }
      try {
        sock = new WebSocket(wsUrl('/code'));
      } catch (err) {
        console.error(err);
        done('Could not reach the laptop. Are you on the same Wi-Fi?');
        return;
      }
      sock.addEventListener('open', function () { sock.send(JSON.stringify({ type: 'code', code: code })); });
      sock.addEventListener('message', function (ev) {
        var m;
        try { m = JSON.parse(ev.data); } catch (err) { console.error(err); return; }
        if (m && m.type === 'token' && typeof m.token === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(m.token)) {
          answered = true;
          sock.close();
          location.replace('/s/' + encodeURIComponent(m.token));
        } else if (m && (m.type === 'refused' || m.type === 'error' || m.type === 'bye')) {
          answered = true;
          sock.close();
          done(m.why ? String(m.why) : 'The laptop did not take that code.');
        }
      });
      sock.addEventListener('close', function () {
        if (!answered) done('Could not reach the laptop. Are you on the same Wi-Fi as it?');
      });
    });
    input.focus();
  }

  // -- start ------------------------------------------------------------------------------------------
  function start() {
    $('confirmgo').addEventListener('click', function () {
      if (S.ui.confirm) sendMove(S.ui.confirm.text);
    });
    $('confirmno').addEventListener('click', function () {
      if (S.ui.confirm) S.ui.dismissed = S.ui.confirm.text;
      S.ui.confirm = null;
      S.ui.coverMode = false;
      render();
    });
    $('perform').addEventListener('click', function () {
      if (S.sending) return;
      if (send({ type: 'perform' })) {
        S.sending = 'perform';
        render();
      } else {
        note('Not connected: nothing was sent. Reconnecting\u2026', true);
        reconnectNow();
      }
    });
    $('typed').addEventListener('submit', function (ev) {
      ev.preventDefault();
      var t = $('typedtext').value.trim();
      if (t) sendMove(t);
    });
    $('again').addEventListener('click', function () {
      S.fatal = false;
      S.retries = 0;
      show(S.p ? 'seat' : 'loading');
      connect();
    });

    var m = TOKEN_RE.exec(location.pathname);
    if (!m) {
      startJoin();
      return;
    }
    S.token = m[1];
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState !== 'visible') return;
      if (S.ws) ping(WAKE_WAIT);
      else reconnectNow();
    });
    window.addEventListener('online', function () {
      if (S.ws) ping(WAKE_WAIT);
      else reconnectNow();
    });
    window.addEventListener('offline', function () {
      if (!S.fatal) banner('No network: waiting for it\u2026', false);
    });
    window.addEventListener('pageshow', function (ev) {
      if (ev.persisted) reconnectNow();
    });
    show('loading');
    connect();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();

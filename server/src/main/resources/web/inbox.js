// The header's inbox on every page (after account-texts.js): a bell with the count of unread
// notices, a list opened under it (your turn in a correspondence game, a challenge to you, a
// game of yours ended), marked read when opened; the tab's title ("(2) Jacquet") and its icon
// (a dot drawn on a canvas) say the count too. Guests have none: the list says to sign in.
Object.assign(TEXTS.en, {
  inbox: 'Notifications', inboxEmpty: 'Nothing new.', inboxSignIn: 'Sign in to be told when it is your turn, when someone challenges you and when a game ends.',
  inboxUnread: '{0} unread', inboxMail: 'E-mail settings',
  notice: { 'your-turn': 'Your turn against {0}', challenge: '{0} challenges you', ended: 'Your game against {0} has ended',
    tournament: 'A tournament starts', someone: 'your opponent' },
});
Object.assign(TEXTS.fr, {
  inbox: 'Notifications', inboxEmpty: 'Rien de nouveau.', inboxSignIn: 'Connectez-vous pour être prévenu quand c\u2019est à vous de jouer, quand on vous défie et quand une partie se termine.',
  inboxUnread: '{0} non lue(s)', inboxMail: 'Réglages des e-mails',
  notice: { 'your-turn': 'À vous de jouer contre {0}', challenge: '{0} vous défie', ended: 'Votre partie contre {0} est terminée',
    tournament: 'Un tournoi commence', someone: 'votre adversaire' },
});

const inbox = { data: null, icon: null, timer: null };

/** The page's title with the count in front when something is unread: "(2) Jacquet". */
function inboxTitle() {
  const n = inbox.data && inbox.data.signedIn ? inbox.data.unread : 0;
  const base = document.title.replace(/^\(\d+\) /, '');
  const wanted = n > 0 ? '(' + n + ') ' + base : base;
  if (document.title !== wanted) document.title = wanted;
}

/** The tab's icon: the site's red disc, with a gold dot when something is unread (drawn on a canvas). */
function inboxIcon() {
  const link = document.querySelector('link[rel="icon"]');
  if (!link) return;
  if (inbox.icon === null) inbox.icon = link.href;
  const n = inbox.data && inbox.data.signedIn ? inbox.data.unread : 0;
  if (n === 0) { if (link.href !== inbox.icon) link.href = inbox.icon; link.dataset.unread = '0'; return; }
  const c = document.createElement('canvas');
  c.width = c.height = 32;
  const g = c.getContext('2d');
  g.fillStyle = '#c8102e';
  g.beginPath(); g.arc(16, 16, 14, 0, 2 * Math.PI); g.fill();
  g.fillStyle = '#f5b400';
  g.strokeStyle = '#ffffff';
  g.lineWidth = 2;
  g.beginPath(); g.arc(24, 8, 7, 0, 2 * Math.PI); g.fill(); g.stroke();
  link.href = c.toDataURL('image/png');
  link.dataset.unread = String(n);
}

/** One notice as a line of the list: what happened, a link to the game (a challenge: to the lobby). */
function inboxLine(n) {
  const li = document.createElement('li');
  if (!n.read) li.className = 'unread';
  const a = document.createElement('a');
  a.href = n.game && n.kind !== 'challenge' ? 'game.html#g=' + encodeURIComponent(n.game) : '/';
  a.textContent = t('notice.' + n.kind, n.other || t('notice.someone'));
  const when = document.createElement('small');
  when.textContent = new Date(n.at).toLocaleString(lang() === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  a.appendChild(when);
  li.appendChild(a);
  return li;
}

function inboxRender() {
  const button = document.getElementById('inboxButton');
  if (!button) return;
  const d = inbox.data || { signedIn: false };
  // A guest's bell only says to sign in: on a phone, where the header has no room to spare, the
  // "Sign in" link beside it says as much (app.css hides it there).
  button.parentElement.dataset.guest = d.signedIn ? 'no' : 'yes';
  const count = document.getElementById('inboxCount');
  const n = d.signedIn ? d.unread : 0;
  count.textContent = n > 99 ? '99+' : String(n);
  count.hidden = n === 0;
  button.setAttribute('aria-label', t('inbox') + (n > 0 ? ' — ' + t('inboxUnread', n) : ''));
  button.title = button.getAttribute('aria-label');
  const panel = document.getElementById('inboxPanel');
  panel.replaceChildren();
  const h = document.createElement('h2');
  h.textContent = t('inbox');
  panel.appendChild(h);
  if (!d.signedIn) {
    const p = document.createElement('p');
    p.textContent = t('inboxSignIn') + ' ';
    const a = document.createElement('a');
    a.href = 'account.html';
    a.textContent = t('signIn');
    p.appendChild(a);
    panel.appendChild(p);
  } else if (!d.notices.length) {
    const p = document.createElement('p');
    p.textContent = t('inboxEmpty');
    panel.appendChild(p);
  } else {
    const ul = document.createElement('ul');
    ul.id = 'inboxList';
    d.notices.forEach(x => ul.appendChild(inboxLine(x)));
    panel.appendChild(ul);
  }
  if (d.signedIn) {
    const p = document.createElement('p');
    const a = document.createElement('a');
    a.href = 'account.html#mail';
    a.textContent = t('inboxMail');
    p.appendChild(a);
    panel.appendChild(p);
  }
  inboxTitle();
  inboxIcon();
}

async function inboxLoad() {
  try {
    const res = await fetch('/api/inbox', { cache: 'no-store' });
    if (!res.ok) return;
    inbox.data = await res.json();
    inboxRender();
  } catch (e) { /* offline for a moment: the next look tries again */ }
}

/** Opens or closes the list; opening marks the notices read (they stay marked as new while it is open). */
async function inboxToggle() {
  const panel = document.getElementById('inboxPanel');
  const open = panel.hidden;
  panel.hidden = !open;
  document.getElementById('inboxButton').setAttribute('aria-expanded', String(open));
  if (open && inbox.data && inbox.data.signedIn && inbox.data.unread > 0) {
    try {
      await accountCall('POST', '/api/inbox/read', {});
      inbox.data.unread = 0;
      const count = document.getElementById('inboxCount');
      count.hidden = true;
      inboxTitle();
      inboxIcon();
    } catch (e) { /* still unread: shown again at the next look */ }
  }
}

function inboxStart() {
  const right = document.querySelector('header .right');
  if (!right || document.getElementById('inboxButton')) return;
  const wrap = document.createElement('div');
  wrap.className = 'inbox';
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'inboxButton';
  button.className = 'inbox-button';
  button.setAttribute('aria-haspopup', 'true');
  button.setAttribute('aria-expanded', 'false');
  // A bell drawn, not an emoji: a system without an emoji font would show an empty box.
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '20');
  svg.setAttribute('height', '20');
  svg.setAttribute('aria-hidden', 'true');
  const bell = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  bell.setAttribute('d', 'M12 2a6 6 0 0 0-6 6v4.5L4 16v1h16v-1l-2-3.5V8a6 6 0 0 0-6-6zm0 20a2.6 2.6 0 0 0 2.5-2.5h-5A2.6 2.6 0 0 0 12 22z');
  bell.setAttribute('fill', 'currentColor');
  svg.appendChild(bell);
  button.appendChild(svg);
  const count = document.createElement('span');
  count.id = 'inboxCount';
  count.className = 'inbox-count';
  count.hidden = true;
  button.appendChild(count);
  const panel = document.createElement('div');
  panel.id = 'inboxPanel';
  panel.className = 'inbox-panel card';
  panel.hidden = true;
  wrap.append(button, panel);
  right.insertBefore(wrap, right.firstChild);
  button.addEventListener('click', inboxToggle);
  document.addEventListener('click', e => {
    if (!panel.hidden && !wrap.contains(e.target)) { panel.hidden = true; button.setAttribute('aria-expanded', 'false'); }
  });
  document.addEventListener('keydown', e => { if (e.key === 'Escape' && !panel.hidden) { panel.hidden = true; button.focus(); } });
  // The page's language button re-words the page first; the list follows.
  const langButton = document.getElementById('lang');
  if (langButton) langButton.addEventListener('click', () => setTimeout(inboxRender, 0));
  // A page that sets its own title (the game's "your turn") keeps the count in front of it.
  const title = document.querySelector('title');
  if (title && window.MutationObserver) new MutationObserver(inboxTitle).observe(title, { childList: true, characterData: true, subtree: true });
  inboxRender();
  inboxLoad();
  inbox.timer = setInterval(() => { if (document.visibilityState === 'visible') inboxLoad(); }, 30000);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') inboxLoad(); });
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', inboxStart); else inboxStart();

// The account page: sign in or create an account (handing over this browser's games), or, signed
// in, sign out here or everywhere, change the password or the name, delete the account.
const $ = id => document.getElementById(id);

async function show() {
  const me = await accountCall('GET', '/api/account/me');
  $('signedOut').hidden = me.signedIn;
  $('signedIn').hidden = !me.signedIn;
  if (me.signedIn) {
    $('whoAmI').textContent = t('signedInAs', me.name);
    $('profileLink').href = 'player.html#' + encodeURIComponent(me.name);
    showMail(await accountCall('GET', '/api/mail'));
    showMyRatings(me.name);
  }
  accountHeader();
}

/** The account's rating in each pool, with its deviation ("1338 ± 290", "?" while provisional). */
async function showMyRatings(name) {
  const p = await accountCall('GET', '/api/players/' + encodeURIComponent(name));
  const ul = $('myRatings');
  ul.textContent = '';
  for (const r of p.ratings) {
    const li = document.createElement('li');
    li.dataset.category = r.category;
    li.textContent = t('categories.' + r.category) + (lang() === 'fr' ? '\u00a0: ' : ': ') + (r.games ? ratingText(r) : t('noRatedGames'));
    if (r.games && r.provisional) li.title = t('provisional');
    ul.appendChild(li);
  }
}

/** Runs a form's call, showing its refusal in {@code errorId}; the page is shown anew after it. */
function submit(formId, errorId, call) {
  $(formId).addEventListener('submit', async e => {
    e.preventDefault();
    $(errorId).textContent = '';
    try {
      await call();
      await show();
    } catch (err) {
      $(errorId).textContent = err.message;
    }
  });
}

/** The seat tokens of this browser's games (game.js keeps them), for the new account to keep. */
function browserTokens() {
  try { return JSON.parse(localStorage.getItem('jacquet.games') || '[]').map(g => g.token).filter(Boolean).slice(0, 200); } catch (e) { return []; }
}

submit('signInForm', 'signInError', () => accountCall('POST', '/api/account/signin', { name: $('inName').value, password: $('inPassword').value }));
submit('signUpForm', 'signUpError', () => {
  const body = { name: $('upName').value, password: $('upPassword').value, tokens: browserTokens() };
  if ($('upEmail').value) body.email = $('upEmail').value;
  return accountCall('POST', '/api/account/signup', body);
});
submit('passwordForm', 'passwordMessage', async () => {
  await accountCall('POST', '/api/account/password', { old: $('oldPassword').value, new: $('newPassword').value });
  $('passwordForm').reset();
  $('passwordMessage').textContent = t('passwordChanged');
});
submit('renameForm', 'renameMessage', async () => {
  const r = await accountCall('POST', '/api/account/name', { name: $('renameName').value, password: $('renamePassword').value });
  $('renameForm').reset();
  $('renameMessage').textContent = t('renamed', r.name);
});
submit('deleteForm', 'deleteError', () => accountCall('POST', '/api/account/delete', { password: $('deletePassword').value }));
/** The e-mail part: off on a server with no mail server; else the address, whether it is confirmed, the kinds ticked. */
function showMail(m) {
  $('mailOff').hidden = m.mail;
  $('mailOn').hidden = !m.mail;
  if (document.activeElement !== $('mailAddress')) $('mailAddress').value = m.address || '';
  $('mailState').textContent = !m.address ? t('mailNone') : m.confirmed ? t('mailConfirmed', m.address) : t('mailUnconfirmed', m.address);
  $('mailState').dataset.confirmed = m.confirmed ? 'yes' : 'no';
  document.querySelectorAll('#mailKinds input').forEach(box => { box.checked = m.kinds.includes(box.value); });
}
$('mailForm').addEventListener('submit', async e => {
  e.preventDefault();
  $('mailMessage').textContent = '';
  try {
    const address = $('mailAddress').value.trim();
    const m = await accountCall('POST', '/api/mail/address?lang=' + lang(), { address });
    showMail(m);
    $('mailMessage').textContent = address ? t('mailSent', address) : t('mailRemoved');
  } catch (err) {
    $('mailMessage').textContent = err.message;
  }
});
document.querySelectorAll('#mailKinds input').forEach(box => box.addEventListener('change', async () => {
  $('mailMessage').textContent = '';
  try {
    const kinds = [...document.querySelectorAll('#mailKinds input')].filter(b => b.checked).map(b => b.value);
    showMail(await accountCall('POST', '/api/mail/kinds?lang=' + lang(), { kinds }));
    $('mailMessage').textContent = t('mailSaved');
  } catch (err) {
    $('mailMessage').textContent = err.message;
  }
}));
$('signOut').onclick = async () => { await accountCall('POST', '/api/account/signout', {}); show(); };
$('signOutEverywhere').onclick = async () => { await accountCall('POST', '/api/account/signout-everywhere', {}); show(); };
$('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); show(); };
translatePage();
themeButton();
show();

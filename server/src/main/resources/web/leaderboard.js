// The leaderboard of one category: established ratings only (deviation at most the bound the
// server says), and the reader's own rank when signed in.
const $ = id => document.getElementById(id);
const CATEGORIES = ['untimed', 'timed', 'correspondence'];
let category = CATEGORIES.includes(location.hash.slice(1)) ? location.hash.slice(1) : 'untimed';

async function show() {
  const b = await accountCall('GET', '/api/leaderboard?category=' + category);
  for (const c of CATEGORIES) $(c).className = category === c ? 'primary' : '';
  $('rows').textContent = '';
  b.players.forEach((p, i) => {
    const tr = document.createElement('tr');
    // Only established ratings are listed (never provisional), each with its deviation ("1338 ± 65").
    const cells = [String(i + 1), null, ratingText({ rating: p.rating, deviation: p.deviation }), String(p.games)];
    cells.forEach((text, k) => {
      const td = document.createElement('td');
      if (k === 1) {
        if (p.computer) {
          // A level of the computer: its rating earned against people, marked as the computer's.
          td.textContent = t('levels.' + p.computer) + ' ';
          const mark = document.createElement('span');
          mark.className = 'help computer-mark';
          mark.textContent = t('computerMark');
          td.appendChild(mark);
        } else {
          const a = document.createElement('a');
          a.href = 'player.html#' + encodeURIComponent(p.name);
          a.textContent = p.name;
          td.appendChild(a);
        }
      } else {
        td.textContent = text;
      }
      tr.appendChild(td);
    });
    $('rows').appendChild(tr);
  });
  $('empty').hidden = b.players.length > 0;
  const signedIn = document.getElementById('accountLink');
  $('mine').textContent = b.myRank ? t('myRank', b.myRank)
    : signedIn && signedIn.dataset.signedIn === 'yes' ? t('notRanked', b.maxDeviation) : '';
}

for (const c of CATEGORIES) $(c).onclick = () => { category = c; history.replaceState(null, '', '#' + c); show(); };
$('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); show(); accountHeader(); };
translatePage();
themeButton();
show();

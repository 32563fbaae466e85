// The page the links in mails open: #confirm=TOKEN confirms the address at once; #unsubscribe=TOKEN
// asks for one press first (mail scanners open links; only a person presses), then stops that
// kind of mail. Each link works once; a used, expired or forged one is said so.
Object.assign(TEXTS.en, {
  mailStop: 'Stop these mails', mailConfirmedNow: 'Address confirmed: {0}. Choose what to be mailed on your account page.',
  mailStopAsk: 'Stop the mails of this kind?', mailStopped: 'Done: no more mails when {0}.', mailNoLink: 'This page opens the links sent by mail.',
});
Object.assign(TEXTS.fr, {
  mailStop: 'Arrêter ces messages', mailConfirmedNow: 'Adresse confirmée : {0}. Choisissez ce qui vous est envoyé sur la page de votre compte.',
  mailStopAsk: 'Ne plus recevoir les messages de ce genre ?', mailStopped: 'C\u2019est fait : plus de message quand {0}.', mailNoLink: 'Cette page ouvre les liens envoyés par e-mail.',
});

const link = new URLSearchParams(location.hash.slice(1));
const say = text => { document.getElementById('mailLinkText').textContent = text; };

async function followLink() {
  if (link.get('confirm')) {
    try {
      const r = await accountCall('POST', '/api/mail/confirm', { token: link.get('confirm') });
      say(t('mailConfirmedNow', r.confirmed));
    } catch (e) {
      say(e.message);
    }
  } else if (link.get('unsubscribe')) {
    say(t('mailStopAsk'));
    const b = document.getElementById('unsubscribeButton');
    b.hidden = false;
    b.onclick = async () => {
      b.disabled = true;
      try {
        const r = await accountCall('POST', '/api/mail/unsubscribe?token=' + encodeURIComponent(link.get('unsubscribe')));
        say(t('mailStopped', t('mailKind.' + r.unsubscribed)));
        b.hidden = true;
      } catch (e) {
        say(e.message);
      }
    };
  } else {
    say(t('mailNoLink'));
  }
}
document.getElementById('lang').onclick = () => { setLang(lang() === 'fr' ? 'en' : 'fr'); translatePage(); };
translatePage();
themeButton();
followLink();

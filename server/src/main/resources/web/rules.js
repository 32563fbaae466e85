// The rules of Jacquet in French and English, one section per preset, with diagrams drawn by
// the app's own board (board.js) from position texts.
const DIAGRAMS = {
  start: { text: 'white=1:15 black=1:15 turn=white', arrows: [[1, 12], [12, 13], [13, 24], [24, 25]] },
  postilion: { text: 'white=1:14,7:1 black=1:14,9:1 turn=white', arrows: [[7, 19]] },
  block: { text: 'white=1:4,2:2,3:2,4:2,5:2,6:2,24:1 black=1:13,8:2 turn=white', arrows: [] },
  bearoff: { text: 'white=19:3,20:3,21:3,22:2,23:2,24:2 black=19:5,20:5,22:5 turn=white', arrows: [[24, 25], [19, 25]] },
};

const RULES_TEXT = {
  en: {
    title: 'How to play Jacquet',
    intro: 'Jacquet is the French game of the backgammon family: two players, fifteen checkers each, two dice. Both sides run the same way round the board; nobody is ever hit. The first to bear off all fifteen checkers wins.',
    sections: [
      ['The board and the route', 'start', 'Each side numbers its own route 1 to 24. Point 1 is your talon, where your fifteen checkers start (top right on this board); your route runs along the top from right to left, then along the bottom from left to right to your last quadrant (19–24), bottom right. Your opponent\'s talon is your point 13. In this app every play is written in the numbers of the board as you see it. On a phone held upright the board is turned a quarter turn: your talon is at the bottom right, your route runs up the right-hand side and down the left-hand side to your last quadrant, bottom left.'],
      ['Throwing and moving', null, 'Each player throws one die to start; the higher begins (a tie is thrown again). With two different dice you move one checker by each, or one checker by both — the stop between is a real stop. A double gives four steps. A checker may never stop on a point holding an opponent\'s checker. Use as much of the throw as you can; if only one die can be played, play the higher. What cannot be played is lost.'],
      ['The postilion', 'postilion', 'The first checker you move off your talon is the postilion (postillon). Until it has reached your last quadrant (point 19), no other checker may leave the talon. Here White\'s postilion on 7 must run on to 19 first.'],
      ['Blocks (bouchons)', 'block', 'Six points in a row form a block the opponent cannot pass. Under the modern rules you may hold all six points of your first quadrant (1–6) only with a return checker on your point 24, as here; and no block may shut the opponent\'s postilion out of its last quadrant.'],
      ['Bearing off', 'bearoff', 'Once all your checkers are in your last quadrant you bear them off: a 1 from point 24, a 6 from point 19. A higher die may bear off from the rearmost point when none stands further back.'],
      ['Winning', null, 'The first side to bear off all fifteen wins one point, two (a double game) if the loser has borne off none. Matches are played to a number of points.'],
    ],
    presets: {
      modern: 'The rules above: a block of your first quadrant needs a return checker on 24, the postilion is protected, the winner of the opening throw throws again.',
      original: 'Lepeintre\'s rules (1818): any block is allowed, even one that shuts out the postilion.',
      advanced: 'Léchalet\'s advanced rules: borne-off checkers are stored on the opponent\'s talon, and no one may bear off while the opponent still has a checker on its talon; the score is a ladder from 1 to 5 points by how far back the loser\'s checkers are. Option: two return checkers (23 and 24).',
      moultezim: 'The Turkish variant: the postilion only has to reach the third quadrant (point 13), and holding all six points 1–6 is forbidden.',
      versailles: 'Jacquet de Versailles (jacquet rapide): the winner of the opening throw plays it; a double n gives n steps of n; dice the mover cannot use pass to the opponent, who must play them before throwing.',
    },
    presetTitle: 'The presets',
  },
  fr: {
    title: 'Comment jouer au jacquet',
    intro: 'Le jacquet est le jeu français de la famille du trictrac et du backgammon : deux joueurs, quinze dames chacun, deux dés. Les deux camps tournent dans le même sens ; on ne frappe jamais. Le premier qui sort ses quinze dames gagne.',
    sections: [
      ['Le tablier et le parcours', 'start', 'Chaque camp numérote son propre parcours de 1 à 24. La flèche 1 est votre talon, d\'où partent vos quinze dames (en haut à droite sur ce tablier) ; votre parcours suit le haut de droite à gauche, puis le bas de gauche à droite jusqu\'à votre dernier quadrant (19 à 24), en bas à droite. Le talon adverse est votre flèche 13. Dans cette application, chaque coup est écrit avec les numéros du tablier tel que vous le voyez. Sur un téléphone tenu droit, le tablier est tourné d\'un quart de tour : votre talon est en bas à droite, votre parcours monte le long du côté droit puis redescend le long du côté gauche jusqu\'à votre dernier quadrant, en bas à gauche.'],
      ['Jeter les dés et jouer', null, 'Pour commencer, chacun jette un dé ; le plus fort commence (égalité : on relance). Avec deux dés différents, on avance une dame de chaque dé, ou une seule dame des deux — l\'arrêt intermédiaire compte. Un doublet donne quatre pas. Une dame ne peut jamais s\'arrêter sur une flèche occupée par l\'adversaire. Il faut jouer le plus possible du jet ; si un seul dé est jouable, on joue le plus fort. Ce qui ne peut être joué est perdu.'],
      ['Le postillon', 'postilion', 'La première dame sortie du talon est le postillon. Tant qu\'il n\'a pas atteint votre dernier quadrant (flèche 19), aucune autre dame ne peut quitter le talon. Ici, le postillon blanc en 7 doit d\'abord courir jusqu\'en 19.'],
      ['Les bouchons', 'block', 'Six flèches de suite forment un bouchon que l\'adversaire ne peut franchir. En règles modernes, on ne peut tenir les six flèches de son premier quadrant (1 à 6) qu\'avec une dame de retour sur sa flèche 24, comme ici ; et aucun bouchon ne peut fermer au postillon adverse l\'accès à son dernier quadrant.'],
      ['La sortie', 'bearoff', 'Quand toutes vos dames sont dans votre dernier quadrant, vous les sortez : un 1 depuis la flèche 24, un 6 depuis la 19. Un dé plus fort peut sortir la dame la plus en arrière quand aucune n\'est plus loin.'],
      ['Gagner', null, 'Le premier camp qui a sorti ses quinze dames gagne un point, deux (partie double) si le perdant n\'en a sorti aucune. Les matchs se jouent en un nombre de points.'],
    ],
    presets: {
      modern: 'Les règles ci-dessus : un bouchon du premier quadrant exige une dame de retour en 24, le postillon est protégé, le gagnant du coup de départ relance.',
      original: 'Les règles de Lepeintre (1818) : tout bouchon est permis, même celui qui enferme le postillon.',
      advanced: 'Les règles avancées de Léchalet : les dames sorties se rangent sur le talon adverse, et nul ne sort tant que l\'adversaire a une dame sur son talon ; la marque est une échelle de 1 à 5 points selon où en sont les dames du perdant. Option : deux dames de retour (23 et 24).',
      moultezim: 'La variante turque : le postillon n\'a qu\'à atteindre le troisième quadrant (flèche 13), et tenir les six flèches 1 à 6 est interdit.',
      versailles: 'Le jacquet de Versailles (jacquet rapide) : le gagnant du départ joue ce jet ; un doublet n donne n pas de n ; les dés injouables passent à l\'adversaire, qui doit les jouer avant de jeter.',
    },
    presetTitle: 'Les variantes',
  },
};

function diagram(key, title) {
  const d = DIAGRAMS[key];
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'board diagram');
  svg.setAttribute('role', 'img');
  const b = new Board(svg, {});
  b.labels = true;
  const pos = Positions.parse(d.text);
  b.render({ you: 'white', position: pos, turn: 'white', phase: 'rules', events: [], bearOff: 'off-board', version: 0 }, { marks: [] });
  if (d.arrows.length) b.arrows(d.arrows, 'white', 'hint');
  svg.setAttribute('aria-label', t('diagramOf', title, b.describe({ you: 'white', position: pos })));
  svg.querySelectorAll('.hit').forEach(h => h.removeAttribute('tabindex'));
  return svg;
}

function renderRules() {
  const T = RULES_TEXT[lang()];
  const main = document.getElementById('rules');
  main.innerHTML = '';
  const h = document.createElement('h2');
  h.textContent = T.title;
  const intro = document.createElement('p');
  intro.textContent = T.intro;
  main.append(h, intro);
  for (const [title, key, text] of T.sections) {
    const sec = document.createElement('section');
    sec.className = 'card';
    const h3 = document.createElement('h3');
    h3.textContent = title;
    const p = document.createElement('p');
    p.textContent = text;
    sec.append(h3, p);
    if (key) sec.appendChild(diagram(key, title));
    main.appendChild(sec);
  }
  const h2 = document.createElement('h2');
  h2.textContent = T.presetTitle;
  main.appendChild(h2);
  for (const preset of Object.keys(T.presets)) {
    const sec = document.createElement('section');
    sec.className = 'card preset';
    sec.id = preset;
    const h3 = document.createElement('h3');
    h3.textContent = t('presets.' + preset);
    const p = document.createElement('p');
    p.textContent = T.presets[preset];
    sec.append(h3, p);
    main.appendChild(sec);
  }
  document.title = T.title;
  translatePage();
  const chosen = location.hash.slice(1);
  if (chosen && document.getElementById(chosen)) {
    document.getElementById(chosen).classList.add('chosen');
    document.getElementById(chosen).scrollIntoView();
  }
}

document.getElementById('lang').addEventListener('click', () => { setLang(lang() === 'fr' ? 'en' : 'fr'); renderRules(); });
renderRules();

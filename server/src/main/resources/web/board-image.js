// Saves the board shown as a PNG, entirely in the page: the board SVG is copied with the styles
// the stylesheet gives it written onto each element (an SVG drawn as an image sees no page CSS),
// loaded as a data: image (the Content-Security-Policy allows img-src data:), drawn on a canvas
// and downloaded from canvas.toBlob. Nothing goes to the server.
const BoardImage = (() => {
  const PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray',
    'stroke-linecap', 'stroke-linejoin', 'opacity', 'visibility', 'display', 'font-family', 'font-size',
    'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing', 'marker-end', 'marker-start'];

  // The board as a standalone SVG document (text), every computed style inlined.
  function svgText(svg) {
    const copy = svg.cloneNode(true);
    const from = [svg, ...svg.querySelectorAll('*')];
    const to = [copy, ...copy.querySelectorAll('*')];
    from.forEach((node, i) => {
      const cs = getComputedStyle(node);
      to[i].setAttribute('style', PROPS.map(p => `${p}:${cs.getPropertyValue(p)}`).join(';'));
      to[i].removeAttribute('class');
    });
    const box = svg.viewBox.baseVal;
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    copy.setAttribute('width', box.width);
    copy.setAttribute('height', box.height);
    return new XMLSerializer().serializeToString(copy);
  }

  // The PNG as a Blob, `scale` times the board's own size (1000 × 720 units).
  function png(svg, scale = 1.5) {
    const text = svgText(svg);
    const box = svg.viewBox.baseVal;
    return new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(box.width * scale);
        canvas.height = Math.round(box.height * scale);
        const ctx = canvas.getContext('2d');
        ctx.fillStyle = getComputedStyle(document.body).backgroundColor; // the page behind the round corners
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(b => b ? resolve(b) : reject(new Error('no image')), 'image/png');
      };
      img.onerror = () => reject(new Error('the board could not be drawn'));
      img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
    });
  }

  function save(blob, fileName) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }

  async function download(svg, baseName) {
    save(await png(svg), baseName + '.png');
  }

  return { svgText, png, download };
})();

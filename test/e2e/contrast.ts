// Text contrast as a reader meets it: for every visible piece of text inside the client's shadow
// root, its colour against what is really painted behind it (the client's own backgrounds, or the
// host page's showing through), as the WCAG 2 contrast ratio. Colours are read from computed
// styles and resolved by a canvas, so any CSS colour syntax (color-mix, color(srgb …)) counts.
import type { Page } from './page';

export interface TextContrast {
  text: string;
  ratio: number;
  fg: string;
  bg: string;
  /** WCAG "large text" (at least 24 px, or 18.66 px bold): AA asks 3:1 of it, 4.5:1 of the rest. */
  large: boolean;
}

// In-page code, kept as source text: the TypeScript loader would name its inner functions through a
// helper that does not exist in the page.
const MEASURE = `(selector) => {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const rgba = (color) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
  const parent = (el) => el.parentElement ?? (el.getRootNode().host || null);
  // The colour painted behind el: its own and its ancestors' backgrounds, composed up to the first opaque one.
  const backdrop = (el) => {
    const layers = [];
    for (let at = el; at; at = parent(at)) {
      const layer = rgba(getComputedStyle(at).backgroundColor);
      if (layer[3] > 0) layers.push(layer);
      if (layer[3] >= 1) break;
    }
    return layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const channel = (v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const css = ([r, g, b]) => 'rgb(' + [r, g, b].map(Math.round).join(', ') + ')';

  const root = document.querySelector(selector)?.shadowRoot;
  if (!root) throw new Error('no open shadow root in ' + selector);
  const results = [];
  for (const el of root.querySelectorAll('*')) {
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join('')
      .trim();
    if (!text || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const style = getComputedStyle(el);
    const bg = backdrop(el);
    const fg = over(rgba(style.color), bg);
    const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const ratio = Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
    results.push({ text: text.slice(0, 40), ratio, fg: css(fg), bg: css(bg), large });
  }
  return results;
}`;

/** Every visible piece of text in the client mounted in `mount`, with its contrast ratio. */
export function measureTextContrast(page: Page, mount = '#emweb'): Promise<TextContrast[]> {
  return page.evaluate<TextContrast[]>(`(${MEASURE})(${JSON.stringify(mount)})`);
}

/** The pieces of text below WCAG AA: 4.5:1, or 3:1 for large text. */
export const belowAA = (measured: TextContrast[]): TextContrast[] => measured.filter((m) => m.ratio < (m.large ? 3 : 4.5));

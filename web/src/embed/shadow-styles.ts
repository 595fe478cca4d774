// Styles for the web component's shadow root: the lesson's own CSS with :root rules turned into :host rules (so the
// host page's styles and ours never mix), and KaTeX's fonts registered on the document, where @font-face must live.
import katexCss from 'katex/dist/katex.min.css?raw';
import embedCss from '../styles/embed.css?raw';
import lessonCss from '../styles/lesson.css?raw';
import slotCss from '../styles/widget-slots.generated.css?raw';

// The woff2 files, emitted next to our module; their URLs resolve against import.meta.url, not the host page.
const fontUrls = import.meta.glob<string>('../../../node_modules/katex/dist/fonts/*.woff2', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** `:root` → `:host`, `:root[x]` → `:host([x])`, `:root:not(x)` → `:host(:not(x))`. */
export function toShadowCss(css: string): string {
  return css.replace(/:root((?:\[[^\]]*\]|:not\([^)]*\))*)/g, (_, qualifiers: string) =>
    qualifiers ? `:host(${qualifiers})` : ':host',
  );
}

const withoutFontFaces = (css: string) => css.replace(/@font-face\s*\{[^}]*\}/g, '');

let sheet: CSSStyleSheet | undefined;

/** One constructed stylesheet shared by every element (adoptedStyleSheets are allowed under a strict CSP). */
export function shadowSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(toShadowCss([withoutFontFaces(katexCss), lessonCss, slotCss, embedCss].join('\n')));
  }
  return sheet;
}

let fontsAdded = false;

export function registerKatexFonts(): void {
  if (fontsAdded || typeof FontFace === 'undefined') return;
  fontsAdded = true;
  for (const [path, url] of Object.entries(fontUrls)) {
    // KaTeX_Main-BoldItalic.woff2 → family KaTeX_Main, weight 700, style italic (as katex.css declares them).
    const match = /(KaTeX_[A-Za-z0-9]+)-([A-Za-z]+)\.woff2$/.exec(path);
    if (!match) continue;
    const [, family = '', variant = ''] = match;
    const face = new FontFace(family, `url(${JSON.stringify(url)}) format("woff2")`, {
      weight: variant.includes('Bold') ? '700' : '400',
      style: variant.includes('Italic') ? 'italic' : 'normal',
    });
    document.fonts.add(face);
  }
}

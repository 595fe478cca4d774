// TeX typeset at build time: the page ships HTML and MathML, never a TeX string for the browser to parse.
import katex from 'katex';

export type Typeset = { ok: true; html: string } | { ok: false; message: string };

export function typeset(tex: string, displayMode: boolean): Typeset {
  try {
    // MathML rides along for screen readers; strict rejects TeX that only happens to render.
    return {
      ok: true,
      html: katex.renderToString(tex, { displayMode, throwOnError: true, output: 'htmlAndMathml', strict: 'error' }),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `bad math: ${message}; allowed: TeX that KaTeX supports (katex.org/docs/supported)` };
  }
}

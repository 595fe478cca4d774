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

/**
 * The statements of a display equation that the author set apart with \qquad at its top level (outside braces,
 * \left…\right and environments), so a narrow screen can put them on lines of their own. One statement: [tex].
 */
export function displayStatements(tex: string): string[] {
  const statements: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < tex.length; i++) {
    const command = /^\\([a-zA-Z]+|.)/.exec(tex.slice(i))?.[1];
    if (command === undefined) {
      if (tex[i] === '{') depth++;
      else if (tex[i] === '}') depth--;
      continue;
    }
    if (command === 'left' || command === 'begin') depth++;
    else if (command === 'right' || command === 'end') depth--;
    else if (command === 'qquad' && depth === 0) {
      statements.push(tex.slice(start, i));
      start = i + 6;
    }
    i += command.length;
  }
  statements.push(tex.slice(start));
  const parts = statements.map((part) => part.trim());
  return parts.some((part) => part === '') ? [tex] : parts;
}

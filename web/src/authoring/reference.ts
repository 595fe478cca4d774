// docs/authoring.md as a string, built only from the tables the compiler itself checks lessons with.
import { screenCharacters } from './answer-warnings.js';
import { coreValues } from './core-values.js';
import { bodySyntax, type SyntaxDoc } from './directives.js';
import { frontMatterFields } from './front-matter.js';
import { proseSyntax } from './markdown.js';
import { describeAllowed, isRequired, type ParamSpec } from './param-spec.js';
import { bandFields, checkedSeeds, predictableWidgets, predictFields, predictOptionFields } from './predictions.js';
import { paramsSyntax } from './question-params.js';
import { anticipatedFields, optionFields, questionFields, showFields, toleranceFields } from './question-fields.js';
import type { FieldDoc } from './question-fields.js';
import { translationLocales, translationRules } from './translation.js';
import { valueSyntax } from './value-syntax.js';
import { widgetSchemas } from './widget-schema.js';

/** The command that rewrites the reference; the header and the drift test both name it. */
export const referenceCommand = 'npm run docs';

// A table cell: one line, a | would end the cell early, and outside code a < would open an HTML tag.
function cell(text: string): string {
  const pieces = text.replace(/\s*\n\s*/g, ' ').split(/(`+[^`]*`+)/);
  const escaped = pieces.map((piece, i) => (i % 2 === 1 ? piece : piece.replace(/</g, '\\<')));
  return escaped.join('').replace(/\|/g, '\\|');
}

// A code span whose fence is longer than any run of backticks inside it.
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function table(head: string[], rows: string[][]): string {
  const lines = [head, head.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

function typeName(spec: ParamSpec): string {
  switch (spec.type) {
    case 'int':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'true/false';
    case 'enum':
      return spec.orNumber ? 'name or number' : 'name';
    case 'list':
      return 'list of numbers';
  }
}

function defaultOf(spec: ParamSpec): string {
  if (spec.default === undefined) return '—';
  return code(Array.isArray(spec.default) ? `[${spec.default.join(', ')}]` : String(spec.default));
}

function paramTable(params: Record<string, ParamSpec>): string {
  const rows = Object.entries(params).map(([name, spec]) => [
    code(name),
    typeName(spec),
    describeAllowed(spec),
    defaultOf(spec),
    isRequired(spec) ? 'required' : 'optional',
    spec.doc ?? '',
  ]);
  return table(['Parameter', 'Type', 'Allowed', 'Default', 'Required', 'What it does'], rows);
}

function syntaxTable(rows: readonly SyntaxDoc[]): string {
  return table(
    ['Write', 'Meaning'],
    rows.map((row) => [code(row.form), row.doc]),
  );
}

function fieldTable(fields: Record<string, FieldDoc>): string {
  const rows = Object.entries(fields).map(([name, field]) => [
    code(name),
    field.type,
    field.required ? 'required' : 'optional',
    field.doc,
  ]);
  return table(['Field', 'Type', 'Required', 'Meaning'], rows);
}

function widgetsSection(): string[] {
  const parts = ['## Widgets', '', 'Parameters go one per line between `::: widget <name> {#id}` and `:::`.', ''];
  for (const [name, params] of Object.entries(widgetSchemas)) {
    parts.push(`### ${code(name)}`, '', paramTable(params), '');
  }
  return parts;
}

function predictionsSection(): string[] {
  const quantities = Object.entries(predictableWidgets()).flatMap(([widget, asked]) =>
    Object.entries(asked).map(([name, q]) => [
      code(widget),
      code(name),
      q.type === 'number' ? 'number' : (q.outcomes ?? []).map(code).join(', '),
      q.doc,
    ]),
  );
  // The example names a widget that measures a number, from the table itself: no widget is named here.
  const [widget = '', asked = {}] = Object.entries(predictableWidgets())[0] ?? [];
  const example = { widget, quantity: Object.keys(asked).find((q) => asked[q]?.type === 'number') ?? '' };
  return [
    '## Predictions',
    '',
    'A widget may ask the learner to predict before it shows the answer: add a `predict:` field to the widget.',
    'Until the learner commits a guess or presses **Just show me**, the widget holds back what answers it; then it',
    'moves to the state in `at`, draws the guess on the result and shows the sentence written for that guess. Using',
    "the widget's own controls first counts as skipping. The answer is never written in the lesson: it is what the",
    `widget measures, and the build measures it with the core at the widget's own seed and at seeds`,
    `${checkedSeeds.join(', ')}: a marker's range must hold it at each, and exactly one option must be true, the`,
    'same one at each.',
    '',
    '```',
    `::: widget ${example.widget} {#id}`,
    'predict:',
    '  kind: marker',
    '  prompt: Where will it be at $d_k = 4096$?',
    '  at: { dk: 4096 }',
    `  ask: ${example.quantity}`,
    '  range: [0, 256]',
    '  feedback:',
    '    - { to: 0.75, text: Too low; the sentence aimed at that mistake. }',
    '    - { from: 0.75, to: 1.33, text: Right. }',
    '    - { from: 1.33, text: Too high; the sentence aimed at that one. }',
    ':::',
    '```',
    '',
    fieldTable(predictFields),
    '',
    "### Each band of a marker's `feedback`",
    '',
    fieldTable(bandFields),
    '',
    "### Each item of a choice's `options`",
    '',
    fieldTable(predictOptionFields),
    '',
    '### What each widget measures',
    '',
    table(['Widget', 'Quantity', 'Type', 'Meaning'], quantities),
    '',
  ];
}

function coreValuesSection(): string[] {
  const parts = [
    '## Core values',
    '',
    'Write `{{name argument=value …}}` in prose, prompts and feedback, or `{ value: name, argument: … }` as a',
    'numeric answer, a check or an anticipated value. The number is computed by the core when the lesson is built.',
    '',
    syntaxTable(valueSyntax),
    '',
  ];
  for (const [name, value] of Object.entries(coreValues)) {
    const sentence = `${value.summary.charAt(0).toUpperCase()}${value.summary.slice(1)}.`;
    parts.push(`### ${code(name)}`, '', sentence, '', paramTable(value.params), '');
  }
  return parts;
}

function questionsSection(): string[] {
  const rows = Object.entries(questionFields).map(([name, field]) => [
    code(name),
    field.kinds.join(', '),
    field.type,
    field.required ? 'required' : 'optional',
    field.doc,
  ]);
  return [
    '## Questions',
    '',
    'A question is YAML between `::: question <id>` and `:::`. Markdown fields may hold `$…$` math and',
    '`{{values}}`; plain-text fields may hold `{{values}}` but no math.',
    '',
    table(['Field', 'Kinds', 'Type', 'Required', 'Meaning'], rows),
    '',
    '### Each item of `anticipated`',
    '',
    fieldTable(anticipatedFields),
    '',
    '### Each item of `options`',
    '',
    fieldTable(optionFields),
    '',
    '### `tolerance`',
    '',
    fieldTable(toleranceFields),
    '',
    '### `show`',
    '',
    fieldTable(showFields),
    '',
    '### `params`: a question with variants',
    '',
    syntaxTable(paramsSyntax),
    '',
    'The compiler builds every variant as a question of its own and checks each against the core: the answer is',
    'computed and finite, no anticipated value falls within the tolerance of the answer, the math renders and each',
    '`show:` state is one the widget accepts. A problem only some variants have is reported at its field as',
    '`variant dk=384: …` (the first such variant); one that every variant has is reported once, without a variant.',
    'The compiled question carries every variant, rendered, so the page needs no server.',
    '',
    'On the page a learner first sees the default variant. After an answer, **Another like this** draws another',
    'variant from a seed shown beside the question ("Variant 3 of 8 · seed 41"; seed 0 is the lesson\'s own',
    'numbers), never the one on screen. Each variant is graded by its own numbers, and the question counts as right',
    "once any variant's latest answer is right. Saved progress keeps the variant on screen and the attempts at each.",
    '',
  ];
}

function answersInSightSection(): string[] {
  return [
    '### Answers out of sight',
    '',
    "The build warns (it does not stop) when a question's answer, in any variant, is printed where a learner sees it",
    'before answering:',
    '',
    `- in prose within about ${screenCharacters} characters above or below the question, a screen of text (a`,
    '  Chinese, Japanese or Korean character counts as two, as it is set twice as wide); a widget between them counts',
    '  as a screen, so text behind a widget is out of sight;',
    "- in the question's own `hint` or anticipated `feedback`, which show while the learner may still try again.",
    '',
    'It looks for every form the grader would mark right: a number within the tolerance (a single digit too: `4`',
    'for 3.999 at rtol 0.02), `√512`, `16√2`, `sqrt(512)`, `512^0.5`, `ln 8`, a ratio such as `16/2`, and the TeX',
    'that prints them (`\\sqrt{512}`, `\\ln 8`, `\\frac{16}{2}`). Indices, powers, labels and names are not read as',
    'values (`q_1`, `\\sigma^2`, `k8`, `GPT-3`). Each warning is a `file:line:column: warning: …` line at the number.',
    'Move the number past a screen or a widget, say it after the question is answered (in `explanation`), or let',
    'the variants avoid numbers that stand near the question. The page test `tests/e2e/lesson-answers-in-sight`',
    'checks the same on the rendered page, widget readouts included.',
    '',
  ];
}

function frontMatterSection(): string[] {
  const rows = Object.entries(frontMatterFields).map(([name, field]) => [
    code(name),
    field.type,
    'required',
    field.doc,
  ]);
  return [
    '## Front matter',
    '',
    'The file starts with a `---` line, these fields as YAML, and another `---` line. No other field is allowed.',
    '',
    table(['Field', 'Type', 'Required', 'Meaning'], rows),
    '',
  ];
}

function translationsSection(): string[] {
  const rows = translationRules.map((rule) => [rule.part, rule.keep, rule.free]);
  return [
    '## Translations',
    '',
    'A translation is a complete lesson in another language, in a file beside its original:',
    '`lessons/<slug>/lesson.<locale>.md`, e.g. `lesson.zh-CN.md`. `lesson.md` is the original (English). The build',
    'compiles the translation like any lesson, then checks it against the original: prose is free, structure and',
    'numbers are not. What is checked is what the compiler built from each file, so writing a parameter out at its',
    'default, or an answer as another expression of the same core value, changes nothing. KaTeX math and code are',
    'copied unchanged.',
    '',
    table(['Part', 'Must match the original', 'Free to translate'], rows),
    '',
    'Every difference is a `file:line:column: …` problem in the translation, at the line that differs (or where the',
    "missing part belongs), naming the original's line where there is one, e.g.",
    '`lessons/why-sqrt-dk/lesson.zh-CN.md:84:9: question "std-at-512": answer is 16 here but 22.6274 in the original',
    "(lesson.md:84); allowed: the original's answer, as only prose is translated`. A problem in either file stops the",
    'build like any lesson problem. A translation that passes is written to',
    "`web/generated/lessons/<slug>.<locale>.json`, with the original's slug and section ids (its own headings would",
    "give other ids), so anchors, the reader's place and saved progress are the same in every language; `index.json`",
    "lists each lesson's `locales`. Check one with",
    '`node scripts/compile-lessons.mjs lessons/<slug>/lesson.<locale>.md`.',
    '',
    `Locales the build accepts: ${translationLocales.map(code).join(', ')}. To add a language, write two files and`,
    "nothing else: `lesson.<locale>.md` beside each lesson, and the page's message catalog",
    '`web/src/i18n/catalogs/<locale>.ts`, which exports every key of `en.ts` and says which language tags it answers',
    "(`export const catalogLocale = { locale: 'fr', language: 'fr' } as const;`). The build lists the catalogs, and",
    'with them the locales it accepts, in `web/src/i18n/catalogs.generated.ts`. Another name of the form',
    '`lesson.<anything>.md` is reported, not skipped.',
    '',
  ];
}

/** The whole reference, exactly as docs/authoring.md must hold it. */
export function authoringReference(): string {
  const parts = [
    `<!-- Generated by \`${referenceCommand}\` from the tables in web/src/authoring. Do not edit by hand. -->`,
    '',
    '# Authoring reference',
    '',
    `Generated by ${code(referenceCommand)} from the tables the lesson compiler checks lessons with, so it`,
    'cannot drift from what the build accepts. A lesson is `lessons/<slug>/lesson.md`; check one with',
    '`node scripts/compile-lessons.mjs lessons/<slug>/lesson.md`.',
    '',
    ...frontMatterSection(),
    '## Lesson body',
    '',
    syntaxTable(bodySyntax),
    '',
    syntaxTable(proseSyntax),
    '',
    ...widgetsSection(),
    ...predictionsSection(),
    ...coreValuesSection(),
    ...questionsSection(),
    ...answersInSightSection(),
    ...translationsSection(),
  ];
  return `${parts.join('\n').trimEnd()}\n`;
}

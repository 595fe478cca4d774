// The instructor's Deep Linking pages, rendered on the server as plain forms (they work without JavaScript and carry
// no inline script, under the site's strict CSP): the picker, and the page that posts the signed item back.
import type { CatalogLesson } from '../lessons/catalog.js';

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** What the instructor chose, as the form sends it back (kept when the form is shown again with a problem). */
export interface PickerChoices {
  pick?: string;
  mode?: string;
  variant?: string;
  seed?: string;
  attempts?: string;
  explain?: string;
}

const short = (text: string) => (text.length > 110 ? `${text.slice(0, 107)}…` : text);

/** A page of the tool's own: its stylesheet, no script. */
export function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/lti-assets/tool.css"></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

function radio(name: string, value: string, label: string, chosen: string | undefined, id: string): string {
  const checked = chosen === value ? ' checked' : '';
  return (
    `<div class="choice"><input type="radio" name="${name}" id="${id}" value="${escapeHtml(value)}"${checked}>` +
    `<label for="${id}">${escapeHtml(label)}</label></div>`
  );
}

function options(values: [string, string][], chosen: string | undefined): string {
  return values
    .map(([value, label]) => {
      const selected = (chosen ?? '') === value ? ' selected' : '';
      return `<option value="${escapeHtml(value)}"${selected}>${escapeHtml(label)}</option>`;
    })
    .join('');
}

/** The pick for a lesson, a section, a widget or a question, spelt as an embed URL's query. */
export const pickValue = (lesson: string, what?: 'section' | 'widget' | 'question', id?: string): string =>
  new URLSearchParams(what && id ? { lesson, [what]: id } : { lesson }).toString();

function lessonChoices(lesson: CatalogLesson, chosen: string | undefined, n: number): string {
  let i = 0;
  const id = () => `pick-${n}-${++i}`;
  const rows = [radio('pick', pickValue(lesson.slug), `The whole lesson: ${lesson.title}`, chosen, id())];
  for (const section of lesson.sections) {
    rows.push(radio('pick', pickValue(lesson.slug, 'section', section.id), `Section: ${section.title}`, chosen, id()));
    for (const widget of section.widgets)
      rows.push(
        radio(
          'pick',
          pickValue(lesson.slug, 'widget', widget.id),
          `Widget: ${widget.id} (${widget.widget})`,
          chosen,
          id(),
        ),
      );
    for (const question of section.questions)
      rows.push(
        radio(
          'pick',
          pickValue(lesson.slug, 'question', question.id),
          `Question ${question.id}: ${short(question.text)}`,
          chosen,
          id(),
        ),
      );
  }
  return `<fieldset class="lesson"><legend>${escapeHtml(lesson.title)}</legend>${rows.join('')}</fieldset>`;
}

/** The picker: what to add, graded or practice, and the policy, posted back to /deep-link with the ltik. */
export function pickerPage({
  catalog,
  ltik,
  choices = {},
  problem,
}: {
  catalog: CatalogLesson[];
  ltik: string;
  choices?: PickerChoices;
  problem?: string;
}): string {
  const mode = choices.mode ?? 'graded';
  const problemHtml = problem ? `<p class="problem" role="alert" id="problem">${escapeHtml(problem)}</p>` : '';
  const body =
    '<h1>Add Attention Lab to your course</h1>' +
    problemHtml +
    `<form method="post" action="/deep-link"${problem ? ' aria-describedby="problem"' : ''}>` +
    `<input type="hidden" name="ltik" value="${escapeHtml(ltik)}">` +
    '<fieldset><legend>What learners open</legend>' +
    catalog.map((lesson, n) => lessonChoices(lesson, choices.pick, n)).join('') +
    '</fieldset>' +
    '<fieldset><legend>Grading</legend>' +
    radio(
      'mode',
      'graded',
      'Graded: the server grades, the gradebook gets the score, answers stay on the server',
      mode,
      'mode-graded',
    ) +
    radio('mode', 'practice', 'Practice: graded in the browser, no score sent', mode, 'mode-practice') +
    '</fieldset>' +
    '<fieldset><legend>Questions</legend>' +
    '<label for="variant">Numbers in each question</label>' +
    `<select id="variant" name="variant">${options(
      [
        ['', "The lesson's own numbers, then Another like this"],
        ['fixed', "The lesson's own numbers, for everyone"],
        ['learner', 'A variant of its own for each learner'],
        ['seed', 'The variant of this seed, for everyone'],
      ],
      choices.variant,
    )}</select>` +
    `<label for="seed">Seed (with “the variant of this seed”)</label>` +
    `<input id="seed" name="seed" inputmode="numeric" value="${escapeHtml(choices.seed ?? '1')}">` +
    '<label for="attempts">Counted attempts before a question locks</label>' +
    `<select id="attempts" name="attempts">${options(
      [['', 'Unlimited'], ...['1', '2', '3', '5', '10'].map((n): [string, string] => [n, n])],
      choices.attempts,
    )}</select>` +
    '<label for="explain">When the worked solution shows</label>' +
    `<select id="explain" name="explain">${options(
      [
        ['after-attempts', 'Once right, or when the attempts are used up'],
        ['after-correct', 'Only once right'],
        ['never', 'Never'],
      ],
      choices.explain,
    )}</select>` +
    '</fieldset>' +
    '<button type="submit">Add to the course</button></form>';
  return page('Add Attention Lab to your course', body);
}

/** Posts the signed content item to the platform: at once with the external script, or with the button. */
export function returnPage({ action, jwt, title }: { action: string; jwt: string; title: string }): string {
  const body =
    `<h1>Adding “${escapeHtml(title)}”</h1>` +
    `<form id="deep-link-return" method="post" action="${escapeHtml(action)}">` +
    `<input type="hidden" name="JWT" value="${escapeHtml(jwt)}">` +
    '<button type="submit">Return to the course</button></form>' +
    '<script src="/lti-assets/auto-submit.js"></script>';
  return page('Adding to your course', body);
}

export const autoSubmitScript =
  "// Sends the signed content item back to the platform at once; the page's button does the same without it.\n" +
  "document.getElementById('deep-link-return').submit();\n";

export const toolStyles = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1b1b1f; background: #fff; }
main { max-width: 46rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
fieldset { border: 1px solid #c8c8d0; border-radius: 6px; margin: 1rem 0; padding: 0.5rem 1rem 1rem; }
fieldset.lesson { border-style: dashed; }
legend { font-weight: 600; padding: 0 0.25rem; }
.choice { display: flex; gap: 0.5rem; align-items: baseline; margin: 0.25rem 0; }
label { display: block; margin-top: 0.75rem; }
.choice label { display: inline; margin: 0; }
select, input[inputmode] { font: inherit; padding: 0.25rem; max-width: 100%; }
button { font: inherit; padding: 0.5rem 1.25rem; margin-top: 0.5rem; }
.problem { border-left: 4px solid #b3261e; padding: 0.5rem 0.75rem; background: #fdecea; color: #5f1410; }
@media (prefers-color-scheme: dark) {
  body { color: #e6e6ea; background: #17171b; }
  .problem { background: #3a1512; color: #ffd9d4; }
}
`;

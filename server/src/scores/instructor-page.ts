// The instructor view as one server-rendered page: no script at all, so it keeps the strict CSP as it is. Charts are
// SVG drawn here; every number in a chart is also in the table beside it.
import type { Placement } from '../lti/launch.js';
import { barChartSvg } from './bar-chart-svg.js';
import type { Answer, ClassResults, LearnerResults, QuestionResults } from './class-results.js';
import { escapeHtml as e } from './escape-html.js';
import type { GradebookStatus } from './score-queue.js';

export interface InstructorPage {
  lessonTitle: string;
  placement: Placement;
  /** The placed section's title, or the question's or widget's id; unused for the whole lesson. */
  placedName: string;
  results: ClassResults;
  gradebook: GradebookStatus;
  /** Where the page's own stylesheet, the CSV and the activity itself are (they carry the launch's ltik). */
  links: { stylesheet: string; csv: string; activity: string };
}

export const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)} %`);

export function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${Number(seconds.toFixed(1))} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function whatIsPlaced(placement: Placement, name: string, title: string): string {
  if (placement.what === 'lesson') return `the whole lesson “${title}”`;
  return `${placement.what} “${name}” of “${title}”`;
}

function questionTable(questions: QuestionResults[]): string {
  const rows = questions.map((q) => {
    const anticipated = q.wrongAttempts - q.otherWrong;
    return (
      `<tr><th scope="row">${e(q.id)}</th><td>${q.learners}</td><td>${percent(q.rightRate)}</td>` +
      `<td>${q.attempts}</td><td>${duration(q.medianSeconds)}</td>` +
      `<td>${q.wrongAttempts}</td><td>${anticipated}</td></tr>`
    );
  });
  return (
    '<table class="by-question"><caption>Per question: learners who answered, the share of them who got it right ' +
    '(before seeing the worked solution), counted attempts, median time per attempt, wrong answers, and how many of ' +
    'them were an anticipated mistake</caption><thead><tr><th scope="col">Question</th><th scope="col">Learners</th>' +
    '<th scope="col">Right rate</th><th scope="col">Attempts</th><th scope="col">Median time</th>' +
    '<th scope="col">Wrong</th><th scope="col">Anticipated mistakes</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function mistakesOf(q: QuestionResults, index: number): string {
  const bars = q.mistakes.map((m) => ({ label: m.label, value: m.count, text: String(m.count) }));
  if (q.otherWrong) bars.push({ label: 'other wrong answers', value: q.otherWrong, text: String(q.otherWrong) });
  const most = [...q.mistakes].sort((a, b) => b.count - a.count)[0];
  const summary = most?.count
    ? `Of ${q.wrongAttempts} wrong answers to ${q.id}, the most frequent anticipated mistake was ${most.label}, ` +
      `made ${most.count} times.`
    : `None of the ${q.wrongAttempts} wrong answers to ${q.id} was an anticipated mistake.`;
  const chart = barChartSvg({
    id: `mistakes-${index}`,
    title: `Anticipated mistakes in ${q.id}`,
    summary,
    bars,
    max: Math.max(1, ...bars.map((b) => b.value)),
  });
  const share = (count: number) => (q.wrongAttempts ? percent(count / q.wrongAttempts) : '–');
  const rows = q.mistakes.map(
    (m) =>
      `<tr><th scope="row">${e(m.label)}</th><td>${e(m.feedback)}</td><td>${m.count}</td>` +
      `<td>${share(m.count)}</td></tr>`,
  );
  if (q.otherWrong) {
    rows.push(
      `<tr><th scope="row">other wrong answers</th><td></td><td>${q.otherWrong}</td>` +
        `<td>${share(q.otherWrong)}</td></tr>`,
    );
  }
  return (
    `<section class="mistakes" aria-labelledby="mistakes-${index}-heading">` +
    `<h3 id="mistakes-${index}-heading">${e(q.id)}</h3>${chart}` +
    `<table><caption>How often each anticipated mistake in ${e(q.id)} was made</caption><thead><tr>` +
    '<th scope="col">Answer given</th><th scope="col">What the lesson tells the learner</th>' +
    `<th scope="col">Times</th><th scope="col">Share of wrong answers</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table></section>`
  );
}

function resultWord(answers: Answer[]): string {
  if (!answers.length) return 'not answered';
  if (answers.some((a) => a.correct && !a.afterSolution)) return 'right';
  if (answers.some((a) => a.correct)) return 'right after the solution';
  return 'not yet right';
}

function answerList(answers: Answer[]): string {
  const items = answers.map(
    (a) =>
      `<li><span aria-hidden="true">${a.correct ? '✓' : '✗'}</span> ` +
      `<span class="visually-hidden">${a.correct ? 'right' : 'wrong'}:</span> <code>${e(a.typed)}</code></li>`,
  );
  return items.length ? `<ol class="answers">${items.join('')}</ol>` : '';
}

function learnerRows(learner: LearnerResults, questions: QuestionResults[]): string {
  const who = learner.name ? `${e(learner.name)} <span class="user-id">${e(learner.userId)}</span>` : e(learner.userId);
  return questions
    .map((q, i) => {
      const answers = learner.answers[q.id] ?? [];
      const variants = [...new Set(answers.map((a) => a.variant))].map(e).join(', ');
      const head = i === 0 ? `<th scope="rowgroup" rowspan="${questions.length}">${who}</th>` : '';
      return (
        `<tr>${head}<td>${e(q.id)}</td><td>${resultWord(answers)}</td><td>${answers.length}</td>` +
        `<td>${variants}</td><td>${answerList(answers)}</td></tr>`
      );
    })
    .join('');
}

function learnersTable(results: ClassResults): string {
  if (!results.learners.length) return '<p>No learner has answered yet.</p>';
  if (!results.questions.length) return '<p>This placement asks no questions.</p>';
  const groups = results.learners.map((l) => `<tbody>${learnerRows(l, results.questions)}</tbody>`);
  return (
    '<table class="by-learner"><caption>Each learner’s counted answers per question, oldest first, and the variants ' +
    'they were asked</caption><thead><tr><th scope="col">Learner</th><th scope="col">Question</th>' +
    '<th scope="col">Result</th><th scope="col">Attempts</th><th scope="col">Variants</th>' +
    `<th scope="col">Answers</th></tr></thead>${groups.join('')}</table>`
  );
}

function gradebookSection({ sent, waiting, nextTry, lastError, refused }: GradebookStatus): string {
  const lines = [`<p>${sent} score${sent === 1 ? '' : 's'} accepted by the platform’s gradebook.</p>`];
  if (waiting) {
    const why = lastError ? ` The last try failed: ${e(lastError)}.` : '';
    const when = nextTry ? ` Next try at ${e(nextTry.toISOString())}.` : '';
    lines.push(`<p>${waiting} waiting to be sent.${why}${when}</p>`);
  }
  if (refused.length) {
    const items = refused.map(
      (r) => `<li>${e(r.userId)}, attempt of ${e(r.attemptedAt.toISOString())}: ${e(r.error)}</li>`,
    );
    lines.push(`<p>${refused.length} refused by the platform for good:</p><ul class="refused">${items.join('')}</ul>`);
  }
  return lines.join('');
}

export function instructorPage(page: InstructorPage): string {
  const { lessonTitle, placement, placedName, results, gradebook, links } = page;
  const count = results.learners.length;
  const answered = results.learners.filter((l) => Object.keys(l.answers).length).length;
  const rateChart = barChartSvg({
    id: 'right-rate',
    title: 'Right rate per question',
    summary: results.questions.map((q) => `${q.id}: ${percent(q.rightRate)} of ${q.learners}`).join('; ') || 'none',
    bars: results.questions.map((q) => ({ label: q.id, value: q.rightRate ?? 0, text: percent(q.rightRate) })),
    max: 1,
  });
  const withMistakes = results.questions.filter((q) => q.mistakes.length || q.otherWrong);
  const noMistakes = '<p>These questions anticipate no mistakes, and nobody has answered wrong yet.</p>';
  const note = results.rosterNote
    ? `<p class="note">Only learners who answered are listed: ${e(results.rosterNote)}.</p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Results: ${e(lessonTitle)} · Attention Lab</title>
<link rel="stylesheet" href="${e(links.stylesheet)}">
</head>
<body>
<main>
<h1>Results: ${e(lessonTitle)}</h1>
<p>For ${e(whatIsPlaced(placement, placedName, lessonTitle))}: ${count} learners, ${answered} of them answered.</p>
${note}
<p><a class="download-csv" href="${e(links.csv)}" download>Download every answer (CSV)</a> ·
<a href="${e(links.activity)}">Open the activity as learners see it</a></p>
<section aria-labelledby="by-question"><h2 id="by-question">By question</h2>
${results.questions.length ? rateChart + questionTable(results.questions) : '<p>This placement asks no questions.</p>'}
</section>
<section aria-labelledby="mistakes"><h2 id="mistakes">Anticipated mistakes</h2>
${withMistakes.map(mistakesOf).join('\n') || noMistakes}
</section>
<section aria-labelledby="by-learner"><h2 id="by-learner">By learner</h2>
${learnersTable(results)}
</section>
<section aria-labelledby="gradebook"><h2 id="gradebook">Gradebook</h2>
${gradebookSection(gradebook)}
</section>
</main>
</body>
</html>
`;
}

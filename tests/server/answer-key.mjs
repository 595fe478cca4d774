// What would hand a learner a question's answers if a graded page carried it, as patterns to search any text for
// (HTML, JavaScript, JSON): the answer as data or at full precision, which options are correct, the anticipated
// mistakes, their feedback and the worked solution. Lessons are read as compiled, with their answers.

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const significant = (token) => token.replace(/^-?0*\.?0*/, '').replace(/[.]|e.*$/gi, '').length;

// A field holding data, as JSON writes it ("answer":16) or a bundler's object literal (answer:16, correct:!0).
const field = (name, value) => new RegExp(`["']?\\b${name}["']?\\s*:\\s*${value}`);
// A number as JSON or a minifier writes it (0.5 or .5).
const numberText = (token) => escape(token).replace(/^(-?)0\\\./, '$10?\\.');
// A number on its own, not the middle of a longer one.
const number = (token) => new RegExp(`(?<![\\d.])${numberText(token)}(?![\\d])`);

/** Words of a text outside markup: runs of letters, spaces and commas long enough to be the author's sentence. */
function phrases(html) {
  // A tag or an entity ends a run: the bundle has them between the words.
  const text = html.replace(/<[^>]*>/g, '|').replace(/&[a-z#0-9]+;/gi, '|');
  return [...text.matchAll(/[A-Za-z][A-Za-z ,]{19,}[A-Za-z]/g)]
    .map(([run]) => run.replace(/\s+/g, ' '))
    .filter((run) => run.split(' ').length >= 4);
}

/** Everything a learner may read of the lesson: titles, prose, prompts, option texts and hints. */
export function publicText(lesson) {
  const parts = [lesson.title, lesson.summary];
  for (const section of lesson.sections) {
    parts.push(section.title);
    for (const block of section.blocks) {
      if (block.kind === 'html') parts.push(block.html);
      if (block.kind !== 'question') continue;
      for (const q of [block.question, ...(block.question.variants ?? []).map((v) => v.question)])
        parts.push(q.prompt, q.hint ?? '', ...(q.options ?? []).map((o) => o.text));
    }
  }
  return parts.join('\n').replace(/\s+/g, ' ');
}

// The author's longest sentence in the text that a learner cannot read elsewhere in the lesson.
function ownPhrase(html, known) {
  return phrases(html)
    .filter((run) => !known.includes(run))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The patterns that give away `question` (every variant of it). `formatted`: also the answer as a page would print
 * it, to 2 and 1 decimals (only forms of three significant digits or more, which nothing else writes by chance).
 */
export function answerKey(question, lesson, { formatted = false } = {}) {
  const known = publicText(lesson);
  const needles = [
    { what: 'an explanation field', pattern: field('explanation', '["\'`]'), generic: true },
    { what: 'an anticipated field', pattern: field('anticipated', '\\['), generic: true },
    { what: 'a tolerance field', pattern: field('tolerance', '\\{'), generic: true },
  ];
  const texts = [];
  for (const q of [question, ...(question.variants ?? []).map((v) => v.question)]) {
    texts.push(['worked solution', q.explanation]);
    if (q.correctFeedback) texts.push(['feedback of a right answer', q.correctFeedback]);
    if (q.kind !== 'numeric') {
      needles.push({ what: 'a correct flag', pattern: field('correct', '(?:true|!0)'), generic: true });
      for (const option of q.options)
        if (option.feedback) texts.push([`feedback of option ${option.id}`, option.feedback]);
      continue;
    }
    const answer = String(q.answer);
    needles.push({
      what: `the answer ${answer} as data`,
      pattern: field('answer', `${numberText(answer)}(?![\\d.e])`),
    });
    if (significant(answer) >= 5) needles.push({ what: `the answer ${answer}`, pattern: number(answer) });
    if (formatted && !Number.isInteger(q.answer))
      for (const digits of [2, 1]) {
        const shown = q.answer.toFixed(digits);
        if (significant(shown) >= 3) needles.push({ what: `the answer written ${shown}`, pattern: number(shown) });
      }
    for (const mistake of q.anticipated ?? []) {
      const value = String(mistake.value);
      if (significant(value) >= 5) needles.push({ what: `the anticipated mistake ${value}`, pattern: number(value) });
      texts.push([`feedback of the anticipated mistake ${value}`, mistake.feedback]);
    }
  }
  for (const [what, text] of texts) {
    const phrase = ownPhrase(text, known);
    // Between words a bundle may keep a line break of the lesson as it is or as the escape \n.
    const words = phrase?.split(' ').map(escape).join('(?:\\s|\\\\n)+');
    if (phrase) needles.push({ what: `${what}: “${phrase}”`, pattern: new RegExp(words), source: text });
  }
  return needles;
}

/** The needles found in `text`, by what they are (`generic`: any question's, such as a field of answer data). */
export const foundIn = (text, needles) => needles.filter((needle) => needle.pattern.test(text)).map((n) => n.what);

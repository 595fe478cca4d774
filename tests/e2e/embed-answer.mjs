// Answers a question of the lesson in a page or frame, as a learner would: type and press Enter, or tick and Check.
import { rightAnswer } from './lesson-data.mjs';

export async function answer(frame, question, { right = true } = {}) {
  const section = `#question-${question.id}`;
  if (question.kind === 'numeric') {
    await frame.fill(`${section} input.answer`, right ? rightAnswer(question) : String(question.answer * 3 + 7.5));
    await frame.press(`${section} input.answer`, 'Enter');
  } else {
    const chosen = right
      ? rightAnswer(question)
      : question.options
          .filter((o) => !o.correct)
          .slice(0, 1)
          .map((o) => o.id);
    for (const option of question.options)
      await frame.setChecked(`#question-${question.id}-${option.id}`, chosen.includes(option.id));
    await frame.click(`${section} button[type="submit"]`);
  }
  await frame.waitForSelector(`${section}[data-status="${right ? 'correct' : 'incorrect'}"]`);
}

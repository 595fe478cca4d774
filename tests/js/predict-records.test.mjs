// Predictions as data: how a guess is judged, how progress keeps and merges them, how suspend data carries them, and
// what an LMS and the results download receive. Never a score.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { predictionElements } from '../../dist/lib/src/embed/scorm-interactions.js';
import { readSuspendData, writeSuspendData } from '../../dist/lib/src/embed/suspend-data.js';
import { bandOf, closeBand, judgeChoice, judgeMarker } from '../../dist/lib/src/predict/judge.js';
import {
  mergeSavedProgress,
  readSavedProgress,
  resultsCsv,
  resultsRecord,
  writeSavedProgress,
} from '../../dist/lib/src/quiz/index.js';

const bands = [
  { from: 0, to: 0.75, text: 'low' },
  { from: 0.75, to: 1.33, text: 'close' },
  { from: 1.33, to: null, text: 'high' },
];
const marker = { kind: 'marker', ask: 'twoSigma', range: [0, 256], log: false, unit: '', bands, at: {}, prompt: '' };
const choice = {
  kind: 'choice',
  at: {},
  prompt: '',
  options: [
    { id: 'spread', text: '', when: { top: { to: 0.8 } }, feedback: 'yes' },
    { id: 'one-hot', text: '', when: { top: { from: 0.8 } }, feedback: 'no' },
  ],
};

test('a marker is judged by its ratio to the result; the band holding 1 is close', () => {
  assert.equal(bandOf(bands, 90, 128).text, 'low');
  assert.equal(bandOf(bands, 128, 128), closeBand(bands));
  assert.equal(bandOf(bands, 4096, 128).text, 'high');
  assert.equal(bandOf(bands, 1, 0), undefined, 'a result of 0 has no ratio');
  assert.deepEqual(judgeMarker(marker, 120, { twoSigma: 128 }), { result: 128, close: true, text: 'close' });
  assert.deepEqual(judgeChoice(choice, 'one-hot', { top: 0.3 }), { result: 'spread', close: false, text: 'no' });
});

const guessed = { guess: 90, result: 128, close: false, seed: 1, at: 2000 };
const skipped = { guess: null, result: 3.999, close: null, at: 3000 };

test('progress keeps predictions beside the answers; the later record wins, a reset erases the earlier', () => {
  const saved = { answers: {}, stamps: {}, resetAt: 0, predictions: { a: guessed, b: skipped } };
  const read = readSavedProgress(writeSavedProgress(saved)).saved;
  assert.deepEqual(read.predictions, { a: guessed, b: skipped });
  const theirs = { answers: {}, stamps: {}, resetAt: 2500, predictions: { a: { ...guessed, at: 1000 } } };
  assert.deepEqual(mergeSavedProgress(saved, theirs).predictions, { b: skipped }, 'a guess before the reset is gone');
  const bad = JSON.stringify({ version: 2, resetAt: 0, answers: {}, predictions: { a: { guess: {}, at: 1 } } });
  assert.equal(readSavedProgress(bad).saved.predictions, undefined, 'an unreadable prediction is dropped');
});

test('suspend data carries predictions packed, to the second, and drops one it cannot read', () => {
  const { text } = writeSuspendData({ progress: {}, setAside: {}, predictions: { a: guessed, b: skipped } });
  assert.deepEqual(JSON.parse(text).p, { a: [90, 128, 0, 2, 1], b: [null, 3.999, null, 3] });
  assert.deepEqual(readSuspendData(text).predictions, { a: guessed, b: skipped });
  const damaged = JSON.stringify({ v: 2, q: {}, p: { a: [90, 128, 7, 2], b: [null, 1, null, 3] } });
  assert.deepEqual(Object.keys(readSuspendData(damaged).predictions), ['b']);
});

test('an LMS gets a guess as numeric and a skip as performance, both weighted 0', () => {
  const elements = (p, r) => Object.fromEntries(predictionElements('explore-variance', p, r));
  const guess = elements(marker, guessed);
  assert.deepEqual(
    [guess.id, guess.type, guess.student_response, guess['correct_responses.0.pattern'], guess.result, guess.weighting],
    ['predict.explore-variance', 'numeric', '90', '128', 'wrong', '0'],
  );
  const skip = elements(marker, skipped);
  assert.deepEqual(
    [skip.type, skip.student_response, skip.result, skip.weighting],
    ['performance', 'skipped', 'neutral', '0'],
  );
  const picked = elements(choice, { guess: 'spread', result: 'spread', close: true, at: 1 });
  assert.deepEqual([picked.type, picked.student_response, picked.result], ['performance', 'spread', 'correct']);
});

test('the results record lists every prediction; the CSV one row for each made', () => {
  const asked = [
    { widget: 'explore-variance', kind: 'marker', record: guessed },
    { widget: 'float16-overflow', kind: 'marker', record: skipped },
    { widget: 'training', kind: 'choice' },
  ];
  const record = resultsRecord('why-sqrt-dk', [], {}, new Date(0), asked);
  assert.deepEqual(
    record.predictions.map((p) => [p.widget, p.status, p.guess, p.result, p.close]),
    [
      ['explore-variance', 'guessed', 90, 128, false],
      ['float16-overflow', 'skipped', null, 3.999, null],
      ['training', 'unanswered', null, null, null],
    ],
  );
  assert.deepEqual(record.score, { answered: 0, correct: 0, total: 0 });
  assert.equal(
    resultsCsv(record),
    [
      'lesson,question,variant,seed,attempt,response,result,time,after_solution,kind,figure',
      'why-sqrt-dk,explore-variance,,1,1,90,off,1970-01-01T00:00:02.000Z,,prediction,128',
      'why-sqrt-dk,float16-overflow,,,1,,skipped,1970-01-01T00:00:03.000Z,,prediction,3.999',
      '',
    ].join('\r\n'),
  );
});

// Server-side grading for graded launches: the routes the answer-free page calls, and what they are built from.
export { gradingRouter, type GradingOptions, type PlacementScore } from './router.js';
export { readLessonBank, compiledLessonsFolder, type LessonBank } from './lesson-bank.js';

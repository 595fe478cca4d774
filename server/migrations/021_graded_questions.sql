-- Per learner and placement, each question as the server set it: the variant it pinned and the learner's progress in
-- the quiz engine's own format (QuestionProgress), which decides attempts left, the worked solution and points.
CREATE TABLE graded_questions (
  platform_id text NOT NULL,
  context_id text NOT NULL,
  resource_link_id text NOT NULL,
  user_id text NOT NULL,
  lesson text NOT NULL,
  question_id text NOT NULL,
  -- the variant's key ('dk=384'; 'lesson' for a question without params) and the seed that drew it
  variant text NOT NULL,
  seed bigint NOT NULL,
  progress jsonb,
  first_shown_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (platform_id, context_id, resource_link_id, user_id, lesson, question_id)
);
-- A learner's seed is any 32-bit unsigned number (seedFromText): more than integer holds.
ALTER TABLE attempts ALTER COLUMN seed TYPE bigint;

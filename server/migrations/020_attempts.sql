-- Every answer a learner submits in a graded launch, graded by the server; the instructor view reads it.
CREATE TABLE attempts (
  id bigserial PRIMARY KEY,
  platform_id text NOT NULL,
  context_id text NOT NULL,
  resource_link_id text NOT NULL,
  user_id text NOT NULL,
  lesson text NOT NULL,
  question_id text NOT NULL,
  -- the variant's label and seed the learner was asked (the lesson's own numbers: 'lesson', seed 0)
  variant text NOT NULL,
  seed integer NOT NULL,
  typed text NOT NULL,
  correct boolean NOT NULL,
  -- false for unreadable input: it costs no attempt
  counted boolean NOT NULL,
  -- the anticipated mistake the answer matched (its value as the lesson names it), if any
  mistake text,
  points numeric NOT NULL,
  after_solution boolean NOT NULL DEFAULT false,
  -- seconds from the question shown to the answer, as the page measured it
  seconds numeric,
  answered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attempts_by_learner ON attempts (platform_id, context_id, resource_link_id, user_id, question_id);

-- Scores on their way to the platform's gradebook (AGS). A row is marked sent only after the platform accepted it,
-- so a platform that is down, or a tool that restarts, loses nothing; a refusal that can never succeed stays as
-- failed with the platform's own words, for an administrator to read.
CREATE TABLE score_queue (
  id bigserial PRIMARY KEY,
  platform_id text NOT NULL,
  context_id text NOT NULL,
  resource_link_id text NOT NULL,
  line_item_url text NOT NULL,
  user_id text NOT NULL,
  score_given numeric NOT NULL,
  score_maximum numeric NOT NULL,
  activity_progress text NOT NULL,
  grading_progress text NOT NULL,
  -- when the attempt happened: the score's AGS timestamp
  attempted_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sent', 'failed')),
  tries integer NOT NULL DEFAULT 0,
  -- not tried again before this (backoff); a learner's later scores wait behind their earlier one
  due_at timestamptz NOT NULL DEFAULT now(),
  last_tried_at timestamptz,
  last_error text,
  sent_at timestamptz,
  queued_at timestamptz NOT NULL DEFAULT now()
);
-- The sender's question, "the oldest waiting score of each learner and line item", reads this index only.
CREATE INDEX score_queue_waiting ON score_queue (platform_id, line_item_url, user_id, id) WHERE state = 'waiting';

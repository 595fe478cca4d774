-- The deployment ids each registered platform may launch from: ltijs checks that a deployment id is present, the
-- tool checks it against this list (from the platforms file) before any session starts.
CREATE TABLE lti_deployments (
  issuer text NOT NULL,
  client_id text NOT NULL,
  deployment_id text NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, client_id, deployment_id)
);

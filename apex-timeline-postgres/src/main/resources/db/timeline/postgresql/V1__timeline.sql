-- The timeline on PostgreSQL: what the SQLite file keeps at its schema version 4, in one step.
-- Times the server stamps (a task's start and end, heartbeats, label cache entries) come from the
-- server's clock, now(), the one clock every runner shares; times a runner measured (a step's start,
-- a capture's) are kept as it gave them.
CREATE TABLE tasks (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  device TEXT,
  goal TEXT,
  status TEXT NOT NULL,
  reason TEXT,
  started_at TIMESTAMPTZ NOT NULL,
  ended_at TIMESTAMPTZ,
  owner_host TEXT,
  owner_pid BIGINT,
  owner_started_at TIMESTAMPTZ,
  heartbeat_at TIMESTAMPTZ,
  cancel_requested TEXT);

CREATE INDEX tasks_running ON tasks (status) WHERE status = 'RUNNING';

CREATE TABLE steps (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  idx INTEGER NOT NULL,
  started_at TIMESTAMPTZ,
  action TEXT NOT NULL,
  success BOOLEAN NOT NULL,
  error TEXT,
  scene TEXT,
  step TEXT NOT NULL,
  result TEXT NOT NULL,
  annotations TEXT NOT NULL,
  observe_nanos BIGINT NOT NULL,
  plan_nanos BIGINT NOT NULL,
  act_nanos BIGINT NOT NULL,
  PRIMARY KEY (task_id, idx));

CREATE TABLE screenshots (
  task_id TEXT NOT NULL,
  idx INTEGER NOT NULL,
  png BYTEA NOT NULL,
  PRIMARY KEY (task_id, idx),
  FOREIGN KEY (task_id, idx) REFERENCES steps (task_id, idx));

CREATE TABLE final_observations (
  task_id TEXT PRIMARY KEY REFERENCES tasks (id),
  after_step INTEGER NOT NULL,
  observed_at TIMESTAMPTZ,
  scene TEXT NOT NULL,
  png BYTEA);

CREATE TABLE label_cache (
  signature TEXT NOT NULL,
  model TEXT NOT NULL,
  prompt_version TEXT NOT NULL,
  entry TEXT NOT NULL,
  stored_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (signature, model, prompt_version));

CREATE INDEX label_cache_by_age ON label_cache (stored_at);

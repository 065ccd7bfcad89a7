-- What the SQLite file's schema 5 adds: the suite run (apex test) a task was one flow of, null for a
-- task run alone, and the lookups a suite makes: its own tasks, and earlier runs of the same flows
-- (by goal, newest first) to balance shards. Plus the console's filters by device and host.
ALTER TABLE tasks ADD COLUMN suite_id TEXT;

CREATE INDEX tasks_by_suite ON tasks (suite_id, seq) WHERE suite_id IS NOT NULL;

CREATE INDEX tasks_by_goal ON tasks (goal, seq);

CREATE INDEX tasks_by_device ON tasks (device, seq);

CREATE INDEX tasks_by_host ON tasks (owner_host, seq);

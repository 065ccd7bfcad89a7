/**
 * The task timeline (task-memory): every task and every step it ran, with the scene it saw, what it
 * decided, what happened and the screenshot, kept in an embedded SQLite file ({@link
 * dev.apex.storage.SqliteTimeline}) so a console in another process can follow a task live and a
 * crash loses no recorded step. Each task records the process that runs it and that process's
 * heartbeat, so any reader can tell a task whose process died ({@code INTERRUPTED}) from a live
 * one, and another process can ask it to stop. Each step's typed extras ({@link
 * dev.apex.timeline.StepExtras}) are stored as its annotations JSON in the form older versions
 * wrote ({@link dev.apex.storage.StepExtrasJson}), so files written before and after read the same.
 * The SQL is one body ({@link dev.apex.storage.JdbcTimeline}) over a small {@link
 * dev.apex.storage.JdbcDialect}, an SPI the PostgreSQL timeline builds on too (not for apps).
 * Implements the runtime's {@link dev.apex.timeline.TaskTimeline} port and registers itself as its
 * {@link dev.apex.timeline.TimelineProvider}. Depends only on {@code core}, {@code
 * apex-timeline-api} (with the llm and world models) and the SQLite driver.
 */
package dev.apex.storage;

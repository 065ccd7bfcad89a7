/**
 * The task timeline (task-memory): every task and every step it ran, with the scene it saw, what it
 * decided, what happened and the screenshot, kept in an embedded SQLite file ({@link
 * dev.apex.storage.SqliteTimeline}) so a console in another process can follow a task live and a
 * crash loses no recorded step. Depends only on {@code core} and the SQLite driver.
 */
package dev.apex.storage;

/**
 * {@code apex test}'s parts that know nothing of the command line: finding and checking a suite's
 * flows ({@link dev.apex.cli.suite.SuiteFlows}), selecting them by tag and shard ({@link
 * dev.apex.cli.suite.TagFilter}, {@link dev.apex.cli.suite.Shards}), running them over a pool of
 * device slots ({@link dev.apex.cli.suite.SuiteRunner}, heard through {@link
 * dev.apex.cli.suite.SuiteListener}), and the JUnit XML ({@link dev.apex.cli.suite.JunitXml}).
 */
package dev.apex.cli.suite;
